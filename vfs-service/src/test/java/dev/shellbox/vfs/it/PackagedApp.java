package dev.shellbox.vfs.it;

import dev.shellbox.platform.DatabaseBootstrap;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The packaged vfs-service (target/quarkus-app/quarkus-run.jar) running as a child process against the test
 * PostgreSQL, Kafka and S3 endpoint, with its own database and bucket.
 */
final class PackagedApp implements AutoCloseable {
    private final String name;
    private final String heap;
    private final String databaseUrl;
    private final String bucket;
    private final List<String> extraProperties;
    private final int port;
    private Process process;

    /** A fresh (empty) database named after {@code name}, and a bucket of the same name. */
    PackagedApp(String name, String heap, List<String> extraProperties) {
        this.name = name;
        this.heap = heap;
        this.extraProperties = extraProperties;
        String suffix = System.getenv().getOrDefault("SHELLBOX_TEST_DB_SUFFIX", "");
        this.databaseUrl = "postgresql://127.0.0.1:5432/shellbox_vfs_" + name + suffix;
        this.bucket = "vfs-" + name.replace('_', '-');
        this.port = freePort();
        DatabaseBootstrap.ensureDatabase(databaseUrl, "postgres", "", true);
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    String bucket() {
        return bucket;
    }

    String databaseUrl() {
        return databaseUrl;
    }

    static String s3Endpoint() {
        return System.getenv().getOrDefault("SHELLBOX_TEST_S3", "http://127.0.0.1:19000");
    }

    static String kafka() {
        return System.getenv().getOrDefault("SHELLBOX_TEST_KAFKA", "127.0.0.1:19092");
    }

    /** Starts the application and waits until it is ready. */
    void start() throws IOException, InterruptedException {
        Path jar = Path.of(System.getProperty("vfs.app.jar", "target/quarkus-app/quarkus-run.jar"));
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar + " is missing; package the module first");
        }
        Path logs = Path.of(System.getProperty("vfs.it.logs", "target/it-logs"));
        Files.createDirectories(logs);
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap,
                "-XX:+ExitOnOutOfMemoryError",
                "-Dquarkus.http.port=" + port,
                "-Dquarkus.datasource.reactive.url=" + databaseUrl,
                "-Dquarkus.s3.endpoint-override=" + s3Endpoint(),
                "-Dvfs.s3.bucket=" + bucket,
                "-Dkafka.bootstrap.servers=" + kafka()));
        command.addAll(extraProperties);
        command.add("-jar");
        command.add(jar.toString());
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        logs.resolve(name + ".log").toFile()));
        pb.environment().remove("SHELLBOX_USAGE_URL");
        process = pb.start();
        HttpClient http = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited during start; see " + logs.resolve(name + ".log"));
            }
            try {
                HttpResponse<Void> ready = http.send(
                        HttpRequest.newBuilder(URI.create(baseUrl() + "/q/health/ready"))
                                .timeout(Duration.ofSeconds(5))
                                .build(),
                        HttpResponse.BodyHandlers.discarding());
                if (ready.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException(name + " did not become ready");
    }

    boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** SIGKILL: no shutdown hook, no flush, no goodbye. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(60, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
