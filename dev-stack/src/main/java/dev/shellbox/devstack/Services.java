package dev.shellbox.devstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The four Quarkus services: how each is started and the environment that wires it to the stack. */
final class Services {
    /**
     * A service of the suite.
     *
     * @param module its Maven module
     * @param portVariable the environment variable its application.properties reads its HTTP port from
     * @param database its database name without suffix
     */
    record Service(String module, String portVariable, String database) {}

    static final Service USAGE = new Service("usage-service", "SHELLBOX_USAGE_PORT", "shellbox_usage");
    static final Service VFS = new Service("vfs-service", "SHELLBOX_VFS_PORT", "shellbox_vfs");
    static final Service SANDBOX = new Service("sandbox-service", "SHELLBOX_SANDBOX_PORT", "shellbox_sandbox");
    static final Service GATEWAY = new Service("api-gateway", "SHELLBOX_GATEWAY_PORT", "shellbox_gateway");

    /** In start order: what a service calls is started before it. */
    static final List<Service> ALL = List.of(USAGE, VFS, SANDBOX, GATEWAY);

    private Services() {}

    static int port(Service service, StackOptions options) {
        if (service == GATEWAY) {
            return options.gatewayPort();
        }
        if (service == SANDBOX) {
            return options.sandboxPort();
        }
        return service == VFS ? options.vfsPort() : options.usagePort();
    }

    /** Where a service answers whether it is ready: the gateway on its management interface, the others on their HTTP port. */
    static String healthUrl(Service service, StackOptions options) {
        String base =
                service == GATEWAY ? options.gatewayManagementUrl() : "http://127.0.0.1:" + port(service, options);
        return base + "/q/health/ready";
    }

    static String databaseUrl(Service service, StackOptions options) {
        return "postgresql://" + Postgres.HOST + ":" + Postgres.PORT + "/" + service.database()
                + options.databaseSuffix();
    }

    static final String SECRETS_KEY_VARIABLE = "SHELLBOX_SECRETS_MASTER_KEY";

    /**
     * The key the stack's secrets are encrypted with: the user's, when set, else one made at the stack's first start
     * and kept beside its data (readable by its owner only), so that secrets survive a restart.
     */
    static String secretsMasterKey(StackOptions options) {
        String set = System.getenv(SECRETS_KEY_VARIABLE);
        if (set != null && !set.isBlank()) {
            return set;
        }
        Path file = options.data().resolve("secrets-master-key");
        try {
            if (!Files.exists(file)) {
                Files.createDirectories(file.getParent());
                byte[] key = new byte[32];
                new java.security.SecureRandom().nextBytes(key);
                Files.writeString(file, java.util.Base64.getEncoder().encodeToString(key) + "\n");
                Files.setPosixFilePermissions(
                        file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
            }
            return Files.readString(file).strip();
        } catch (IOException e) {
            throw new StackException("cannot keep the secrets' master key in " + file + ": " + e.getMessage());
        }
    }

    /** Settings every service reads from its environment (see each application.properties). */
    static Map<String, String> environment(Service service, StackOptions options, String adminKey) {
        Map<String, String> env = new HashMap<>();
        env.put(service.portVariable(), Integer.toString(port(service, options)));
        if (service == GATEWAY) {
            env.put("SHELLBOX_GATEWAY_MANAGEMENT_PORT", Integer.toString(options.gatewayManagementPort()));
        }
        if (service == SANDBOX) {
            // a stack that stops ends its sandboxes' containers too; deployments keep them for the next start
            env.put("SHELLBOX_KEEP_CONTAINERS_ON_STOP", "false");
        }
        if (service == SANDBOX) {
            env.put(SECRETS_KEY_VARIABLE, secretsMasterKey(options));
        }
        if (service == SANDBOX && options.defaultProvider() != null) {
            env.put(ProviderPrerequisites.DEFAULT_PROVIDER_VARIABLE, options.defaultProvider());
        }
        env.put("QUARKUS_DATASOURCE_REACTIVE_URL", databaseUrl(service, options));
        env.put("SHELLBOX_DB_HOST", Postgres.HOST);
        env.put("SHELLBOX_DB_PORT", Integer.toString(Postgres.PORT));
        env.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:" + options.kafkaPort());
        env.put("SHELLBOX_S3_ENDPOINT", "http://127.0.0.1:" + options.s3Port());
        env.put("SHELLBOX_S3_ACCESS_KEY", S3Endpoint.ACCESS_KEY);
        env.put("SHELLBOX_S3_SECRET_KEY", S3Endpoint.SECRET_KEY);
        env.put("SHELLBOX_USAGE_URL", "http://127.0.0.1:" + options.usagePort());
        env.put("SHELLBOX_VFS_URL", "http://127.0.0.1:" + options.vfsPort());
        env.put("SHELLBOX_SANDBOX_URL", "http://127.0.0.1:" + options.sandboxPort());
        env.put("SHELLBOX_BOOTSTRAP_ADMIN_KEY", adminKey);
        env.put("SHELLBOX_DATA_DIR", options.data().resolve(service.module()).toString());
        return env;
    }

    static ManagedProcess start(Layout layout, Service service, StackOptions options, String adminKey)
            throws IOException {
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
                service.module(),
                command,
                layout.checkout(),
                environment(service, options, adminKey),
                options.logs().resolve(service.module() + ".log"));
    }
}
