package dev.shellbox.gateway.routing;

import dev.shellbox.contracts.Problem;
import dev.shellbox.gateway.client.InternalHttp;
import dev.shellbox.gateway.client.SandboxOwners;
import dev.shellbox.gateway.client.UsageClient;
import dev.shellbox.gateway.config.GatewayConfig;
import dev.shellbox.gateway.security.Authenticator;
import dev.shellbox.gateway.security.Caller;
import dev.shellbox.gateway.service.RateLimiter;
import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.platform.problem.ProblemRoutes;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.RequestOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.ConnectException;
import java.net.URI;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeoutException;

/**
 * The gateway's request path for {@code /v1/**}: resolve the route, authenticate, authorize (admin role, rate,
 * ownership, plan limits), then either hand the request to the gateway's own resources or stream it to the service
 * behind: bodies in both directions are piped chunk by chunk (a 1 GiB upload never sits in memory; SSE events pass
 * one by one), and a client that disconnects aborts the downstream request.
 */
@ApplicationScoped
public class GatewayRouter {
    /** Where an authenticated caller is kept on the routing context for the gateway's own resources. */
    public static final String CALLER = "shellbox.caller";

    static final Set<String> HOP_BY_HOP = Set.of(
            "connection",
            "keep-alive",
            "proxy-authenticate",
            "proxy-authorization",
            "te",
            "trailer",
            "transfer-encoding",
            "upgrade",
            "host",
            "content-length");

    private final RouteTable routes;
    private final Authenticator authenticator;
    private final RateLimiter rateLimiter;
    private final SandboxOwners owners;
    private final UsageClient usage;
    private final InternalHttp http;
    private final GatewayConfig config;
    private final ProblemRoutes problems;
    private final DownstreamProblems downstreamProblems;

    GatewayRouter(
            RouteTable routes,
            Authenticator authenticator,
            RateLimiter rateLimiter,
            SandboxOwners owners,
            UsageClient usage,
            InternalHttp http,
            GatewayConfig config,
            ProblemRoutes problems,
            DownstreamProblems downstreamProblems) {
        this.routes = routes;
        this.authenticator = authenticator;
        this.rateLimiter = rateLimiter;
        this.owners = owners;
        this.usage = usage;
        this.http = http;
        this.config = config;
        this.problems = problems;
        this.downstreamProblems = downstreamProblems;
    }

    void register(@Observes Router router) {
        router.route("/v1/*").order(-1000).handler(this::handle);
    }

    private void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        request.pause();
        RouteTable.Route route = routes.resolve(request.method().name(), ctx.normalizedPath());
        if (route == null) {
            List<String> allowed = routes.allowedMethods(ctx.normalizedPath());
            if (allowed.isEmpty()) {
                problems.write(
                        ctx, ProblemException.notFound("no such endpoint: " + request.method() + " " + request.path()));
            } else {
                ctx.response().putHeader("Allow", String.join(", ", allowed));
                problems.write(
                        ctx,
                        new ProblemException(
                                405,
                                "Method Not Allowed",
                                request.path() + " accepts " + String.join(", ", allowed) + ", not "
                                        + request.method()));
            }
            return;
        }
        authenticator
                .authenticate(request.getHeader("Authorization"))
                .flatMap(caller -> authorize(request, route, caller))
                .subscribe()
                .with(
                        caller -> {
                            if (route.downstream() == RouteTable.Downstream.LOCAL) {
                                ctx.put(CALLER, caller);
                                request.resume();
                                ctx.next();
                            } else {
                                forward(ctx, route, caller);
                            }
                        },
                        failure -> problems.write(ctx, failure));
    }

    private Uni<Caller> authorize(HttpServerRequest request, RouteTable.Route route, Caller caller) {
        if (route.adminOnly() && !caller.isAdmin()) {
            return Uni.createFrom().failure(ProblemException.forbidden("this endpoint needs the admin role"));
        }
        if (!rateLimiter.tryAcquire(caller.rateKey())) {
            Problem problem = Problem.of(
                            429, "more than " + (long) config.requestsPerSecond() + " requests per second; slow down")
                    .withQuota("requests_per_second", null, null, (long) config.requestsPerSecond());
            return Uni.createFrom().failure(new ProblemException(problem).withHeader("Retry-After", "1"));
        }
        String length = request.getHeader("Content-Length");
        if (length != null && parseLength(length) > route.maxBodyBytes()) {
            return Uni.createFrom().failure(tooLarge(route));
        }
        Uni<Void> ownership = route.sandboxId() == null
                ? Uni.createFrom().voidItem()
                : owners.requireOwner(caller.userId(), route.sandboxId());
        return ownership
                .flatMap(v -> usage.checkAll(caller.userId(), route.limits()))
                .replaceWith(caller);
    }

    private static long parseLength(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw ProblemException.badRequest("Content-Length '" + value + "' is not a number");
        }
    }

    private static ProblemException tooLarge(RouteTable.Route route) {
        return new ProblemException(
                413, "Content Too Large", "the request body exceeds " + route.maxBodyBytes() + " bytes");
    }

    private void forward(RoutingContext ctx, RouteTable.Route route, Caller caller) {
        HttpServerRequest in = ctx.request();
        URI base = URI.create(baseUrl(route.downstream()));
        String query = in.query();
        RequestOptions options = new RequestOptions()
                .setMethod(in.method())
                .setHost(base.getHost())
                .setPort(base.getPort())
                .setURI(route.path() + (query == null ? "" : "?" + query))
                .setIdleTimeout(
                        route.streaming() ? 0 : config.downstreamTimeout().toMillis());
        in.headers().forEach(h -> {
            String name = h.getKey().toLowerCase(java.util.Locale.ROOT);
            if (!HOP_BY_HOP.contains(name) && !name.equals("authorization") && !name.startsWith("x-shellbox-")) {
                options.addHeader(h.getKey(), h.getValue());
            }
        });
        String requestId = in.getHeader("X-Request-Id");
        options.putHeader("X-Shellbox-User", caller.userId())
                .putHeader("X-Shellbox-Roles", String.join(",", caller.roles()))
                .putHeader("X-Request-Id", requestId == null ? UUID.randomUUID().toString() : requestId)
                .putHeader(
                        "X-Forwarded-For",
                        in.remoteAddress() == null ? "" : in.remoteAddress().host());
        String length = in.getHeader("Content-Length");
        boolean hasBody = length != null || "chunked".equalsIgnoreCase(in.getHeader("Transfer-Encoding"));
        http.client().request(options).onComplete(created -> {
            if (created.failed()) {
                problems.write(ctx, downstreamFailure(route, created.cause()));
                return;
            }
            HttpClientRequest out = created.result();
            HttpServerResponse response = ctx.response();
            response.closeHandler(v -> out.reset());
            io.vertx.core.Future<HttpClientResponse> sent;
            if (hasBody) {
                if (length != null) {
                    out.putHeader("Content-Length", length);
                } else {
                    out.setChunked(true);
                }
                sent = out.send(new CountingReadStream(in, route.maxBodyBytes(), () -> {
                    out.reset();
                    problems.write(ctx, tooLarge(route));
                }));
            } else {
                sent = out.send();
            }
            in.resume();
            sent.onComplete(answered -> {
                if (answered.failed()) {
                    problems.write(ctx, downstreamFailure(route, answered.cause()));
                    return;
                }
                HttpClientResponse answer = answered.result();
                if (answer.statusCode() >= 400) {
                    downstreamProblems.relay(answer, ctx, route);
                } else {
                    relay(answer, response);
                }
            });
        });
    }

    static void relay(HttpClientResponse from, HttpServerResponse to) {
        if (to.ended() || to.closed()) {
            from.request().reset();
            return;
        }
        to.setStatusCode(from.statusCode());
        from.headers().forEach(h -> {
            if (!HOP_BY_HOP.contains(h.getKey().toLowerCase(java.util.Locale.ROOT))) {
                to.putHeader(h.getKey(), h.getValue());
            }
        });
        String length = from.getHeader("Content-Length");
        if (length != null) {
            to.putHeader("Content-Length", length);
        } else {
            to.setChunked(true);
        }
        from.pipeTo(to);
    }

    private String baseUrl(RouteTable.Downstream downstream) {
        return switch (downstream) {
            case SANDBOX -> config.sandboxUrl();
            case VFS -> config.vfsUrl();
            case USAGE -> config.usageUrl();
            case LOCAL -> throw new IllegalStateException("local routes are not forwarded");
        };
    }

    private static ProblemException downstreamFailure(RouteTable.Route route, Throwable cause) {
        String service = route.downstream().name().toLowerCase(java.util.Locale.ROOT) + "-service";
        if (cause instanceof ConnectException) {
            return new ProblemException(503, "Service Unavailable", service + " is unavailable; try again shortly");
        }
        if (cause instanceof TimeoutException
                || (cause.getMessage() != null && cause.getMessage().contains("timeout"))) {
            return new ProblemException(504, "Gateway Timeout", service + " did not answer in time");
        }
        return new ProblemException(502, "Bad Gateway", service + " failed to answer: " + cause.getMessage());
    }
}
