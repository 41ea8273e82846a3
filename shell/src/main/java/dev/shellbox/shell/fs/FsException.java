package dev.shellbox.shell.fs;

import java.io.IOException;

/**
 * A file operation that failed with a Linux errno. The message is strerror's text only; callers that print it prefix
 * the path as the user wrote it ({@code cat: foo: No such file or directory}).
 */
public class FsException extends IOException {
    private final Errno errno;
    private final String path;

    public FsException(Errno errno, String path) {
        super(errno.message(), null);
        this.errno = errno;
        this.path = path;
    }

    public Errno errno() {
        return errno;
    }

    /** The absolute path the operation was applied to. */
    public String path() {
        return path;
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        // Thrown on hot paths (test -e, globbing); a stack trace is never needed.
        return this;
    }
}
