package dev.shellbox.gateway.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellbox.contracts.Limit;
import dev.shellbox.gateway.config.GatewayConfig;
import java.lang.reflect.Proxy;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RouteTableTest {
    private static final long JSON = 1_000;
    private static final long UPLOAD = 1_000_000;

    private final RouteTable routes = new RouteTable(config());

    @Test
    void sendsFileReadsToTheVolumeAndChangesToTheSandboxOwnerWithTheUploadLimitForBodies() {
        RouteTable.Route write = routes.resolve("PUT", "/v1/sandboxes/sb-abc/files");
        assertEquals(RouteTable.Downstream.SANDBOX, write.downstream());
        assertEquals("/v1/sandboxes/sb-abc/files", write.path());
        assertEquals("sb-abc", write.sandboxId());
        assertEquals(UPLOAD, write.maxBodyBytes());
        assertEquals(List.of(Limit.FILE_OPS_PER_DAY), write.limits());
        for (String change : List.of("append", "mkdir", "move", "copy", "upload")) {
            assertEquals(
                    RouteTable.Downstream.SANDBOX,
                    routes.resolve("POST", "/v1/sandboxes/sb-abc/files/" + change)
                            .downstream());
        }
        assertEquals(
                RouteTable.Downstream.SANDBOX,
                routes.resolve("DELETE", "/v1/sandboxes/sb-abc/files").downstream());

        RouteTable.Route list = routes.resolve("GET", "/v1/sandboxes/sb-abc/files/list");
        assertEquals(RouteTable.Downstream.VFS, list.downstream());
        assertEquals("/v1/volumes/sb-abc/files/list", list.path());
        assertEquals(JSON, list.maxBodyBytes());
    }

    @Test
    void execsConsumeExecAndCommandLimitsAndStream() {
        RouteTable.Route exec = routes.resolve("POST", "/v1/sandboxes/sb-abc/exec/stream");
        assertEquals(RouteTable.Downstream.SANDBOX, exec.downstream());
        assertEquals("/v1/sandboxes/sb-abc/exec/stream", exec.path());
        assertEquals(List.of(Limit.EXECS_PER_DAY, Limit.COMMANDS_PER_DAY), exec.limits());
        assertTrue(exec.streaming());
    }

    @Test
    void acceptsATrailingSlashAndChecksNoOwnerOutsideASandbox() {
        RouteTable.Route create = routes.resolve("POST", "/v1/sandboxes/");
        assertEquals("/v1/sandboxes", create.path());
        assertNull(create.sandboxId());
        // creates reserve their quota in sandbox-service, once it knows a sandbox is really made
        assertEquals(List.of(), create.limits());
    }

    @Test
    void sendsSecretsToTheSandboxServiceWithNoSandboxToCheck() {
        RouteTable.Route put = routes.resolve("PUT", "/v1/secrets/GITHUB_TOKEN");
        assertEquals(RouteTable.Downstream.SANDBOX, put.downstream());
        assertEquals("/v1/secrets/GITHUB_TOKEN", put.path());
        assertNull(put.sandboxId());
        assertEquals(List.of(), put.limits());
        assertEquals(JSON, put.maxBodyBytes());
        assertTrue(!put.adminOnly());
        assertEquals(List.of("GET"), routes.allowedMethods("/v1/secrets"));
        assertEquals(List.of("GET", "PUT", "DELETE"), routes.allowedMethods("/v1/secrets/x"));
        assertNull(routes.resolve("POST", "/v1/secrets"));
    }

    @Test
    void adminEndpointsNeedTheAdminRole() {
        assertTrue(routes.resolve("PUT", "/v1/admin/plans/pro").adminOnly());
        RouteTable.Route deletePlan = routes.resolve("DELETE", "/v1/admin/plans/team");
        assertTrue(deletePlan.adminOnly());
        assertEquals(RouteTable.Downstream.USAGE, deletePlan.downstream());
        assertEquals("/v1/admin/plans/team", deletePlan.path());
        assertTrue(routes.resolve("DELETE", "/v1/admin/api-keys/0f0e").adminOnly());
        assertEquals(
                RouteTable.Downstream.LOCAL,
                routes.resolve("GET", "/v1/admin/api-keys").downstream());
        assertTrue(!routes.resolve("GET", "/v1/plans").adminOnly());
    }

    @Test
    void routesNothingElse() {
        assertNull(routes.resolve("GET", "/v1/sandboxes/sb-abc/secrets"));
        assertNull(routes.resolve("GET", "/v1/sandboxes/bad%2Fid"));
        assertNull(routes.resolve("POST", "/v1/sandboxes//exec"));
        assertNull(routes.resolve("GET", "/v1/admin/plans/pro/extra"));
        assertNull(routes.resolve("PATCH", "/v1/sandboxes/sb-abc"));
    }

    @Test
    void namesTheMethodsAPathAccepts() {
        assertEquals(List.of("GET", "PUT", "DELETE"), routes.allowedMethods("/v1/sandboxes/sb-abc/files"));
        assertEquals(List.of(), routes.allowedMethods("/v1/nothing"));
    }

    @Test
    void namesThePathsTemplateWhateverTheMethod() {
        assertEquals("/v1/sandboxes/{id}/exec", routes.templateOf("/v1/sandboxes/sb-abc/exec"));
        assertEquals("/v1/sandboxes/{id}/files", routes.templateOf("/v1/sandboxes/sb-abc/files/"));
        assertEquals("/v1/admin/users/{user}/plan", routes.templateOf("/v1/admin/users/alice/plan"));
        assertNull(routes.templateOf("/v1/sandboxes/sb-abc/secrets"));
    }

    @Test
    void listsEachEndpointOnce() {
        Set<String> seen = new HashSet<>();
        for (RouteTable.Endpoint e : RouteTable.ENDPOINTS) {
            assertTrue(seen.add(e.method() + " " + e.template()), "twice: " + e);
        }
    }

    private static GatewayConfig config() {
        return (GatewayConfig) Proxy.newProxyInstance(
                GatewayConfig.class.getClassLoader(),
                new Class<?>[] {GatewayConfig.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "maxJsonBodyBytes" -> JSON;
                    case "maxUploadBytes" -> UPLOAD;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
