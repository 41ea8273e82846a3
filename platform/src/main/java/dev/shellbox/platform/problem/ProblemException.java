package dev.shellbox.platform.problem;

import dev.shellbox.contracts.Problem;

/**
 * A failure the client should see as problem+json. Services throw it (or a subclass naming their domain error); the
 * {@link ProblemExceptionMapper} renders it. The detail must be a message a person can act on.
 */
public class ProblemException extends RuntimeException {
    private final transient Problem problem;

    public ProblemException(Problem problem) {
        super(problem.detail(), null, false, false);
        this.problem = problem;
    }

    public ProblemException(int status, String title, String detail) {
        this(Problem.of(status, title, detail));
    }

    public Problem problem() {
        return problem;
    }

    public static ProblemException badRequest(String detail) {
        return new ProblemException(400, "Bad Request", detail);
    }

    public static ProblemException notFound(String detail) {
        return new ProblemException(404, "Not Found", detail);
    }

    public static ProblemException conflict(String detail) {
        return new ProblemException(409, "Conflict", detail);
    }

    public static ProblemException unauthorized(String detail) {
        return new ProblemException(401, "Unauthorized", detail);
    }

    public static ProblemException forbidden(String detail) {
        return new ProblemException(403, "Forbidden", detail);
    }

    public static ProblemException unavailable(String detail) {
        return new ProblemException(503, "Service Unavailable", detail);
    }
}
