package dev.shellbox.platform.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import dev.shellbox.contracts.Problem;
import jakarta.ws.rs.WebApplicationException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * The one place where a failure becomes the problem+json answer a client sees, for the JAX-RS resources of every
 * service ({@link ProblemExceptionMapper}), the routes the services answer without JAX-RS ({@link ProblemRoutes}) and
 * the gateway's own router. {@link ProblemException}s say what they are (also when wrapped); Jackson's errors become
 * 400s naming the field; framework errors (unknown path, wrong method, media types) the 4xx they are; anything else a
 * 500 that names no class and shows no stack trace. 4xx are logged at DEBUG, 5xx at ERROR.
 */
public final class ProblemAnswers {
    private static final Logger LOG = Logger.getLogger(ProblemAnswers.class);

    private ProblemAnswers() {}

    /**
     * What to send: the body (its {@code instance} is the request path unless the failure set one) and the headers
     * besides Content-Type.
     */
    public record Answer(Problem problem, Map<String, String> headers) {
        public int status() {
            return problem.status();
        }
    }

    /**
     * The answer to a request that failed.
     *
     * @param method the request's method, for messages and logs
     * @param path the request's path, as {@code instance}
     * @param contentType the request's Content-Type header, or null, for 415 messages
     */
    public static Answer answer(Throwable failure, String method, String path, String contentType) {
        ProblemException known = find(failure, ProblemException.class);
        ProblemException p = known != null ? known : translate(failure, method, path, contentType);
        Problem problem = p.problem();
        if (problem.instance() == null) {
            problem = problem.withInstance(path);
        }
        Map<String, String> headers = new LinkedHashMap<>(p.headers());
        if (p.retryAfter() != null) {
            headers.put("Retry-After", p.retryAfter());
        }
        if (problem.status() == 401) {
            headers.putIfAbsent("WWW-Authenticate", "Bearer realm=\"shellbox\"");
        }
        log(problem, method, known == null ? failure : null);
        return new Answer(problem, Map.copyOf(headers));
    }

    private static ProblemException translate(Throwable failure, String method, String path, String contentType) {
        // What the request body reader threw: Jackson's exception itself, or a 400 wrapping it.
        Throwable body =
                failure instanceof WebApplicationException w && w.getResponse().getStatus() == 400
                        ? w.getCause()
                        : failure;
        if (body instanceof JsonProcessingException json && !(json instanceof InvalidDefinitionException)) {
            return new ProblemException(JsonProblems.of(json));
        }
        if (failure instanceof WebApplicationException web) {
            return web(web, method, path, contentType);
        }
        return new ProblemException(500, "an unexpected error occurred; it has been logged");
    }

    private static ProblemException web(WebApplicationException e, String method, String path, String contentType) {
        int status = e.getResponse().getStatus();
        return switch (status) {
            case 404 ->
                e.getCause() != null
                        // a path or query parameter that did not convert to its type
                        ? ProblemException.badRequest("a parameter of " + path + " has a value of the wrong type: "
                                + e.getCause().getMessage())
                        : ProblemException.notFound("no such resource: " + method + " " + path);
            case 405 -> {
                ProblemException p = new ProblemException(405, method + " is not allowed on " + path);
                String allow = e.getResponse().getHeaderString("Allow");
                yield allow == null ? p : p.withHeader("Allow", allow);
            }
            case 406 ->
                new ProblemException(
                        406, "none of the media types the request accepts (Accept) can be produced by " + path);
            case 415 ->
                new ProblemException(
                        415,
                        contentType == null
                                ? path + " needs a request body with a Content-Type"
                                : "Content-Type '" + contentType + "' is not accepted by " + method + " " + path);
            default -> {
                String message = e.getMessage();
                boolean generic = message == null || message.startsWith("HTTP " + status);
                yield new ProblemException(
                        status,
                        status >= 500
                                ? "the request failed; it has been logged"
                                : generic ? Problem.titleFor(status) : message);
            }
        };
    }

    private static <T extends Throwable> T find(Throwable failure, Class<T> type) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    private static void log(Problem problem, String method, Throwable unexpected) {
        if (problem.status() >= 500) {
            LOG.errorf(unexpected, "%s %s -> %d %s", method, problem.instance(), problem.status(), problem.detail());
        } else {
            LOG.debugf("%s %s -> %d %s", method, problem.instance(), problem.status(), problem.detail());
        }
    }
}
