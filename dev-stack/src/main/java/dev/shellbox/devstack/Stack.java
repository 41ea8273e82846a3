package dev.shellbox.devstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

/**
 * A running suite: PostgreSQL (the one on 127.0.0.1:5432, or a private cluster), Kafka, S3Proxy and the four
 * services, started in that order and stopped in reverse. {@code make run} and the end-to-end tests both use it.
 */
public final class Stack implements AutoCloseable {
    private final Layout layout;
    private final StackOptions options;
    private final String adminKey;
    private final List<ManagedProcess> started = Collections.synchronizedList(new ArrayList<>());
    private final Consumer<ManagedProcess> onStart;
    private Postgres privatePostgres;

    private Stack(Layout layout, StackOptions options, String adminKey, Consumer<ManagedProcess> onStart) {
        this.layout = layout;
        this.options = options;
        this.adminKey = adminKey;
        this.onStart = onStart;
    }

    /** Starts a stack of the checkout this class was loaded from (dev-stack/target/classes or its jar). */
    public static Stack start(StackOptions options, String adminKey) throws IOException {
        return start(Layout.fromLauncherJar(), options, adminKey, p -> {});
    }

    static Stack start(Layout layout, StackOptions options, String adminKey, Consumer<ManagedProcess> onStart)
            throws IOException {
        Stack stack = new Stack(layout, options, adminKey, onStart);
        try {
            stack.startAll();
            return stack;
        } catch (IOException | RuntimeException e) {
            stack.close();
            throw e;
        }
    }

    private void startAll() throws IOException {
        List<Integer> ports = new ArrayList<>(List.of(options.kafkaPort(), options.kafkaPort() + 1, options.s3Port()));
        for (Services.Service service : Services.ALL) {
            ports.add(Services.port(service, options));
        }
        ports.add(options.gatewayManagementPort());
        for (int port : ports) {
            if (Readiness.portOpen("127.0.0.1", port)) {
                throw new StackException("port " + port + " on 127.0.0.1 is already in use by another program");
            }
        }
        Files.createDirectories(options.logs());
        if (!Postgres.isRunning()) {
            say("PostgreSQL is not running on 127.0.0.1:5432; starting a private cluster under "
                    + options.data().resolve("postgres"));
            privatePostgres = Postgres.startPrivate(
                    options.data().resolve("postgres"), options.logs().resolve("postgres.log"));
        }
        if (options.freshDatabases()) {
            for (Services.Service service : Services.ALL) {
                Postgres.dropDatabase(service.database() + options.databaseSuffix());
            }
        }
        say("starting Kafka and S3Proxy");
        track(KafkaBroker.start(
                layout,
                options.data().resolve("kafka"),
                options.kafkaPort(),
                options.logs().resolve("kafka.log")));
        track(S3Endpoint.start(
                layout,
                options.data().resolve("s3"),
                options.s3Port(),
                options.logs().resolve("s3proxy.log")));
        say("starting the services (logs in " + options.logs() + ")");
        List<ManagedProcess> services = new ArrayList<>();
        for (Services.Service service : Services.ALL) {
            ManagedProcess p = Services.start(layout, service, options, adminKey);
            track(p);
            services.add(p);
        }
        for (int i = 0; i < Services.ALL.size(); i++) {
            Services.Service service = Services.ALL.get(i);
            String health = Services.healthUrl(service, options);
            Readiness.await(service.module(), services.get(i), Duration.ofSeconds(180), () -> Readiness.httpOk(health));
        }
    }

    private void track(ManagedProcess p) {
        started.add(p);
        onStart.accept(p);
    }

    public String gatewayUrl() {
        return options.gatewayUrl();
    }

    /** The gateway's health and metrics ({@code /q/health}, {@code /q/metrics}). */
    public String gatewayManagementUrl() {
        return options.gatewayManagementUrl();
    }

    public String adminKey() {
        return adminKey;
    }

    public StackOptions options() {
        return options;
    }

    /** The processes still running, for a watcher to report the ones that die. */
    List<ManagedProcess> processes() {
        return List.copyOf(started);
    }

    /** Stops one service (to test what happens when it is down); {@link #close()} stops the rest. */
    public void stopService(String module) {
        for (ManagedProcess p : List.copyOf(started)) {
            if (p.name().equals(module)) {
                p.stop(20);
                started.remove(p);
            }
        }
    }

    /** The log file of a component (kafka, s3proxy, api-gateway, ...). */
    public Path log(String name) {
        return options.logs().resolve(name + ".log");
    }

    @Override
    public void close() {
        List<ManagedProcess> toStop = new ArrayList<>(started);
        Collections.reverse(toStop);
        for (ManagedProcess p : toStop) {
            p.stop(20);
        }
        started.clear();
        if (privatePostgres != null) {
            privatePostgres.stop();
            privatePostgres = null;
        }
    }

    private static void say(String message) {
        System.out.println("dev-stack: " + message);
    }
}
