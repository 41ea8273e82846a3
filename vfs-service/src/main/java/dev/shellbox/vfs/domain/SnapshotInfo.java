package dev.shellbox.vfs.domain;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.UUID;

/** A snapshot as the API shows it. */
@RegisterForReflection
public record SnapshotInfo(
        UUID snapshotId, String volumeId, String path, long version, long files, long bytes, Instant createdAt) {
    public static SnapshotInfo of(Snapshot s) {
        return new SnapshotInfo(s.id, s.volumeId, s.path, s.version, s.entries, s.bytes, s.createdAt);
    }
}
