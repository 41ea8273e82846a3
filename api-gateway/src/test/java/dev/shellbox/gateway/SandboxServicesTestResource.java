package dev.shellbox.gateway;

import dev.shellbox.platform.testing.ServiceProcess;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Runs the real services behind the gateway's sandbox routes, vfs-service and sandbox-service (wired to each other),
 * as processes, and points the gateway at them. usage-service does not run: the gateway and sandbox-service let
 * operations through when it does not answer.
 */
public class SandboxServicesTestResource implements QuarkusTestResourceLifecycleManager {
    private static final String NO_USAGE_SERVICE = "http://127.0.0.1:1";

    private ServiceProcess vfs;
    private ServiceProcess sandbox;

    @Override
    public Map<String, String> start() {
        try {
            vfs = new ServiceProcess("vfs-service", "SHELLBOX_VFS_PORT", Map.of()).startFresh();
            sandbox = new ServiceProcess(
                            "sandbox-service",
                            "SHELLBOX_SANDBOX_PORT",
                            Map.of("SHELLBOX_VFS_URL", vfs.url(), "SHELLBOX_USAGE_URL", NO_USAGE_SERVICE))
                    .startFresh();
            return Map.of(
                    "shellbox.gateway.vfs-url", vfs.url(),
                    "shellbox.gateway.sandbox-url", sandbox.url(),
                    "shellbox.gateway.usage-url", NO_USAGE_SERVICE);
        } catch (RuntimeException e) {
            stop();
            throw e;
        }
    }

    @Override
    public void stop() {
        if (sandbox != null) {
            sandbox.stop();
        }
        if (vfs != null) {
            vfs.stop();
        }
    }
}
