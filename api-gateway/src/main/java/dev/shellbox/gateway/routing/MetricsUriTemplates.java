package dev.shellbox.gateway.routing;

import io.vertx.core.http.impl.HttpServerRequestInternal;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Names each request under {@code /v1} in the HTTP server metrics ({@code http_server_requests_seconds}, tag
 * {@code uri}) by the template of its endpoint ({@code /v1/sandboxes/{id}/exec}) instead of its path. The gateway
 * routes all of {@code /v1} with one route, so without this every sandbox, user and plan would become a series of its
 * own: unbounded, and readable by anyone who reads the metrics. Runs before anything that may answer the request.
 */
@ApplicationScoped
class MetricsUriTemplates {
    /** Where Quarkus's HTTP server metrics look for a request's template; RESTEasy Reactive puts its own there. */
    private static final String URL_PATH_TEMPLATE = "UrlPathTemplate";

    private final RouteTable routes;

    MetricsUriTemplates(RouteTable routes) {
        this.routes = routes;
    }

    void register(@Observes Router router) {
        router.route("/v1/*").order(-3000).handler(this::name);
    }

    private void name(RoutingContext ctx) {
        String template = routes.templateOf(ctx.normalizedPath());
        if (template != null) {
            ((HttpServerRequestInternal) ctx.request()).context().putLocal(URL_PATH_TEMPLATE, template);
        }
        ctx.next();
    }
}
