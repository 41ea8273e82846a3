package dev.shellbox.vfs.domain;

import dev.shellbox.contracts.volume.CommitConflict;
import java.util.List;

/** A commit whose paths changed after the version it was based on; nothing of it was applied. */
public class CommitConflictException extends RuntimeException {
    private final CommitConflict conflict;

    public CommitConflictException(List<String> paths, long baseVersion, long currentVersion, String detail) {
        super(detail);
        this.conflict = new CommitConflict(paths, baseVersion, currentVersion);
    }

    /** What the 409 tells the committer: the conflicting paths and the versions. */
    public CommitConflict conflict() {
        return conflict;
    }
}
