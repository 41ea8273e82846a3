package dev.shellbox.gateway;

import dev.shellbox.platform.testing.ServiceProcessTestResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;

/**
 * Runs the real services behind the gateway's sandbox routes, vfs-service and sandbox-service (wired to each other),
 * as processes, and points the gateway at them. usage-service does not run: the gateway and sandbox-service let
 * operations through when it does not answer.
 */
public class SandboxServicesTestResource implements QuarkusTestResourceLifecycleManager {
    private static final String NO_USAGE_SERVICE = "http://127.0.0.1:1";

    private final ServiceProcessTestResource vfs = new ServiceProcessTestResource();
    private final ServiceProcessTestResource sandbox = new ServiceProcessTestResource();

    @Override
    public Map<String, String> start() {
        vfs.init(Map.of(
                "module", "vfs-service",
                "portVariable", "SHELLBOX_VFS_PORT",
                "urlProperty", "shellbox.gateway.vfs-url"));
        try {
            Map<String, String> config = new HashMap<>(vfs.start());
            sandbox.init(Map.of(
                    "module", "sandbox-service",
                    "portVariable", "SHELLBOX_SANDBOX_PORT",
                    "urlProperty", "shellbox.gateway.sandbox-url",
                    "env.SHELLBOX_VFS_URL", config.get("shellbox.gateway.vfs-url"),
                    "env.SHELLBOX_USAGE_URL", NO_USAGE_SERVICE));
            config.putAll(sandbox.start());
            config.put("shellbox.gateway.usage-url", NO_USAGE_SERVICE);
            return config;
        } catch (RuntimeException e) {
            stop();
            throw e;
        }
    }

    @Override
    public void stop() {
        sandbox.stop();
        vfs.stop();
    }
}
