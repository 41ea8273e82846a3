package dev.shellbox.contracts.volume;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * Changes to apply at once, in order, provided none of their paths changed after {@code baseVersion} (null: apply
 * whatever changed meanwhile).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CommitRequest(Long baseVersion, List<CommitChange> changes) {}
