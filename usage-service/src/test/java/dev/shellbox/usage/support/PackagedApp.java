package dev.shellbox.usage.support;

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
import java.util.Optional;
import java.util.stream.Stream;

/** The built usage-service (JVM jar, or native runner) started as a process of its own, as in production. */
public final class PackagedApp implements AutoCloseable {
    private final Process process;
    private final int port;
    private final HttpClient http = HttpClient.newHttpClient();

    private PackagedApp(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /**
     * Starts the app with the given extra environment and waits until it is ready.
     *
     * @param log where its output goes
     */
    public static PackagedApp start(Map<String, String> env, Path log) throws IOException, InterruptedException {
        Path target = Path.of(System.getProperty("shellbox.app.dir", "target"));
        int port = freePort();
        ProcessBuilder pb = new ProcessBuilder(command(target));
        Map<String, String> environment = new HashMap<>(env);
        environment.put("SHELLBOX_USAGE_PORT", Integer.toString(port));
        pb.environment().putAll(environment);
        Files.createDirectories(log.getParent());
        pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        PackagedApp app = new PackagedApp(pb.start(), port);
        app.awaitReady(Duration.ofSeconds(90), log);
        return app;
    }

    private static List<String> command(Path target) throws IOException {
        Path jar = target.resolve("quarkus-app/quarkus-run.jar");
        if (Files.exists(jar)) {
            String java =
                    Path.of(System.getProperty("java.home"), "bin", "java").toString();
            return List.of(java, "-Xmx512m", "-jar", jar.toString());
        }
        try (Stream<Path> files = Files.list(target)) {
            Optional<Path> runner = files.filter(p -> p.getFileName().toString().endsWith("-runner"))
                    .findFirst();
            return List.of(runner.orElseThrow(() ->
                            new IllegalStateException("the app is not packaged: no " + jar + " and no native runner"))
                    .toString());
        }
    }

    private void awaitReady(Duration timeout, Path log) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the app exited with " + process.exitValue() + "; see " + log);
            }
            try {
                if (get("/q/health/ready").statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the app was not ready within " + timeout + "; see " + log);
    }

    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    public HttpResponse<String> get(String path, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(10));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Ends the process at once (SIGKILL): no shutdown hook, no graceful close of anything. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
