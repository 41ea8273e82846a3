package dev.shellbox.platform.testing;

import dev.shellbox.platform.DatabaseBootstrap;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A service of the suite, packaged ({@code <module>/target/quarkus-app/quarkus-run.jar}), run as a real process on a
 * free port with its own database, wired to the test Kafka and S3 endpoint. It can be stopped and started again on
 * the same port and database, which is how tests check what survives a restart.
 */
public final class ServiceProcess {
    private final String module;
    private final String portVariable;
    private final Map<String, String> extraEnv;
    private final int port;
    private final String databaseUrl;
    private Process process;
    private Path log;

    /**
     * @param portVariable the env variable that sets the service's port (e.g. SHELLBOX_VFS_PORT)
     * @param extraEnv more environment (URLs of other services, configuration)
     */
    public ServiceProcess(String module, String portVariable, Map<String, String> extraEnv) {
        this.module = module;
        this.portVariable = portVariable;
        this.extraEnv = Map.copyOf(extraEnv);
        this.port = freePort();
        String database = module.replace("-service", "").replace('-', '_') + "_for_tests"
                + System.getenv().getOrDefault("SHELLBOX_TEST_DB_SUFFIX", "");
        this.databaseUrl = "postgresql://127.0.0.1:5432/shellbox_" + database;
    }

    public String url() {
        return "http://127.0.0.1:" + port;
    }

    /** Starts the service on a fresh, empty database and waits until it is ready. */
    public ServiceProcess startFresh() {
        DatabaseBootstrap.ensureDatabase(databaseUrl, "postgres", "", true);
        return start();
    }

    /** Starts the service on the database as it is and waits until it is ready. */
    public ServiceProcess start() {
        Path jar = checkout().resolve(module).resolve("target/quarkus-app/quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(
                    jar + " is missing: build " + module + " first (mvn -pl " + module + " package -DskipTests)");
        }
        try {
            log = Files.createTempFile(module, ".log");
            ProcessBuilder pb = new ProcessBuilder(List.of(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-Xmx512m",
                            "-jar",
                            jar.toString()))
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .redirectInput(new File("/dev/null"));
            Map<String, String> env = new HashMap<>();
            env.put(portVariable, Integer.toString(port));
            env.put("QUARKUS_DATASOURCE_REACTIVE_URL", databaseUrl);
            env.put("KAFKA_BOOTSTRAP_SERVERS", System.getenv().getOrDefault("SHELLBOX_TEST_KAFKA", "127.0.0.1:19092"));
            env.put("SHELLBOX_S3_ENDPOINT", System.getenv().getOrDefault("SHELLBOX_TEST_S3", "http://127.0.0.1:19000"));
            env.put("SHELLBOX_S3_ACCESS_KEY", "shellbox");
            env.put("SHELLBOX_S3_SECRET_KEY", "shellbox-secret");
            env.putAll(extraEnv);
            pb.environment().putAll(env);
            process = pb.start();
            awaitReady(url() + "/q/health/ready");
            return this;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + module + ": " + e.getMessage(), e);
        }
    }

    /**
     * Kills the service's own process with SIGKILL, as a crash would: nothing of its shutdown runs, and what it started
     * that outlives it (sandbox containers) is left running.
     */
    public void kill() {
        if (process != null) {
            process.toHandle().destroyForcibly();
            try {
                process.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process = null;
        }
    }

    /** Stops the service as an operator would (SIGTERM) and waits for it to exit. */
    public void stop() {
        if (process != null) {
            process.destroy();
            try {
                process.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process = null;
        }
    }

    private void awaitReady(String url) throws IOException {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(module + " exited during start:\n" + Files.readString(log));
            }
            try {
                HttpResponse<Void> r = http.send(
                        HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted");
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted");
            }
        }
        throw new IllegalStateException(module + " did not become ready in 120 s:\n" + Files.readString(log));
    }

    private static Path checkout() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("dev-stack"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException(
                    "cannot find the checkout above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port: " + e.getMessage(), e);
        }
    }
}
