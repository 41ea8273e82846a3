package dev.shellbox.usage.rest;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.shellbox.contracts.Problem;
import dev.shellbox.usage.config.UsageConfig;
import dev.shellbox.usage.domain.ConflictException;
import dev.shellbox.usage.domain.ForbiddenException;
import dev.shellbox.usage.domain.InvalidRequestException;
import dev.shellbox.usage.domain.NotAuthenticatedException;
import dev.shellbox.usage.domain.NotReadyException;
import dev.shellbox.usage.domain.PlanNotFoundException;
import dev.shellbox.usage.domain.QuotaDecision;
import dev.shellbox.usage.domain.QuotaExceededException;
import dev.shellbox.usage.domain.UsageException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Every error this service answers, as RFC 9457 problem+json; 4xx logged at DEBUG, 5xx at ERROR. */
public class ProblemMapper {
    private static final Logger LOG = Logger.getLogger(ProblemMapper.class);

    private final UsageConfig config;

    public ProblemMapper(UsageConfig config) {
        this.config = config;
    }

    @ServerExceptionMapper
    public Response quotaExceeded(QuotaExceededException e, UriInfo uri) {
        QuotaDecision d = e.decision();
        Problem problem = Problem.of(429, "Quota Exceeded", e.getMessage())
                .withInstance(path(uri))
                .withQuota(d.limit().key(), d.plan(), d.current(), d.maximum());
        LOG.debugf("429 %s: %s", path(uri), e.getMessage());
        Response.ResponseBuilder response = Response.status(429)
                .type(Problem.MEDIA_TYPE)
                .entity(problem)
                .header(HttpHeaders.CACHE_CONTROL, "private, max-age=" + cacheSeconds(d.retryAfterSeconds()));
        if (d.retryAfterSeconds() != null) {
            response.header(HttpHeaders.RETRY_AFTER, d.retryAfterSeconds());
        }
        return response.build();
    }

    @ServerExceptionMapper
    public Response usageFailure(UsageException e, UriInfo uri) {
        int status;
        String title;
        if (e instanceof PlanNotFoundException) {
            status = 404;
            title = "Not Found";
        } else if (e instanceof InvalidRequestException) {
            status = 400;
            title = "Bad Request";
        } else if (e instanceof NotAuthenticatedException) {
            status = 401;
            title = "Unauthorized";
        } else if (e instanceof ForbiddenException) {
            status = 403;
            title = "Forbidden";
        } else if (e instanceof ConflictException) {
            status = 409;
            title = "Conflict";
        } else if (e instanceof NotReadyException) {
            Response response = problem(503, "Service Unavailable", e.getMessage(), uri);
            return Response.fromResponse(response)
                    .header(HttpHeaders.RETRY_AFTER, 1)
                    .build();
        } else if (e instanceof QuotaExceededException q) {
            return quotaExceeded(q, uri);
        } else {
            status = 400;
            title = "Bad Request";
        }
        LOG.debugf("%d %s: %s", status, path(uri), e.getMessage());
        return problem(status, title, e.getMessage(), uri);
    }

    @ServerExceptionMapper
    public Response wrongJsonValue(MismatchedInputException e, UriInfo uri) {
        return badJson(e, uri);
    }

    @ServerExceptionMapper
    public Response unparsableJson(JsonParseException e, UriInfo uri) {
        return badJson(e, uri);
    }

    @ServerExceptionMapper
    public Response badJson(JsonProcessingException e, UriInfo uri) {
        String detail = "the request body is not valid JSON";
        if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
            String field = m.getPath().stream()
                    .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                    .collect(Collectors.joining("."));
            detail = "the request body has a wrong value at '" + field + "'";
        }
        LOG.debugf("400 %s: %s", path(uri), e.getOriginalMessage());
        return problem(400, "Bad Request", detail, uri);
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e, UriInfo uri) {
        int status = e.getResponse().getStatus();
        if (status >= 500) {
            LOG.errorf(e, "%d %s", status, path(uri));
        } else {
            LOG.debugf("%d %s: %s", status, path(uri), e.getMessage());
        }
        Response.StatusType type = e.getResponse().getStatusInfo();
        String title = type.getReasonPhrase() == null ? "Error" : type.getReasonPhrase();
        String detail = status == 404
                ? "no such resource: " + path(uri)
                : status == 405 ? "method not allowed on " + path(uri) : title;
        return problem(status, title, detail, uri);
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e, UriInfo uri) {
        LOG.errorf(e, "500 %s", path(uri));
        return problem(500, "Internal Server Error", "the request failed on the server; it has been logged", uri);
    }

    private static Response problem(int status, String title, String detail, UriInfo uri) {
        return Response.status(status)
                .type(Problem.MEDIA_TYPE)
                .entity(Problem.of(status, title, detail).withInstance(path(uri)))
                .build();
    }

    private long cacheSeconds(Long retryAfter) {
        long max = config.callerCacheTtl().toSeconds();
        return retryAfter == null ? max : Math.min(max, retryAfter);
    }

    private static String path(UriInfo uri) {
        return uri == null ? null : uri.getPath();
    }
}
