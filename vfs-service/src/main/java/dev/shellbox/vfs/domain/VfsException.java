package dev.shellbox.vfs.domain;

import dev.shellbox.contracts.Problem;
import dev.shellbox.platform.problem.ProblemException;
import java.util.Map;

/**
 * A file system error: an errno, the path it concerns, and what a person can do about it. Answered as problem+json
 * with the errno's status ({@link Errno#status()}) and its name in {@code errno}.
 */
public class VfsException extends ProblemException {
    private final Errno errno;
    private final String path;

    public VfsException(Errno errno, String path) {
        this(errno, path, (String) null);
    }

    /**
     * @param detail what went wrong, when strerror's text is not enough; the message always starts with the path
     */
    public VfsException(Errno errno, String path, String detail) {
        this(errno, path, problem(errno, path, detail));
    }

    /** For subclasses that add members to the problem. */
    protected VfsException(Errno errno, String path, Problem problem) {
        super(problem, errno.status() == 503 ? Map.of("Retry-After", "1") : Map.of());
        this.errno = errno;
        this.path = path;
    }

    /** EINVAL for a query parameter with a value the service cannot use. */
    public static VfsException badParameter(String name, String expected, String detail) {
        return new VfsException(
                Errno.EINVAL,
                null,
                problem(Errno.EINVAL, null, detail).with("parameter", name).with("expected", expected));
    }

    public Errno errno() {
        return errno;
    }

    /** The path the error is about, or null. */
    public String path() {
        return path;
    }

    /** The problem+json body of an errno about a path. */
    protected static Problem problem(Errno errno, String path, String detail) {
        String what = detail == null ? errno.message() : detail;
        return Problem.of(errno.status(), path == null ? what : path + ": " + what)
                .withErrno(errno.name());
    }
}
