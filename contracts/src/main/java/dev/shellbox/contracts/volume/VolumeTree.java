package dev.shellbox.contracts.volume;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/** Every entry under {@code path} (the path itself included), exactly as of {@code version}. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VolumeTree(String volumeId, String path, long version, List<VolumeEntry> entries) {}
