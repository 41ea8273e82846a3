package dev.shellbox.vfs.domain;

/** A file system error: an errno, the path it concerns, and what a person can do about it. */
public class VfsException extends RuntimeException {
    private final Errno errno;
    private final String path;

    public VfsException(Errno errno, String path) {
        this(errno, path, null);
    }

    /**
     * @param detail what went wrong, when strerror's text is not enough; the message always starts with the path
     */
    public VfsException(Errno errno, String path, String detail) {
        super(message(errno, path, detail));
        this.errno = errno;
        this.path = path;
    }

    public Errno errno() {
        return errno;
    }

    /** The path the error is about, or null. */
    public String path() {
        return path;
    }

    private static String message(Errno errno, String path, String detail) {
        String what = detail == null ? errno.message() : detail;
        return path == null ? what : path + ": " + what;
    }
}
