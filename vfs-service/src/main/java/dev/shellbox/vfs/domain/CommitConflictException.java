package dev.shellbox.vfs.domain;

import java.util.List;

/** A commit whose paths changed after the version it was based on; nothing of it was applied. */
public class CommitConflictException extends RuntimeException {
    private final List<String> paths;
    private final long baseVersion;
    private final long currentVersion;

    public CommitConflictException(List<String> paths, long baseVersion, long currentVersion, String detail) {
        super(detail);
        this.paths = List.copyOf(paths);
        this.baseVersion = baseVersion;
        this.currentVersion = currentVersion;
    }

    /** The paths of the commit that conflict. */
    public List<String> paths() {
        return paths;
    }

    public long baseVersion() {
        return baseVersion;
    }

    public long currentVersion() {
        return currentVersion;
    }
}
