package dev.shellbox.platform.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Runs another service of the suite as a real {@link ServiceProcess} for a @QuarkusTest, on a fresh database. Init
 * args: {@code module} (e.g. vfs-service), {@code portVariable} (the env variable that sets its port, e.g.
 * SHELLBOX_VFS_PORT), {@code urlProperty} (the property of the service under test that receives its URL, e.g.
 * quarkus.rest-client.vfs.url). The module must be built before the tests run (the reactor builds it first when the
 * service under test declares it as a test-scoped pom dependency).
 */
public class ServiceProcessTestResource implements QuarkusTestResourceLifecycleManager {
    private String module;
    private String portVariable;
    private String urlProperty;
    private ServiceProcess service;

    @Override
    public void init(Map<String, String> initArgs) {
        module = initArgs.get("module");
        portVariable = initArgs.get("portVariable");
        urlProperty = initArgs.get("urlProperty");
    }

    @Override
    public Map<String, String> start() {
        service = new ServiceProcess(module, portVariable, Map.of()).startFresh();
        return Map.of(urlProperty, service.url());
    }

    @Override
    public void stop() {
        if (service != null) {
            service.stop();
        }
    }
}
