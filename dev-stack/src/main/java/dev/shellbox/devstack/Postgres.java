package dev.shellbox.devstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * PostgreSQL for the stack: the one answering on 127.0.0.1:5432 when there is one, otherwise a private cluster under
 * the state directory, started from the host's PostgreSQL binaries. initdb refuses to run as root, so as root the
 * cluster belongs to, and runs as, the unprivileged user {@code nobody}.
 */
final class Postgres {
    static final String HOST = "127.0.0.1";
    static final int PORT = 5432;

    private final Path binaries;
    private final Path dataDir;
    private final Path logFile;
    private final boolean asNobody;

    private Postgres(Path binaries, Path dataDir, Path logFile) {
        this.binaries = binaries;
        this.dataDir = dataDir;
        this.logFile = logFile;
        this.asNobody = "root".equals(System.getProperty("user.name"));
    }

    static boolean isRunning() {
        return Readiness.portOpen(HOST, PORT);
    }

    /** Starts a private cluster; the caller stops it with {@link #stop()}. */
    static Postgres startPrivate(Path dataDir, Path logFile) throws IOException {
        Path bin = findBinaries()
                .orElseThrow(() -> new StackException("no PostgreSQL answers on " + HOST + ":" + PORT
                        + " and no PostgreSQL binaries were found under /usr/lib/postgresql; install them with"
                        + " `apt-get install -y postgresql` or start your server"));
        Postgres pg = new Postgres(bin, dataDir, logFile);
        pg.start();
        return pg;
    }

    private static Optional<Path> findBinaries() throws IOException {
        Path root = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(root)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(root)) {
            return versions.map(v -> v.resolve("bin"))
                    .filter(b -> Files.isExecutable(b.resolve("pg_ctl")))
                    .max(Comparator.comparing(Path::toString));
        }
    }

    private void start() throws IOException {
        Files.createDirectories(dataDir);
        Files.createDirectories(logFile.getParent());
        if (asNobody) {
            run(List.of("chown", "-R", "nobody", dataDir.toString()), false);
            run(List.of("chmod", "0700", dataDir.toString()), false);
            if (!Files.exists(logFile)) {
                Files.createFile(logFile);
            }
            run(List.of("chown", "nobody", logFile.toString()), false);
        }
        if (!Files.exists(dataDir.resolve("PG_VERSION"))) {
            run(
                    List.of(
                            binaries.resolve("initdb").toString(),
                            "-D",
                            dataDir.toString(),
                            "-U",
                            "postgres",
                            "--auth=trust",
                            "-E",
                            "UTF8"),
                    true);
        }
        run(
                List.of(
                        binaries.resolve("pg_ctl").toString(),
                        "-D",
                        dataDir.toString(),
                        "-l",
                        logFile.toString(),
                        "-o",
                        "-p " + PORT + " -c listen_addresses=" + HOST + " -k " + dataDir,
                        "-w",
                        "start"),
                true);
        Readiness.await("PostgreSQL on " + HOST + ":" + PORT, null, Duration.ofSeconds(60), Postgres::isRunning);
    }

    /** Drops a database of the running server (as the postgres user, over psql), for a fresh test stack. */
    static void dropDatabase(String name) throws IOException {
        if (!name.matches("[A-Za-z0-9_]+")) {
            throw new StackException("unsupported database name: " + name);
        }
        ManagedProcess p = ManagedProcess.start(
                "psql",
                List.of(
                        "psql",
                        "-h",
                        HOST,
                        "-p",
                        Integer.toString(PORT),
                        "-U",
                        "postgres",
                        "-d",
                        "postgres",
                        "-q",
                        "-c",
                        "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"),
                Path.of("/"),
                Map.of("PGCONNECT_TIMEOUT", "10"),
                Files.createTempFile("shellbox-psql", ".log"));
        int status = p.waitFor(Duration.ofSeconds(60));
        if (status != 0) {
            throw new StackException("dropping database " + name + " failed (status " + status + "):\n" + p.tail(10));
        }
    }

    void stop() {
        try {
            run(List.of(binaries.resolve("pg_ctl").toString(), "-D", dataDir.toString(), "-m", "fast", "stop"), true);
        } catch (IOException | StackException e) {
            System.err.println("stopping PostgreSQL: " + e.getMessage());
        }
    }

    private void run(List<String> command, boolean asClusterOwner) throws IOException {
        List<String> full = new ArrayList<>();
        if (asClusterOwner && asNobody) {
            full.addAll(List.of("runuser", "-u", "nobody", "--"));
        }
        full.addAll(command);
        ManagedProcess p = ManagedProcess.start("postgres-admin", full, Path.of("/"), Map.of(), logFile);
        int status = p.waitFor(Duration.ofSeconds(120));
        if (status != 0) {
            throw new StackException(String.join(" ", command) + " failed (status " + status + "):\n" + p.tail(20));
        }
    }
}
