package dev.shellbox.sandbox.provider.local;

import dev.shellbox.supervisor.Hello;
import dev.shellbox.supervisor.Supervisor;
import java.io.IOException;
import java.io.InputStream;
import java.net.UnixDomainSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * The long-lived container of one sandbox with the supervisor as its first process, and the way to reach it. The
 * container is started detached (a session of its own, nothing that dies with the service), so that a restarted
 * service finds it again: the socket and the secret stay in the sandbox's host directory.
 *
 * <p>Nothing of the supervisor's own is in the container's file system, where its programs (the same user as the
 * supervisor) could replace the socket or rewrite logs: the supervisor's launcher stage ({@link #launcher}) makes the
 * state directory and the socket on the host and hands them into the container as inherited fds.
 *
 * <p>Host layout: {@code SANDBOX/run} holds the socket; {@code SANDBOX/supervisor.secret} the secret; {@code
 * SANDBOX/supervisor.log} what the container printed; {@code SANDBOX/supervisor.pid} the host pid of its outermost
 * process. The state directory (program logs and exit records) is the container's choice ({@link #launcher}).
 */
final class LocalSupervisor {
    private static final Logger LOG = Logger.getLogger(LocalSupervisor.class);
    /** Where the container sees the supervisor executable. */
    static final String EXECUTABLE = "/run/shellbox-bin/shellbox-supervisor";
    /** The supervisor in the container, with the state directory and the socket its launcher hands on. */
    static final List<String> IN_CONTAINER = List.of(EXECUTABLE, "--state-fd", "3", "--socket-fd", "4");
    /** Longest a container may take from its start to answering. */
    private static final long READY_MILLIS = 10_000;
    /** Longest unix socket path Linux takes. */
    private static final int MAX_SOCKET_PATH = 107;

    private final Path directory;
    private final Path socket;
    private Supervisor supervisor;
    private Hello hello;

    LocalSupervisor(Path directory) {
        this.directory = directory;
        this.socket = socketPath(directory.resolve("run"));
    }

    /**
     * The socket in {@code run}, by a path Linux takes: a unix socket's path has at most 107 bytes, so a deep state
     * directory is reached through a short link in the temporary directory, named by a hash of where it points.
     */
    private static Path socketPath(Path run) {
        Path direct = run.resolve("sock");
        if (direct.toString().length() <= MAX_SOCKET_PATH) {
            return direct;
        }
        try {
            byte[] hash = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(run.toString().getBytes(StandardCharsets.UTF_8));
            Path links = Path.of(System.getProperty("java.io.tmpdir"), "shellbox-sockets");
            Path link = links.resolve(HexFormat.of().formatHex(hash, 0, 12));
            if (!Files.isSymbolicLink(link)) {
                Files.createDirectories(links);
                Files.createSymbolicLink(link, run);
            }
            return link.resolve("sock");
        } catch (IOException | java.security.NoSuchAlgorithmException e) {
            return direct;
        }
    }

    /** The host directory of the socket. */
    Path socketDirectory() {
        return directory.resolve("run");
    }

    /**
     * The launcher stage, run on the host as the programs' user from the host's copy of the supervisor executable: it
     * makes the state directory {@code state} and the socket, and executes what follows it (network entry, bubblewrap,
     * ending with {@link #IN_CONTAINER}) with both as inherited fds.
     */
    List<String> launcher(Path executable, Path state) {
        return List.of(
                executable.toString(), "--prepare", "--state", state.toString(), "--socket", socket.toString(), "--");
    }

    /** The supervisor when one answers now (one started by an earlier run of the service too); empty otherwise. */
    synchronized Optional<Supervisor> running() {
        if (supervisor == null) {
            Path secretFile = directory.resolve("supervisor.secret");
            if (!Files.exists(socket) || !Files.exists(secretFile)) {
                return Optional.empty();
            }
            try {
                Supervisor candidate = new Supervisor(UnixDomainSocketAddress.of(socket), secret(secretFile));
                hello = candidate.hello();
                supervisor = candidate;
            } catch (IOException e) {
                return Optional.empty();
            }
        }
        return Optional.of(supervisor);
    }

    /** Whether {@link #running} answered and whether it is still the container that answered first. */
    synchronized boolean isAlive() {
        if (supervisor == null) {
            return false;
        }
        try {
            Hello now = supervisor.hello();
            if (now.instance() == hello.instance()) {
                return true;
            }
        } catch (IOException e) {
            // gone
        }
        supervisor = null;
        return false;
    }

    /**
     * Starts the container with {@code command} (limits, user, {@link #launcher}, network entry, bubblewrap and its
     * mounts, {@link #IN_CONTAINER}) and waits until its supervisor answers.
     */
    synchronized Supervisor start(List<String> command) throws IOException {
        if (socket.toString().length() > MAX_SOCKET_PATH) {
            throw new IOException("the sandbox's state directory is too deep for a unix socket (" + socket + ")");
        }
        // the launcher replaces it too; gone now, nothing but the new supervisor can answer below
        Files.deleteIfExists(socketDirectory().resolve("sock"));
        Path secretFile = directory.resolve("supervisor.secret");
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        Files.deleteIfExists(secretFile);
        Files.createFile(
                secretFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(secretFile, HexFormat.of().formatHex(secret));
        Path log = directory.resolve("supervisor.log");
        Process p = new ProcessBuilder(command)
                .redirectInput(secretFile.toFile())
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectErrorStream(true)
                .start();
        Files.writeString(directory.resolve("supervisor.pid"), Long.toString(p.pid()));
        Supervisor candidate = new Supervisor(UnixDomainSocketAddress.of(socket), secret(secretFile));
        long deadline = System.currentTimeMillis() + READY_MILLIS;
        while (true) {
            try {
                hello = candidate.hello();
                supervisor = candidate;
                return candidate;
            } catch (IOException e) {
                if (!p.isAlive() || System.currentTimeMillis() > deadline) {
                    p.destroyForcibly();
                    throw new IOException("the sandbox's container did not start"
                            + (p.isAlive() ? " within " + READY_MILLIS + " ms" : " (exit status " + p.exitValue() + ")")
                            + ": " + lastLines(log));
                }
                sleep(2);
            }
        }
    }

    /**
     * Ends the container: the supervisor ends its programs and itself; what does not end in time is killed. Waits
     * until the container's processes are gone, so that nothing holds the workspace any more.
     */
    synchronized void stop() {
        Supervisor s = supervisor;
        supervisor = null;
        if (s == null) {
            s = running().orElse(null);
            supervisor = null;
        }
        if (s != null) {
            try {
                s.shutdown(Duration.ofMillis(500));
            } catch (IOException e) {
                LOG.debugf("supervisor of %s did not take the shutdown: %s", directory, e.getMessage());
            }
        }
        outermost().ifPresent(h -> {
            try {
                h.onExit().get(5, TimeUnit.SECONDS);
            } catch (Exception e) {
                h.descendants().forEach(ProcessHandle::destroyForcibly);
                h.destroyForcibly();
            }
        });
    }

    /** The container's outermost process on this host, when it still runs. */
    private Optional<ProcessHandle> outermost() {
        try {
            long pid = Long.parseLong(
                    Files.readString(directory.resolve("supervisor.pid")).trim());
            return ProcessHandle.of(pid)
                    .filter(h ->
                            h.info().command().map(c -> c.endsWith("bwrap")).orElse(false));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * Puts the supervisor executable where containers take it from ({@code BIN/shellbox-supervisor}), unless the same
     * is there already; readable and executable by the programs' user.
     */
    static void install(Path bin) throws IOException {
        Path target = bin.resolve("shellbox-supervisor");
        byte[] wanted;
        try (InputStream in = Supervisor.executable()) {
            if (in == null) {
                throw new IOException("this build has no supervisor executable");
            }
            wanted = in.readAllBytes();
        }
        if (Files.exists(target) && java.util.Arrays.equals(Files.readAllBytes(target), wanted)) {
            return;
        }
        Files.createDirectories(bin);
        Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path partial = Files.createTempFile(bin, ".supervisor", "");
        Files.write(partial, wanted);
        Files.setPosixFilePermissions(partial, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static byte[] secret(Path file) throws IOException {
        return Files.readString(file).trim().getBytes(StandardCharsets.US_ASCII);
    }

    private static String lastLines(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("; ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
