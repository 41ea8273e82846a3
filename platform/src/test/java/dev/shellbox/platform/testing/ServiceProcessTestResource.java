package dev.shellbox.platform.testing;

import dev.shellbox.platform.DatabaseBootstrap;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
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
 * Runs another service of the suite, packaged ({@code <module>/target/quarkus-app/quarkus-run.jar}), as a real process
 * for a @QuarkusTest, on a free port and its own fresh database, wired to the test Kafka and S3 endpoint. Init args:
 * {@code module} (e.g. vfs-service), {@code portVariable} (the env variable that sets its port, e.g.
 * SHELLBOX_VFS_PORT), {@code urlProperty} (the property of the service under test that receives its URL, e.g.
 * quarkus.rest-client.vfs.url); optional {@code env.NAME} args set more environment variables of the process (e.g.
 * {@code env.SHELLBOX_VFS_URL}). The module must be built before the tests run (the reactor builds it first when the
 * service under test declares it as a test-scoped pom dependency).
 */
public class ServiceProcessTestResource implements QuarkusTestResourceLifecycleManager {
    private String module;
    private String portVariable;
    private String urlProperty;
    private final Map<String, String> extraEnv = new HashMap<>();
    private Process process;
    private Path log;

    @Override
    public void init(Map<String, String> initArgs) {
        module = initArgs.get("module");
        portVariable = initArgs.get("portVariable");
        urlProperty = initArgs.get("urlProperty");
        initArgs.forEach((name, value) -> {
            if (name.startsWith("env.")) {
                extraEnv.put(name.substring(4), value);
            }
        });
    }

    @Override
    public Map<String, String> start() {
        Path jar = checkout().resolve(module).resolve("target/quarkus-app/quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(
                    jar + " is missing: build " + module + " first (mvn -pl " + module + " package -DskipTests)");
        }
        try {
            int port = freePort();
            String database = module.replace("-service", "").replace('-', '_') + "_for_tests"
                    + System.getenv().getOrDefault("SHELLBOX_TEST_DB_SUFFIX", "");
            String dbUrl = "postgresql://127.0.0.1:5432/shellbox_" + database;
            DatabaseBootstrap.ensureDatabase(dbUrl, "postgres", "", true);
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
            env.put("QUARKUS_DATASOURCE_REACTIVE_URL", dbUrl);
            env.put("KAFKA_BOOTSTRAP_SERVERS", System.getenv().getOrDefault("SHELLBOX_TEST_KAFKA", "127.0.0.1:19092"));
            env.put("SHELLBOX_S3_ENDPOINT", System.getenv().getOrDefault("SHELLBOX_TEST_S3", "http://127.0.0.1:19000"));
            env.put("SHELLBOX_S3_ACCESS_KEY", "shellbox");
            env.put("SHELLBOX_S3_SECRET_KEY", "shellbox-secret");
            env.putAll(extraEnv);
            pb.environment().putAll(env);
            process = pb.start();
            String url = "http://127.0.0.1:" + port;
            awaitHealthy(url + "/q/health/ready");
            return Map.of(urlProperty, url);
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + module + ": " + e.getMessage(), e);
        }
    }

    private void awaitHealthy(String url) throws IOException {
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
        throw new IllegalStateException(module + " did not become healthy in 120 s:\n" + Files.readString(log));
    }

    @Override
    public void stop() {
        if (process != null) {
            process.destroy();
            try {
                process.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
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

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
