package dev.shellbox.devstack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

/**
 * The local stack without Docker.
 *
 * <ul>
 *   <li>{@code run}: first what the {@code local} sandbox provider needs ({@link ProviderPrerequisites}), then
 *       PostgreSQL (the running one, or a private cluster), Kafka (KRaft) on 9092, S3Proxy on 9000, then
 *       the four services; prints the gateway URL, an admin API key and the gateway's management URL (health,
 *       metrics), writes them to {@code .shellbox/local.env}, and stops everything on Ctrl-C or {@code stop}.
 *   <li>{@code stop}: stops a running stack.
 *   <li>{@code with-test-infra CMD...}: runs CMD with a fresh Kafka and S3Proxy on test ports (19092, 19000), then
 *       stops them; exits with CMD's status. {@code make test} runs the build's tests this way.
 * </ul>
 */
public final class DevStack {
    /** Test ports; SHELLBOX_TEST_KAFKA_PORT and SHELLBOX_TEST_S3_PORT move them so that two checkouts can test at once. */
    static final int TEST_KAFKA_PORT = portFromEnv("SHELLBOX_TEST_KAFKA_PORT", 19092);

    static final int TEST_S3_PORT = portFromEnv("SHELLBOX_TEST_S3_PORT", 19000);

    private final Layout layout;
    private final List<ManagedProcess> testInfra = Collections.synchronizedList(new ArrayList<>());
    private volatile Stack stack;

    private DevStack(Layout layout) {
        this.layout = layout;
    }

    public static void main(String[] args) {
        String command = args.length == 0 ? "run" : args[0];
        DevStack stack = new DevStack(Layout.fromLauncherJar());
        try {
            switch (command) {
                case "run" -> stack.run();
                case "stop" -> stack.stop();
                case "with-test-infra" ->
                    System.exit(stack.withTestInfra(Arrays.asList(args).subList(1, args.length)));
                default -> {
                    System.err.println("usage: dev-stack run | stop | with-test-infra COMMAND...");
                    System.exit(2);
                }
            }
        } catch (StackException | IOException e) {
            System.err.println("dev-stack: " + e.getMessage());
            System.exit(1);
        }
    }

    // ---- run ----

    private void run() throws IOException {
        Files.createDirectories(layout.state());
        Long running = runningPid();
        if (running != null) {
            throw new StackException("Shellbox is already running (pid " + running + "); see " + layout.localEnv()
                    + ", stop it with `make stop`");
        }
        ProviderPrerequisites.Outcome provider =
                ProviderPrerequisites.ofThisHost().check();
        provider.warning().ifPresent(DevStack::say);
        Files.writeString(
                layout.pidFile(), Long.toString(ProcessHandle.current().pid()));
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            shutdown();
                            // A requested stop (Ctrl-C, `make stop`) is a clean end, not a failure of `make run`.
                            Runtime.getRuntime().halt(0);
                        },
                        "dev-stack-shutdown"));

        long t0 = System.nanoTime();
        StackOptions options = StackOptions.local(layout.state());
        if (provider.defaultProvider().isPresent()) {
            options = options.withDefaultProvider(provider.defaultProvider().get());
        }
        stack = Stack.start(layout, options, adminKey(), this::recordChild);
        Files.writeString(
                layout.localEnv(),
                "SHELLBOX_URL=" + stack.gatewayUrl() + "\nSHELLBOX_API_KEY=" + stack.adminKey()
                        + "\nSHELLBOX_MANAGEMENT_URL=" + stack.gatewayManagementUrl() + "\n",
                StandardCharsets.UTF_8);
        long millis = Duration.ofNanos(System.nanoTime() - t0).toMillis();
        System.out.printf(
                """

                Shellbox is running (healthy in %.1f s).
                  Gateway:  %s
                  API key:  %s  (admin)
                  Health:   %s/q/health (metrics: /q/metrics)
                  These are in %s; logs in %s.
                  Stop with Ctrl-C or `make stop`.
                %n""",
                millis / 1000.0,
                stack.gatewayUrl(),
                stack.adminKey(),
                stack.gatewayManagementUrl(),
                layout.checkout().relativize(layout.localEnv()),
                layout.checkout().relativize(options.logs()));
        watch();
    }

    /** Blocks until the launcher is stopped, reporting any component that dies on its own. */
    private void watch() {
        List<String> reported = new ArrayList<>();
        while (true) {
            for (ManagedProcess p : stack.processes()) {
                if (!p.isAlive() && !reported.contains(p.name())) {
                    reported.add(p.name());
                    System.err.println(
                            "dev-stack: " + p.name() + " exited; last lines of " + p.log() + ":\n" + p.tail(20));
                }
            }
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void recordChild(ManagedProcess p) {
        try {
            Files.writeString(
                    layout.childrenFile(),
                    p.pid() + "\n",
                    java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new StackException("cannot record child process: " + e.getMessage());
        }
    }

    private boolean ownsPidFile() throws IOException {
        return Long.valueOf(ProcessHandle.current().pid()).equals(runningPid());
    }

    private void shutdown() {
        if (stack != null) {
            stack.close();
        }
        for (ManagedProcess p : testInfra) {
            p.stop(20);
        }
        try {
            // Only the `run` that wrote them removes them: test infrastructure stopping beside a running stack must
            // leave `make stop` able to find that stack.
            if (ownsPidFile()) {
                Files.deleteIfExists(layout.childrenFile());
                Files.deleteIfExists(layout.pidFile());
            }
        } catch (IOException e) {
            System.err.println("dev-stack: " + e.getMessage());
        }
        if (stack != null || !testInfra.isEmpty()) {
            System.out.println("dev-stack: stopped");
        }
    }

    private String adminKey() throws IOException {
        Path file = layout.adminKeyFile();
        if (Files.exists(file)) {
            return Files.readString(file).trim();
        }
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        SecureRandom random = new SecureRandom();
        StringBuilder key = new StringBuilder("sbx_");
        for (int i = 0; i < 40; i++) {
            key.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        Files.writeString(file, key + "\n");
        return key.toString();
    }

    private Long runningPid() throws IOException {
        if (!Files.exists(layout.pidFile())) {
            return null;
        }
        long pid = Long.parseLong(Files.readString(layout.pidFile()).trim());
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .map(h -> pid)
                .orElse(null);
    }

    // ---- stop ----

    private void stop() throws IOException {
        Long pid = runningPid();
        if (pid != null) {
            ProcessHandle launcher = ProcessHandle.of(pid).orElseThrow();
            launcher.destroy();
            try {
                launcher.onExit().get(120, java.util.concurrent.TimeUnit.SECONDS);
            } catch (Exception e) {
                launcher.destroyForcibly();
            }
        }
        // Whatever a launcher that died without cleaning up left behind.
        if (Files.exists(layout.childrenFile())) {
            try (Stream<String> lines = Files.lines(layout.childrenFile())) {
                lines.map(String::trim)
                        .filter(l -> !l.isEmpty())
                        .map(Long::parseLong)
                        .flatMap(p -> ProcessHandle.of(p).stream())
                        .forEach(h -> {
                            h.descendants().forEach(ProcessHandle::destroyForcibly);
                            h.destroyForcibly();
                        });
            }
            Files.deleteIfExists(layout.childrenFile());
        }
        Files.deleteIfExists(layout.pidFile());
        say(pid == null ? "Shellbox was not running" : "Shellbox stopped");
    }

    // ---- tests ----

    private int withTestInfra(List<String> command) throws IOException {
        if (command.isEmpty()) {
            throw new StackException("with-test-infra needs a command to run");
        }
        for (int port : List.of(TEST_KAFKA_PORT, TEST_KAFKA_PORT + 1, TEST_S3_PORT)) {
            if (Readiness.portOpen("127.0.0.1", port)) {
                throw new StackException("test port " + port + " is in use; is another `make test` running?");
            }
        }
        Path dir = layout.checkout().resolve("target/test-infra");
        deleteTree(dir);
        Files.createDirectories(dir);
        Runtime.getRuntime().addShutdownHook(new Thread(this::shutdown, "dev-stack-test-shutdown"));
        long t0 = System.nanoTime();
        testInfra.add(KafkaBroker.start(layout, dir.resolve("kafka"), TEST_KAFKA_PORT, dir.resolve("kafka.log")));
        testInfra.add(S3Endpoint.start(layout, dir.resolve("s3"), TEST_S3_PORT, dir.resolve("s3proxy.log")));
        say("test infrastructure ready in "
                + Duration.ofNanos(System.nanoTime() - t0).toMillis() + " ms: Kafka 127.0.0.1:" + TEST_KAFKA_PORT
                + ", S3 http://127.0.0.1:" + TEST_S3_PORT);
        ProcessBuilder pb = new ProcessBuilder(command)
                .inheritIO()
                .directory(layout.checkout().toFile());
        pb.environment().put("SHELLBOX_TEST_KAFKA", "127.0.0.1:" + TEST_KAFKA_PORT);
        pb.environment().put("SHELLBOX_TEST_S3", "http://127.0.0.1:" + TEST_S3_PORT);
        try {
            return pb.start().waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static int portFromEnv(String name, int fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : Integer.parseInt(value.trim());
    }

    private static void say(String message) {
        System.out.println("dev-stack: " + message);
    }
}
