package dev.shellbox.contracts.volume;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * One change of a batch commit; the factories say which fields each op uses, and null fields are left out of the JSON.
 *
 * @param op what the change does
 * @param path the entry changed (the source of a rename)
 * @param to the destination of a rename
 * @param sha256 a write's content: a blob stored before, or content the volume already has
 * @param inline a write's content given in the commit (base64 in JSON)
 * @param target a symlink's target
 * @param mode permission bits for mkdir, write and chmod
 * @param mtime modification time for write and utimes
 * @param recursive whether a delete may remove a non-empty directory
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record CommitChange(
        ChangeOp op,
        String path,
        String to,
        String sha256,
        byte[] inline,
        String target,
        Integer mode,
        Instant mtime,
        Boolean recursive) {

    public static CommitChange mkdir(String path, int mode) {
        return new CommitChange(ChangeOp.MKDIR, path, null, null, null, null, mode, null, null);
    }

    /** A file whose bytes travel in the commit. */
    public static CommitChange write(String path, byte[] content, int mode, Instant mtime) {
        return new CommitChange(ChangeOp.WRITE, path, null, null, content, null, mode, mtime, null);
    }

    /** A file whose bytes the volume has already (a stored blob, or another file's content). */
    public static CommitChange writeStored(String path, String sha256, int mode, Instant mtime) {
        return new CommitChange(ChangeOp.WRITE, path, null, sha256, null, null, mode, mtime, null);
    }

    public static CommitChange symlink(String path, String target) {
        return new CommitChange(ChangeOp.SYMLINK, path, null, null, null, target, null, null, null);
    }

    public static CommitChange delete(String path, boolean recursive) {
        return new CommitChange(ChangeOp.DELETE, path, null, null, null, null, null, null, recursive);
    }

    public static CommitChange rename(String from, String to) {
        return new CommitChange(ChangeOp.RENAME, from, to, null, null, null, null, null, null);
    }

    public static CommitChange chmod(String path, int mode) {
        return new CommitChange(ChangeOp.CHMOD, path, null, null, null, null, mode, null, null);
    }

    public static CommitChange utimes(String path, Instant mtime) {
        return new CommitChange(ChangeOp.UTIMES, path, null, null, null, null, null, mtime, null);
    }
}
