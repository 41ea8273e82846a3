package dev.shellbox.platform.problem;

import dev.shellbox.contracts.Problem;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A failure the client should see as problem+json: the {@link Problem} body and the response headers that go with it
 * (Retry-After, Allow, Cache-Control). Every service throws it or a subclass naming its domain error (vfs-service's
 * {@code VfsException}, usage-service's {@code UsageException}); {@link ProblemExceptionMapper} and the gateway render
 * it through {@link ProblemAnswers}. The detail must be a message a person can act on.
 */
public class ProblemException extends RuntimeException {
    private final transient Problem problem;
    private final Map<String, String> headers;

    public ProblemException(Problem problem) {
        this(problem, Map.of());
    }

    public ProblemException(Problem problem, Map<String, String> headers) {
        super(problem.detail(), null, false, false);
        this.problem = problem;
        this.headers = Map.copyOf(headers);
    }

    public ProblemException(int status, String title, String detail) {
        this(Problem.of(status, title, detail));
    }

    /** A problem of a status, titled with the status's reason phrase. */
    public ProblemException(int status, String detail) {
        this(Problem.of(status, detail));
    }

    public Problem problem() {
        return problem;
    }

    public int status() {
        return problem.status();
    }

    /** Headers of the answer besides Content-Type. */
    public Map<String, String> headers() {
        return headers;
    }

    /** The Retry-After header's value (seconds), or null. */
    public String retryAfter() {
        return headers.get("Retry-After");
    }

    /** The same failure with one more header on its answer. */
    public ProblemException withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new ProblemException(problem, more);
    }

    public static ProblemException badRequest(String detail) {
        return new ProblemException(400, detail);
    }

    /**
     * A 400 about one field of a JSON body.
     *
     * @param pointer where the field is, as a JSON pointer ({@code /limits/storage_bytes})
     * @param expected what the field must be ("an integer", "a string"), or null
     */
    public static ProblemException badField(String pointer, String expected, String detail) {
        return new ProblemException(
                Problem.of(400, detail).with("pointer", pointer).with("expected", expected));
    }

    /** A 400 about a query, path or header parameter. */
    public static ProblemException badParameter(String name, String expected, String detail) {
        return new ProblemException(
                Problem.of(400, detail).with("parameter", name).with("expected", expected));
    }

    public static ProblemException notFound(String detail) {
        return new ProblemException(404, detail);
    }

    public static ProblemException conflict(String detail) {
        return new ProblemException(409, detail);
    }

    public static ProblemException unauthorized(String detail) {
        return new ProblemException(401, detail);
    }

    public static ProblemException forbidden(String detail) {
        return new ProblemException(403, detail);
    }

    /** A 503 the client may retry after a second. */
    public static ProblemException unavailable(String detail) {
        return new ProblemException(503, detail).withHeader("Retry-After", "1");
    }
}
