package dev.shellbox.gateway;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs a real Keycloak for a @QuarkusTest: the distribution that Maven unpacks into {@code target/keycloak} (system
 * property {@code shellbox.test.keycloak.home}), started in dev mode on 127.0.0.1 with an in-memory database and the
 * realms of {@code src/test/resources/keycloak} imported, then pointed at by the gateway's OIDC settings. Keycloak
 * needs Java 21 or newer: {@code KEYCLOAK_JAVA_HOME}, else this JVM when new enough, else the newest JDK under
 * {@code /usr/lib/jvm}. Its HTTP port is {@code SHELLBOX_TEST_KEYCLOAK_PORT}, or a free one.
 */
public class KeycloakTestResource implements QuarkusTestResourceLifecycleManager {
    static final String REALM = "shellbox";
    private static final List<String> REALM_FILES = List.of("shellbox-realm.json", "elsewhere-realm.json");
    private static final int MIN_JAVA = 21;
    private static final Duration START_TIMEOUT = Duration.ofMinutes(4);

    private Process process;
    private Path log;
    private Thread shutdownHook;

    @Override
    public Map<String, String> start() {
        Path home = keycloakHome();
        try {
            importRealms(home);
            int port = Integer.parseInt(System.getenv().getOrDefault("SHELLBOX_TEST_KEYCLOAK_PORT", "0"));
            if (port == 0) {
                port = freePort();
            }
            log = home.resolve("keycloak-test.log");
            ProcessBuilder pb = new ProcessBuilder(
                            "sh",
                            home.resolve("bin/kc.sh").toString(),
                            "start-dev",
                            "--http-host=127.0.0.1",
                            "--http-port=" + port,
                            // The management interface would otherwise take port 9000.
                            "--http-management-port=" + freePort(),
                            "--db=dev-mem",
                            "--import-realm")
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .redirectInput(new File("/dev/null"));
            pb.environment().put("JAVA_HOME", javaHome().toString());
            process = pb.start();
            shutdownHook = new Thread(this::stopProcessTree, "keycloak-test-stop");
            Runtime.getRuntime().addShutdownHook(shutdownHook);
            String issuer = "http://127.0.0.1:" + port + "/realms/" + REALM;
            awaitRealm(issuer + "/.well-known/openid-configuration");
            return Map.of("quarkus.oidc.tenant-enabled", "true", "quarkus.oidc.auth-server-url", issuer);
        } catch (IOException e) {
            stop();
            throw new UncheckedIOException("cannot start Keycloak: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            stop();
            throw e;
        }
    }

    @Override
    public void stop() {
        stopProcessTree();
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down and runs the hook itself
            }
            shutdownHook = null;
        }
    }

    /** kc.sh runs Keycloak as a child JVM: stop the children first, then the script, so that nothing outlives us. */
    private synchronized void stopProcessTree() {
        if (process == null) {
            return;
        }
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        tree.add(process.toHandle());
        tree.forEach(ProcessHandle::destroy);
        for (ProcessHandle handle : tree) {
            try {
                handle.onExit().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                handle.destroyForcibly();
            }
        }
        process = null;
    }

    private static Path keycloakHome() {
        String configured = System.getProperty("shellbox.test.keycloak.home");
        if (configured == null || !Files.isRegularFile(Path.of(configured, "bin", "kc.sh"))) {
            throw new IllegalStateException("no Keycloak distribution at '" + configured
                    + "': run the tests through Maven, which unpacks org.keycloak:keycloak-quarkus-dist into"
                    + " target/keycloak (mvn -pl api-gateway verify)");
        }
        return Path.of(configured);
    }

    /** Replaces whatever an earlier run left in the import folder with this test's realms. */
    private static void importRealms(Path home) throws IOException {
        Path dir = home.resolve("data/import");
        if (Files.exists(dir)) {
            try (Stream<Path> old = Files.walk(dir)) {
                for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(dir);
        for (String name : REALM_FILES) {
            try (InputStream in = KeycloakTestResource.class.getResourceAsStream("/keycloak/" + name)) {
                if (in == null) {
                    throw new IllegalStateException("test resource keycloak/" + name + " is missing");
                }
                Files.copy(in, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static Path javaHome() {
        Optional<Path> chosen = Optional.ofNullable(System.getenv("KEYCLOAK_JAVA_HOME"))
                .map(Path::of)
                .or(() -> Runtime.version().feature() >= MIN_JAVA
                        ? Optional.of(Path.of(System.getProperty("java.home")))
                        : Optional.empty())
                .or(KeycloakTestResource::newestInstalledJdk);
        return chosen.orElseThrow(() -> new IllegalStateException("Keycloak needs Java " + MIN_JAVA
                + " or newer: install one under /usr/lib/jvm or set KEYCLOAK_JAVA_HOME"));
    }

    private static Optional<Path> newestInstalledJdk() {
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(jvms)) {
            return dirs.filter(d -> Files.isExecutable(d.resolve("bin/java")))
                    .filter(d -> featureVersion(d) >= MIN_JAVA)
                    .max(Comparator.comparingInt(KeycloakTestResource::featureVersion));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The feature version from a JDK's {@code release} file (JAVA_VERSION="25.0.1"), or 0. */
    private static int featureVersion(Path jdk) {
        Properties release = new Properties();
        try (InputStream in = Files.newInputStream(jdk.resolve("release"))) {
            release.load(in);
            String version = release.getProperty("JAVA_VERSION", "").replace("\"", "");
            return Integer.parseInt(version.split("[.+-]")[0]);
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    private void awaitRealm(String url) throws IOException {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Keycloak exited during start:\n" + Files.readString(log));
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
                throw new IllegalStateException("interrupted while waiting for Keycloak");
            }
            sleep(Duration.ofMillis(500));
        }
        throw new IllegalStateException(
                "Keycloak did not serve realm " + REALM + " in " + START_TIMEOUT + ":\n" + Files.readString(log));
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Keycloak");
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
