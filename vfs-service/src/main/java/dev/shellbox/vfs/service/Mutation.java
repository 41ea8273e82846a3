package dev.shellbox.vfs.service;

import dev.shellbox.contracts.volume.SystemPaths;
import dev.shellbox.vfs.domain.ChangeKind;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.VfsException;
import dev.shellbox.vfs.domain.VolumeLimits;
import dev.shellbox.vfs.domain.VolumeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** One transaction's changes to a volume: its new version, its limits, and what it touched so far. */
final class Mutation {
    final VolumeState volume;
    final VolumeLimits limits;
    final Instant now = Instant.now();
    final Map<String, ChangeKind> changes = new LinkedHashMap<>();
    final List<UUID> uploads = new ArrayList<>();
    long bytesWritten;
    /** The path named in a limit error. */
    String lastPath;

    Mutation(VolumeState volume, VolumeLimits limits) {
        this.volume = volume;
        this.limits = limits;
    }

    String tree() {
        return volume.id();
    }

    long version() {
        return volume.version();
    }

    /** Records a change; EROFS for a path under a directory the sandbox's container supplies ({@link SystemPaths}). */
    void changed(String path, ChangeKind kind) {
        if (SystemPaths.isSystem(path)) {
            throw new VfsException(
                    Errno.EROFS, path, "the system directories of a sandbox (/usr, /etc, /bin, ...) are read-only");
        }
        changes.merge(path, kind, ChangeKind::strongest);
        lastPath = path;
    }
}
