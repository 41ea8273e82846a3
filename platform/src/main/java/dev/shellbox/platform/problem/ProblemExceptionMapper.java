package dev.shellbox.platform.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.shellbox.contracts.Problem;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Renders every failure of a service as RFC 9457 problem+json: {@link ProblemException}s as they say, framework
 * errors (unknown route, wrong method, unreadable JSON) as the 4xx they are, and anything unexpected as a 500 that
 * names no class and shows no stack trace. 4xx are logged at DEBUG, 5xx at ERROR.
 */
public class ProblemExceptionMapper {
    private static final Logger LOG = Logger.getLogger(ProblemExceptionMapper.class);

    @ServerExceptionMapper
    public Response problem(ProblemException e, @Context HttpServerRequest request) {
        return render(e.problem(), request, e);
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e, @Context HttpServerRequest request) {
        int status = e.getResponse().getStatus();
        Response.StatusType type = e.getResponse().getStatusInfo();
        String detail = switch (status) {
            case 404 -> "no such resource: " + request.path();
            case 405 -> request.method() + " is not allowed on " + request.path();
            case 406 -> "none of the accepted media types can be produced";
            case 415 -> "unsupported content type: " + request.getHeader("Content-Type");
            default -> e.getMessage();
        };
        return render(Problem.of(status, type.getReasonPhrase(), detail), request, e);
    }

    @ServerExceptionMapper
    public Response unreadableJson(JsonProcessingException e, @Context HttpServerRequest request) {
        String detail;
        if (e instanceof UnrecognizedPropertyException u) {
            detail = "unknown field '" + u.getPropertyName() + "'";
        } else if (e instanceof InvalidFormatException f) {
            detail = "invalid value " + f.getValue() + " for " + path(f);
        } else if (e instanceof MismatchedInputException m && !m.getPath().isEmpty()) {
            detail = "wrong type for " + path(m);
        } else {
            detail = "the request body is not valid JSON";
        }
        return render(Problem.of(400, "Bad Request", detail), request, e);
    }

    @ServerExceptionMapper(priority = 10_000)
    public Response unexpected(Throwable e, @Context HttpServerRequest request) {
        if (e.getCause() instanceof ProblemException p) {
            return problem(p, request);
        }
        return render(
                Problem.of(500, "Internal Server Error", "an unexpected error occurred; it has been logged"),
                request,
                e);
    }

    private static String path(MismatchedInputException e) {
        return e.getPath().stream()
                .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining("."));
    }

    static Response render(Problem problem, HttpServerRequest request, Throwable cause) {
        Problem withInstance =
                problem.instance() == null && request != null ? problem.withInstance(request.path()) : problem;
        if (problem.status() >= 500) {
            LOG.errorf(
                    cause,
                    "%s %s -> %d",
                    request == null ? "" : request.method(),
                    withInstance.instance(),
                    problem.status());
        } else {
            LOG.debugf(
                    "%s %s -> %d %s",
                    request == null ? "" : request.method(),
                    withInstance.instance(),
                    problem.status(),
                    problem.detail());
        }
        Response.ResponseBuilder response =
                Response.status(problem.status()).type(Problem.MEDIA_TYPE).entity(withInstance);
        if (problem.status() == 401) {
            response.header("WWW-Authenticate", "Bearer realm=\"shellbox\"");
        }
        return response.build();
    }
}
