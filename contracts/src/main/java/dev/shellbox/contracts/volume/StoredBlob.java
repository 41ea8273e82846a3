package dev.shellbox.contracts.volume;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** Content stored ahead of the commit that references it by {@code sha256}. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record StoredBlob(String sha256, long size) {}
