package dev.shellbox.vfs.domain;

/** The Linux errno names vfs-service answers with, each with its HTTP status and strerror text. */
public enum Errno {
    ENOENT(404, "No such file or directory"),
    EEXIST(409, "File exists"),
    ENOTDIR(409, "Not a directory"),
    EISDIR(409, "Is a directory"),
    ENOTEMPTY(409, "Directory not empty"),
    EBUSY(409, "Device or resource busy"),
    EINVAL(400, "Invalid argument"),
    ENAMETOOLONG(400, "File name too long"),
    ELOOP(400, "Too many levels of symbolic links"),
    EACCES(403, "Permission denied"),
    EROFS(403, "Read-only file system"),
    ENOSPC(413, "No space left on device"),
    EFBIG(413, "File too large"),
    EAGAIN(503, "Resource temporarily unavailable"),
    EIO(503, "Input/output error");

    private final int status;
    private final String message;

    Errno(int status, String message) {
        this.status = status;
        this.message = message;
    }

    /** The HTTP status of a request that fails with this errno. */
    public int status() {
        return status;
    }

    /** What strerror(3) says. */
    public String message() {
        return message;
    }
}
