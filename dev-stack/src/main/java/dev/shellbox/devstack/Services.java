package dev.shellbox.devstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The four Quarkus services, their ports and the environment that wires them to the stack. */
final class Services {
    record Service(String module, int port) {
        String healthUrl() {
            return "http://127.0.0.1:" + port + "/q/health/ready";
        }
    }

    static final List<Service> ALL = List.of(
            new Service("usage-service", 8083),
            new Service("vfs-service", 8082),
            new Service("sandbox-service", 8081),
            new Service("api-gateway", 8080));

    static final int KAFKA_PORT = 9092;
    static final int S3_PORT = 9000;

    private Services() {}

    /** Settings every service reads from its environment (see each application.properties). */
    static Map<String, String> environment(Layout layout, String adminKey) {
        return Map.ofEntries(
                Map.entry("SHELLBOX_DB_HOST", Postgres.HOST),
                Map.entry("SHELLBOX_DB_PORT", Integer.toString(Postgres.PORT)),
                Map.entry("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:" + KAFKA_PORT),
                Map.entry("SHELLBOX_S3_ENDPOINT", "http://127.0.0.1:" + S3_PORT),
                Map.entry("SHELLBOX_S3_ACCESS_KEY", S3Endpoint.ACCESS_KEY),
                Map.entry("SHELLBOX_S3_SECRET_KEY", S3Endpoint.SECRET_KEY),
                Map.entry("SHELLBOX_USAGE_URL", "http://127.0.0.1:8083"),
                Map.entry("SHELLBOX_VFS_URL", "http://127.0.0.1:8082"),
                Map.entry("SHELLBOX_SANDBOX_URL", "http://127.0.0.1:8081"),
                Map.entry("SHELLBOX_BOOTSTRAP_ADMIN_KEY", adminKey),
                Map.entry("SHELLBOX_DATA_DIR", layout.data().toString()));
    }

    static ManagedProcess start(Layout layout, Service service, Map<String, String> env) throws IOException {
        Path jar = layout.serviceJar(service.module());
        if (!Files.exists(jar)) {
            throw new StackException(service.module() + " is not built (" + jar + " is missing); run `make build`");
        }
        List<String> command = List.of(
                Layout.java(),
                "-Xms64m",
                "-Xmx768m",
                "-XX:+UseSerialGC",
                "-XX:+ExitOnOutOfMemoryError",
                "-jar",
                jar.toString());
        return ManagedProcess.start(
                service.module(), command, layout.checkout(), env, layout.logs().resolve(service.module() + ".log"));
    }
}
