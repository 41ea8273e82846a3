package dev.shellbox.contracts.volume;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** The volume's version after the commit, and how many changes it applied. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CommitResponse(long version, int applied) {}
