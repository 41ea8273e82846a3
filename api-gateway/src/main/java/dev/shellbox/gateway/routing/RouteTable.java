package dev.shellbox.gateway.routing;

import dev.shellbox.contracts.Limit;
import dev.shellbox.gateway.config.GatewayConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Every public endpoint (docs/internal-api.md, "Paths"): who serves it, which plan limits it consumes, whether it
 * streams, and how big its body may be. Nothing else under {@code /v1} is routed, and the public OpenAPI document
 * ({@code META-INF/openapi.yaml}) describes exactly these endpoints.
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

    /** How large a request body an endpoint accepts. */
    public enum Body {
        /** JSON or no body: {@code shellbox.gateway.max-json-body-bytes}. */
        JSON,
        /** File content or an archive: {@code shellbox.gateway.max-upload-bytes}. */
        UPLOAD
    }

    /**
     * A public endpoint.
     *
     * @param method the HTTP method
     * @param template the public path, with {@code {name}} for a path parameter ({@code {id}} is the sandbox)
     * @param downstream who serves it
     * @param limits plan limits one request consumes
     * @param streaming whether the response may stream for long (SSE, downloads, long execs): no response timeout
     * @param body how large its request body may be
     * @param adminOnly whether the caller needs the admin role
     */
    public record Endpoint(
            String method,
            String template,
            Downstream downstream,
            List<Limit> limits,
            boolean streaming,
            Body body,
            boolean adminOnly) {
        String[] segments() {
            return template.substring(1).split("/");
        }
    }

    /**
     * A request matched to its endpoint.
     *
     * @param endpoint what it matched
     * @param path the path on the downstream service
     * @param sandboxId the sandbox the path names (its ownership is checked), or null
     * @param maxBodyBytes the largest request body accepted
     */
    public record Route(Endpoint endpoint, String path, String sandboxId, long maxBodyBytes) {
        public Downstream downstream() {
            return endpoint.downstream();
        }

        public List<Limit> limits() {
            return endpoint.limits();
        }

        public boolean streaming() {
            return endpoint.streaming();
        }

        public boolean adminOnly() {
            return endpoint.adminOnly();
        }
    }

    /** Sandbox ids as sandbox-service makes them; anything else cannot name a sandbox. */
    private static final Pattern SANDBOX_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private static final String SANDBOX = "/v1/sandboxes/{id}";
    private static final String FILES = SANDBOX + "/files";
    private static final List<Limit> EXEC = List.of(Limit.EXECS_PER_DAY, Limit.COMMANDS_PER_DAY);
    private static final List<Limit> FILE_OP = List.of(Limit.FILE_OPS_PER_DAY);

    public static final List<Endpoint> ENDPOINTS = List.of(
            // lifecycle
            // creates reserve their quota in sandbox-service, once it knows a sandbox is really made
            sandbox("POST", "/v1/sandboxes", List.of(), false),
            sandbox("GET", "/v1/sandboxes", List.of(), false),
            sandbox("GET", SANDBOX, List.of(), false),
            sandbox("DELETE", SANDBOX, List.of(), false),
            sandbox("POST", SANDBOX + "/pause", List.of(), false),
            sandbox("POST", SANDBOX + "/resume", List.of(), false),
            // execution: a long script may run until its timeout, so no idle timeout on the response
            sandbox("POST", SANDBOX + "/exec", EXEC, true),
            sandbox("POST", SANDBOX + "/exec/stream", EXEC, true),
            sandbox("POST", SANDBOX + "/sessions", List.of(), false),
            sandbox("GET", SANDBOX + "/sessions", List.of(), false),
            sandbox("DELETE", SANDBOX + "/sessions/{session}", List.of(), false),
            sandbox("POST", SANDBOX + "/processes", List.of(Limit.COMMANDS_PER_DAY), false),
            sandbox("GET", SANDBOX + "/processes", List.of(), false),
            sandbox("GET", SANDBOX + "/processes/{process}", List.of(), false),
            sandbox("GET", SANDBOX + "/processes/{process}/logs/{stream}", List.of(), false),
            sandbox("POST", SANDBOX + "/processes/{process}/signal", List.of(), false),
            // network policy and the egress proxy's decisions (a stream that lasts as long as the client listens)
            sandbox("GET", SANDBOX + "/network", List.of(), false),
            sandbox("PUT", SANDBOX + "/network", List.of(), false),
            sandbox("GET", SANDBOX + "/network/events", List.of(), true),
            // files: reads from vfs-service; changes through sandbox-service, the owner of a running sandbox's view
            files("GET", FILES),
            fileChange("PUT", FILES, Body.UPLOAD),
            fileChange("DELETE", FILES, Body.JSON),
            fileChange("POST", FILES + "/append", Body.UPLOAD),
            files("GET", FILES + "/info"),
            files("GET", FILES + "/list"),
            fileChange("POST", FILES + "/mkdir", Body.JSON),
            fileChange("POST", FILES + "/move", Body.JSON),
            fileChange("POST", FILES + "/copy", Body.JSON),
            files("GET", FILES + "/search"),
            fileChange("POST", FILES + "/upload", Body.UPLOAD),
            files("GET", FILES + "/download"),
            // secrets: the caller's own, under no sandbox; values go in and never come out
            sandbox("GET", "/v1/secrets", List.of(), false),
            sandbox("GET", "/v1/secrets/{name}", List.of(), false),
            sandbox("PUT", "/v1/secrets/{name}", List.of(), false),
            sandbox("DELETE", "/v1/secrets/{name}", List.of(), false),
            // usage and plans
            usage("GET", "/v1/usage", false),
            usage("GET", "/v1/plans", false),
            // admin
            usage("GET", "/v1/admin/plans", true),
            usage("GET", "/v1/admin/plans/{plan}", true),
            usage("PUT", "/v1/admin/plans/{plan}", true),
            usage("DELETE", "/v1/admin/plans/{plan}", true),
            usage("GET", "/v1/admin/users/{user}/plan", true),
            usage("PUT", "/v1/admin/users/{user}/plan", true),
            usage("GET", "/v1/admin/users/{user}/events", true),
            local("POST", "/v1/admin/api-keys"),
            local("GET", "/v1/admin/api-keys"),
            local("DELETE", "/v1/admin/api-keys/{keyId}"));

    private final GatewayConfig config;

    public RouteTable(GatewayConfig config) {
        this.config = config;
    }

    /** The route for a request, or null when no public endpoint has that method and path. */
    public Route resolve(String method, String path) {
        String[] segments = segments(path);
        for (Endpoint endpoint : ENDPOINTS) {
            if (endpoint.method().equals(method) && matches(endpoint, segments)) {
                return route(endpoint, segments);
            }
        }
        return null;
    }

    /** The methods the endpoints at {@code path} accept (empty when none has that path): for 405 answers. */
    public List<String> allowedMethods(String path) {
        String[] segments = segments(path);
        List<String> methods = new ArrayList<>();
        for (Endpoint endpoint : ENDPOINTS) {
            if (matches(endpoint, segments)) {
                methods.add(endpoint.method());
            }
        }
        return methods;
    }

    /** The template of the endpoints at {@code path}, whatever their method, or null when none has that path. */
    public String templateOf(String path) {
        String[] segments = segments(path);
        for (Endpoint endpoint : ENDPOINTS) {
            if (matches(endpoint, segments)) {
                return endpoint.template();
            }
        }
        return null;
    }

    private Route route(Endpoint endpoint, String[] segments) {
        String normalized = "/" + String.join("/", segments);
        String sandboxId = endpoint.template().startsWith(SANDBOX) ? segments[2] : null;
        String downstreamPath = endpoint.downstream() == Downstream.VFS
                ? "/v1/volumes/" + normalized.substring("/v1/sandboxes/".length())
                : normalized;
        long maxBody = endpoint.body() == Body.UPLOAD ? config.maxUploadBytes() : config.maxJsonBodyBytes();
        return new Route(endpoint, downstreamPath, sandboxId, maxBody);
    }

    private static String[] segments(String path) {
        String trimmed = path.endsWith("/") && path.length() > 1 ? path.substring(0, path.length() - 1) : path;
        return trimmed.startsWith("/") ? trimmed.substring(1).split("/", -1) : new String[0];
    }

    private static boolean matches(Endpoint endpoint, String[] segments) {
        String[] template = endpoint.segments();
        if (template.length != segments.length) {
            return false;
        }
        for (int i = 0; i < template.length; i++) {
            String t = template[i];
            String s = segments[i];
            if (t.equals("{id}")) {
                if (!SANDBOX_ID.matcher(s).matches()) {
                    return false;
                }
            } else if (t.startsWith("{")) {
                if (s.isEmpty()) {
                    return false;
                }
            } else if (!t.equals(s)) {
                return false;
            }
        }
        return true;
    }

    private static Endpoint sandbox(String method, String template, List<Limit> limits, boolean streaming) {
        return new Endpoint(method, template, Downstream.SANDBOX, limits, streaming, Body.JSON, false);
    }

    /** Reads of files; downloads stream for as long as they take. */
    private static Endpoint files(String method, String template) {
        return new Endpoint(method, template, Downstream.VFS, FILE_OP, true, Body.JSON, false);
    }

    /** Changes of files, applied through the sandbox's owner; bodies stream for as long as they take. */
    private static Endpoint fileChange(String method, String template, Body body) {
        return new Endpoint(method, template, Downstream.SANDBOX, FILE_OP, true, body, false);
    }

    private static Endpoint usage(String method, String template, boolean adminOnly) {
        return new Endpoint(method, template, Downstream.USAGE, List.of(), false, Body.JSON, adminOnly);
    }

    private static Endpoint local(String method, String template) {
        return new Endpoint(method, template, Downstream.LOCAL, List.of(), false, Body.JSON, true);
    }
}
