package dev.shellbox.devstack;

import java.nio.file.Path;

/**
 * Where and how a stack runs: its state directory (data and logs), the ports of everything, and the suffix of the
 * services' database names (so that a test stack never touches the data of {@code make run}).
 *
 * @param state directory for data/ and logs/
 * @param gatewayPort api-gateway (sandbox-service, vfs-service and usage-service take the next three ports, the
 *     gateway's management interface the one after)
 * @param kafkaPort Kafka's client port (its controller takes the next one)
 * @param s3Port S3Proxy
 * @param databaseSuffix appended to each service's database name; empty for the real one
 * @param freshDatabases drop the services' databases before starting (tests)
 * @param defaultProvider sandbox-service's default provider; null leaves it to the service's settings
 */
public record StackOptions(
        Path state,
        int gatewayPort,
        int kafkaPort,
        int s3Port,
        String databaseSuffix,
        boolean freshDatabases,
        String defaultProvider) {

    /** A stack whose sandbox-service keeps its own default provider. */
    public StackOptions(
            Path state, int gatewayPort, int kafkaPort, int s3Port, String databaseSuffix, boolean freshDatabases) {
        this(state, gatewayPort, kafkaPort, s3Port, databaseSuffix, freshDatabases, null);
    }

    /**
     * What {@code make run} uses: ports 8080-8084, 9092, 9000 and the real databases, kept across runs. The
     * environment variables SHELLBOX_GATEWAY_PORT, SHELLBOX_KAFKA_PORT, SHELLBOX_S3_PORT and SHELLBOX_DB_SUFFIX move
     * them, to run a second stack beside another one.
     */
    public static StackOptions local(Path state) {
        return new StackOptions(
                state,
                portFromEnv("SHELLBOX_GATEWAY_PORT", 8080),
                portFromEnv("SHELLBOX_KAFKA_PORT", 9092),
                portFromEnv("SHELLBOX_S3_PORT", 9000),
                System.getenv().getOrDefault("SHELLBOX_DB_SUFFIX", ""),
                false);
    }

    /** These options with sandbox-service started with another default provider. */
    public StackOptions withDefaultProvider(String provider) {
        return new StackOptions(state, gatewayPort, kafkaPort, s3Port, databaseSuffix, freshDatabases, provider);
    }

    private static int portFromEnv(String name, int fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : Integer.parseInt(value.trim());
    }

    public int sandboxPort() {
        return gatewayPort + 1;
    }

    public int vfsPort() {
        return gatewayPort + 2;
    }

    public int usagePort() {
        return gatewayPort + 3;
    }

    /** The gateway's management interface: its health and metrics, which its public port does not serve. */
    public int gatewayManagementPort() {
        return gatewayPort + 4;
    }

    public String gatewayUrl() {
        return "http://127.0.0.1:" + gatewayPort;
    }

    public String gatewayManagementUrl() {
        return "http://127.0.0.1:" + gatewayManagementPort();
    }

    public Path logs() {
        return state.resolve("logs");
    }

    public Path data() {
        return state.resolve("data");
    }
}
