package dev.shellbox.gateway.routing;

import dev.shellbox.gateway.config.GatewayConfig;
import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.platform.problem.ProblemRoutes;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;

/**
 * The gateway's 414 (URL too long) and 431 (headers too large), answered with problem+json before anything else
 * looks at the request. The HTTP layer refuses such requests itself with an empty answer, before any route or hook of
 * the application sees them; so its own limits are set well above these (application.properties), and only requests
 * beyond those get the empty answer.
 */
@ApplicationScoped
class RequestLimits {
    private final GatewayConfig config;
    private final ProblemRoutes problems;

    RequestLimits(GatewayConfig config, ProblemRoutes problems) {
        this.config = config;
        this.problems = problems;
    }

    void register(@Observes Router router) {
        router.route().order(-2000).handler(this::check);
    }

    private void check(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        int url = request.uri().length();
        if (url > config.maxUrlBytes()) {
            problems.write(
                    ctx,
                    new ProblemException(
                            414,
                            "the URL has " + url + " bytes; at most " + config.maxUrlBytes()
                                    + " are accepted: send long values in the request body"));
            return;
        }
        long headers = 0;
        for (Map.Entry<String, String> h : request.headers()) {
            headers += h.getKey().length() + h.getValue().length() + 4;
        }
        if (headers > config.maxHeaderBytes()) {
            problems.write(
                    ctx,
                    new ProblemException(
                            431,
                            "the request headers have " + headers + " bytes; at most " + config.maxHeaderBytes()
                                    + " are accepted"));
            return;
        }
        ctx.next();
    }
}
