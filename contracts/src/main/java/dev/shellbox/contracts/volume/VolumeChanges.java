package dev.shellbox.contracts.volume;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * The paths changed after a version, oldest change first; a directory stands for everything below it. When {@code
 * truncated}, the log no longer reaches back that far and the view reloads the whole tree.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VolumeChanges(long version, List<String> changed, boolean truncated) {}
