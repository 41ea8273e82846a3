package dev.shellbox.sandbox.client;

import dev.shellbox.contracts.volume.CommitConflict;

/** vfs-service refused a commit because some of its paths changed after the commit's base version. */
public class VolumeConflictException extends RuntimeException {
    private final transient CommitConflict conflict;

    public VolumeConflictException(CommitConflict conflict, String detail) {
        super(detail);
        this.conflict = conflict;
    }

    public CommitConflict conflict() {
        return conflict;
    }
}
