package dev.shellbox.gateway.routing;

import dev.shellbox.contracts.Limit;
import dev.shellbox.gateway.config.GatewayConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Where each public path goes (docs/internal-api.md, "Paths"), which plan limits it consumes, whether it streams, and
 * how big its body may be.
 */
@ApplicationScoped
public class RouteTable {
    /** The service behind a route; LOCAL routes are served by the gateway itself. */
    public enum Downstream {
        SANDBOX,
        VFS,
        USAGE,
        LOCAL
    }

    /**
     * A resolved route.
     *
     * @param downstream who serves it
     * @param path the path on the downstream service
     * @param sandboxId the sandbox the path names (its ownership is checked), or null
     * @param limits plan limits one request consumes
     * @param streaming whether the response may stream for long (SSE, downloads): no response timeout
     * @param maxBodyBytes the largest request body accepted
     * @param adminOnly whether the caller needs the admin role
     */
    public record Route(
            Downstream downstream,
            String path,
            String sandboxId,
            List<Limit> limits,
            boolean streaming,
            long maxBodyBytes,
            boolean adminOnly) {}

    /** Sandbox ids as sandbox-service makes them; anything else cannot name a sandbox. */
    private static final java.util.regex.Pattern SANDBOX_ID = java.util.regex.Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private final GatewayConfig config;

    public RouteTable(GatewayConfig config) {
        this.config = config;
    }

    /** The route for a request, or null when no public endpoint has that path. */
    public Route resolve(String method, String path) {
        long json = config.maxJsonBodyBytes();
        if (path.startsWith("/v1/admin/api-keys")) {
            return new Route(Downstream.LOCAL, path, null, List.of(), false, json, true);
        }
        if (path.startsWith("/v1/admin/plans") || path.startsWith("/v1/admin/users")) {
            return new Route(Downstream.USAGE, path, null, List.of(), false, json, true);
        }
        if (path.equals("/v1/usage") || path.equals("/v1/plans")) {
            return new Route(Downstream.USAGE, path, null, List.of(), false, json, false);
        }
        if (path.equals("/v1/sandboxes") || path.equals("/v1/sandboxes/")) {
            List<Limit> limits = method.equals("POST")
                    ? List.of(Limit.CONCURRENT_SANDBOXES, Limit.SANDBOX_CREATES_PER_DAY)
                    : List.of();
            return new Route(Downstream.SANDBOX, "/v1/sandboxes", null, limits, false, json, false);
        }
        if (!path.startsWith("/v1/sandboxes/")) {
            return null;
        }
        String rest = path.substring("/v1/sandboxes/".length());
        int slash = rest.indexOf('/');
        String sandboxId = slash < 0 ? rest : rest.substring(0, slash);
        String sub = slash < 0 ? "" : rest.substring(slash);
        if (!SANDBOX_ID.matcher(sandboxId).matches()) {
            return null;
        }
        if (sub.equals("/files") || sub.startsWith("/files/")) {
            boolean upload = method.equals("PUT") || sub.equals("/files/upload");
            return new Route(
                    Downstream.VFS,
                    "/v1/volumes/" + sandboxId + sub,
                    sandboxId,
                    List.of(Limit.FILE_OPS_PER_DAY),
                    true,
                    upload ? config.maxUploadBytes() : json,
                    false);
        }
        List<Limit> limits = List.of();
        boolean streaming = false;
        if (method.equals("POST") && (sub.equals("/exec") || sub.equals("/exec/stream") || sub.equals("/processes"))) {
            limits = List.of(Limit.EXECS_PER_DAY, Limit.COMMANDS_PER_DAY);
            streaming = true;
        } else if (sub.endsWith("/logs") || sub.startsWith("/terminals")) {
            streaming = true;
        }
        return new Route(Downstream.SANDBOX, path, sandboxId, limits, streaming, json, false);
    }
}
