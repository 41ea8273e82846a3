package dev.shellbox.vfs.domain;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A volume's summary: its owner, current version, entries ({@code files}) and bytes. */
@RegisterForReflection
public record VolumeInfo(String volumeId, String userId, long version, long files, long bytes) {
    public static VolumeInfo of(Volume v) {
        return new VolumeInfo(v.id, v.userId, v.version, v.entries, v.bytes);
    }
}
