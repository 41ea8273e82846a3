package dev.shellbox.shell.fs;

/** The Linux error numbers a file operation can fail with, with glibc's messages. */
public enum Errno {
    EPERM(1, "Operation not permitted"),
    ENOENT(2, "No such file or directory"),
    EIO(5, "Input/output error"),
    EBADF(9, "Bad file descriptor"),
    EACCES(13, "Permission denied"),
    EBUSY(16, "Device or resource busy"),
    EEXIST(17, "File exists"),
    EXDEV(18, "Invalid cross-device link"),
    ENOTDIR(20, "Not a directory"),
    EISDIR(21, "Is a directory"),
    EINVAL(22, "Invalid argument"),
    EFBIG(27, "File too large"),
    ENOSPC(28, "No space left on device"),
    EROFS(30, "Read-only file system"),
    EMLINK(31, "Too many links"),
    EPIPE(32, "Broken pipe"),
    ENAMETOOLONG(36, "File name too long"),
    ENOTEMPTY(39, "Directory not empty"),
    ELOOP(40, "Too many levels of symbolic links"),
    ENOTSUP(95, "Operation not supported");

    private final int code;
    private final String message;

    Errno(int code, String message) {
        this.code = code;
        this.message = message;
    }

    /** The numeric value on Linux x86_64. */
    public int code() {
        return code;
    }

    /** The text strerror(3) gives for it, as GNU tools print it. */
    public String message() {
        return message;
    }
}
