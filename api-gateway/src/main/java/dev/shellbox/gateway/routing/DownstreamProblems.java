package dev.shellbox.gateway.routing;

import dev.shellbox.contracts.Problem;
import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.platform.problem.ProblemRoutes;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Error answers of the services, as the client must see them: problem+json whose {@code instance} is the public path
 * the client called and whose {@code detail} names no internal path (vfs-service's {@code /v1/volumes/{id}} is the
 * client's {@code /v1/sandboxes/{id}}). Every other member (errno, limit, conflicts, ...) passes unchanged; an error
 * without a problem body gets one.
 */
@ApplicationScoped
class DownstreamProblems {
    /** Error bodies larger than this are not problems of ours; they pass as they are. */
    private static final long MAX_PROBLEM_BYTES = 256 * 1024;

    private static final Pattern INTERNAL_PATH = Pattern.compile("(?:/internal)?/v1/volumes/");

    private final ProblemRoutes problems;

    DownstreamProblems(ProblemRoutes problems) {
        this.problems = problems;
    }

    /** Sends the error answer {@code from} of the service behind {@code route} to the client. */
    void relay(HttpClientResponse from, RoutingContext ctx, RouteTable.Route route) {
        HttpServerResponse to = ctx.response();
        String length = from.getHeader("Content-Length");
        if (length != null && parse(length) > MAX_PROBLEM_BYTES) {
            GatewayRouter.relay(from, to);
            return;
        }
        from.body().onComplete(read -> {
            if (to.ended() || to.closed()) {
                return;
            }
            if (read.failed()) {
                problems.write(
                        ctx,
                        new ProblemException(
                                502,
                                service(route) + " failed while answering: "
                                        + read.cause().getMessage()));
                return;
            }
            JsonObject problem = publicProblem(
                    from.statusCode(),
                    from.getHeader("Content-Type"),
                    read.result(),
                    ctx.request().path());
            to.setStatusCode(from.statusCode());
            from.headers().forEach(h -> {
                String name = h.getKey().toLowerCase(Locale.ROOT);
                if (!GatewayRouter.HOP_BY_HOP.contains(name) && !name.equals("content-type")) {
                    to.putHeader(h.getKey(), h.getValue());
                }
            });
            to.putHeader("Content-Type", Problem.MEDIA_TYPE);
            to.end(problem.toBuffer());
        });
    }

    /** The problem to show for an error answer of a service to a request for {@code publicPath}. */
    static JsonObject publicProblem(int status, String contentType, Buffer body, String publicPath) {
        JsonObject problem = null;
        if (contentType != null && contentType.startsWith(Problem.MEDIA_TYPE) && body != null && body.length() > 0) {
            try {
                problem = body.toJsonObject();
            } catch (DecodeException e) {
                problem = null;
            }
        }
        if (problem == null) {
            problem = new JsonObject()
                    .put("type", Problem.typeFor(Problem.titleFor(status)))
                    .put("title", Problem.titleFor(status))
                    .put("status", status)
                    .put("detail", Problem.titleFor(status));
        }
        problem.put("instance", publicPath);
        Object detail = problem.getValue("detail");
        if (detail instanceof String text) {
            problem.put("detail", INTERNAL_PATH.matcher(text).replaceAll("/v1/sandboxes/"));
        }
        return problem;
    }

    private static long parse(String length) {
        try {
            return Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    private static String service(RouteTable.Route route) {
        return route.downstream().name().toLowerCase(Locale.ROOT) + "-service";
    }
}
