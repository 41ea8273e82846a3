package dev.shellbox.vfs.rest;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.shellbox.contracts.Problem;
import dev.shellbox.contracts.volume.CommitConflict;
import dev.shellbox.vfs.domain.CommitConflictException;
import dev.shellbox.vfs.domain.QuotaExceededException;
import dev.shellbox.vfs.domain.VfsException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Turns every failure into RFC 9457 problem+json: file system errors carry their {@code errno}, limit errors their
 * {@code limit}, commit conflicts the conflicting paths. 4xx are logged at DEBUG, 5xx at ERROR; a client never sees a
 * stack trace or a class name.
 */
public class VfsExceptionMapper {
    private static final Logger LOG = Logger.getLogger(VfsExceptionMapper.class);

    @ServerExceptionMapper
    public Response vfs(VfsException e, UriInfo uri) {
        int status = e.errno().status();
        Problem problem = Problem.of(status, title(status), e.getMessage())
                .withInstance(uri.getPath())
                .withErrno(e.errno().name());
        if (e instanceof QuotaExceededException q) {
            problem = problem.withQuota(q.limit(), q.plan(), q.current(), q.maximum());
        }
        log(status, e);
        Response.ResponseBuilder response =
                Response.status(status).type(Problem.MEDIA_TYPE).entity(problem);
        if (status == 503) {
            response.header("Retry-After", "1");
        }
        return response.build();
    }

    @ServerExceptionMapper
    public Response conflict(CommitConflictException e, UriInfo uri) {
        LOG.debugf("409 %s: %s", uri.getPath(), e.getMessage());
        return Response.status(409)
                .type(Problem.MEDIA_TYPE)
                .entity(new CommitConflictProblem(
                        Problem.typeFor("Commit Conflict"),
                        "Commit Conflict",
                        409,
                        e.getMessage(),
                        uri.getPath(),
                        e.conflict()))
                .build();
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, UriInfo uri) {
        int status = e.getResponse().getStatus();
        log(status, e);
        String detail = status >= 500 ? "the request failed" : e.getMessage();
        return Response.status(status)
                .type(Problem.MEDIA_TYPE)
                .entity(Problem.of(status, title(status), detail).withInstance(uri.getPath()))
                .build();
    }

    @ServerExceptionMapper(priority = 10_000)
    public Response unexpected(Throwable e, UriInfo uri) {
        LOG.errorf(e, "500 %s", uri.getPath());
        return Response.status(500)
                .type(Problem.MEDIA_TYPE)
                .entity(Problem.of(500, title(500), "the request failed; it was logged")
                        .withInstance(uri.getPath()))
                .build();
    }

    private static void log(int status, Exception e) {
        if (status >= 500) {
            LOG.errorf("%d: %s", status, e.getMessage());
        } else {
            LOG.debugf("%d: %s", status, e.getMessage());
        }
    }

    static String title(int status) {
        return switch (status) {
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 406 -> "Not Acceptable";
            case 409 -> "Conflict";
            case 412 -> "Precondition Failed";
            case 413 -> "Content Too Large";
            case 415 -> "Unsupported Media Type";
            case 416 -> "Range Not Satisfiable";
            case 503 -> "Service Unavailable";
            default -> status >= 500 ? "Internal Server Error" : "Bad Request";
        };
    }

    /** A 409 of a commit: the problem fields plus the paths that changed after the commit's base version. */
    public record CommitConflictProblem(
            String type,
            String title,
            int status,
            String detail,
            String instance,
            @JsonUnwrapped CommitConflict conflict) {}
}
