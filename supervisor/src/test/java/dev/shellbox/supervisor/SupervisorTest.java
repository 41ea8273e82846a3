package dev.shellbox.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.UnixDomainSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real supervisor executable, started on this host without a container around it, driven through the Java client:
 * what the protocol promises, end to end.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SupervisorTest {
    private static final Map<String, String> ENV = Map.of("PATH", "/usr/bin:/bin", "LANG", "C.UTF-8");
    static final byte[] SECRET = "a-secret-of-at-least-sixteen-bytes".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    static Path dir;

    private static Process process;
    private static Supervisor supervisor;
    private static Path state;

    @BeforeAll
    static void startSupervisor() throws Exception {
        state = dir.resolve("state");
        process = launch(dir, state);
        supervisor = new Supervisor(UnixDomainSocketAddress.of(dir.resolve("sock")), SECRET);
    }

    /** Starts a supervisor with its socket {@code DIR/sock} and waits until it answers. */
    private static Process launch(Path dir, Path state) throws Exception {
        return launch(
                dir,
                state,
                List.of("--socket", dir.resolve("sock").toString()),
                UnixDomainSocketAddress.of(dir.resolve("sock")));
    }

    /** Starts a supervisor listening as {@code listen} says and waits until it answers at {@code address}. */
    private static Process launch(Path dir, Path state, List<String> listen, java.net.SocketAddress address)
            throws Exception {
        List<String> arguments = new ArrayList<>(List.of("--state", state.toString()));
        arguments.addAll(listen);
        return launch(dir, arguments, address);
    }

    /**
     * Starts the supervisor executable, installed as {@code DIR/shellbox-supervisor}, with {@code arguments} and waits
     * until it answers at {@code address}.
     */
    static Process launch(Path dir, List<String> arguments, java.net.SocketAddress address) throws Exception {
        Path executable = dir.resolve("shellbox-supervisor");
        try (InputStream in = Supervisor.executable()) {
            Files.copy(in, executable);
        }
        Files.setPosixFilePermissions(executable, PosixFilePermissions.fromString("rwx------"));
        Path secret = dir.resolve("secret");
        Files.write(secret, SECRET);
        List<String> argv = new ArrayList<>(List.of(executable.toString()));
        argv.addAll(arguments);
        Process started = new ProcessBuilder(argv)
                .redirectInput(secret.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("supervisor.log").toFile())
                .start();
        Supervisor client = new Supervisor(address, SECRET);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try {
                client.hello();
                return started;
            } catch (IOException e) {
                if (System.nanoTime() > deadline || !started.isAlive()) {
                    throw new AssertionError(
                            "supervisor did not answer: " + Files.readString(dir.resolve("supervisor.log")), e);
                }
                Thread.sleep(5);
            }
        }
    }

    @AfterAll
    static void stopSupervisor() throws Exception {
        if (process != null) {
            process.destroy();
            assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    private static Program run(String script) throws IOException {
        return supervisor.start(ProgramStart.piped(List.of("sh", "-c", script), "/", ENV, List.of()));
    }

    private static String text(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void greetsWithItsVersionAndRefusesAWrongSecret() throws Exception {
        Hello hello = supervisor.hello();
        assertThat(hello.version()).isEqualTo(1);
        assertThat(hello.pid()).isEqualTo(process.pid());
        Supervisor impostor =
                new Supervisor(UnixDomainSocketAddress.of(dir.resolve("sock")), "not-the-secret-at-all-no".getBytes());
        assertThatThrownBy(impostor::hello).isInstanceOf(SupervisorException.class);
        assertThat(supervisor.hello().instance()).isEqualTo(hello.instance());
    }

    @Test
    void runsAProgramWithItsArgumentsEnvironmentDirectoryAndStatus() throws Exception {
        Program p = supervisor.start(ProgramStart.piped(
                List.of("sh", "-c", "echo \"$1 $GREETING $(pwd)\"; echo oops >&2; exit 7", "sh", "world"),
                "/tmp",
                Map.of("PATH", "/usr/bin:/bin", "GREETING", "hello"),
                List.of()));
        p.stdin().close();
        assertThat(text(p.stdout())).isEqualTo("world hello /tmp\n");
        assertThat(text(p.stderr())).isEqualTo("oops\n");
        assertThat(p.waitFor().status()).isEqualTo(7);
    }

    @Test
    void aProgramThatCannotStartIsAnErrorNamingWhy() {
        assertThatThrownBy(() -> supervisor.start(ProgramStart.piped(List.of("no-such-program"), "/", ENV, List.of())))
                .isInstanceOfSatisfying(
                        SupervisorException.class, e -> assertThat(e.errno()).isEqualTo(2))
                .hasMessageContaining("no-such-program");
        assertThatThrownBy(() -> supervisor.start(ProgramStart.piped(List.of("true"), "/no/such/dir", ENV, List.of())))
                .isInstanceOfSatisfying(
                        SupervisorException.class, e -> assertThat(e.errno()).isEqualTo(2));
    }

    @Test
    void streamsManyMegabytesBothWaysWithBoundedWindows() throws Exception {
        Program p = supervisor.start(ProgramStart.piped(List.of("cat"), "/", ENV, List.of()));
        byte[] block = new byte[1 << 16];
        for (int i = 0; i < block.length; i++) {
            block[i] = (byte) (i * 31 + 7);
        }
        int blocks = 320; // 20 MiB
        MessageDigest sent = MessageDigest.getInstance("SHA-256");
        CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> {
            try {
                MessageDigest d = MessageDigest.getInstance("SHA-256");
                byte[] buf = new byte[8192];
                for (int n; (n = p.stdout().read(buf)) > 0; ) {
                    d.update(buf, 0, n);
                }
                return d.digest();
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        try (OutputStream in = p.stdin()) {
            for (int i = 0; i < blocks; i++) {
                in.write(block);
                sent.update(block);
            }
        }
        assertThat(received.get(30, TimeUnit.SECONDS)).isEqualTo(sent.digest());
        assertThat(p.waitFor().status()).isZero();
    }

    @Test
    void aReaderThatStopsReadingEndsTheWriterWithSigpipe() throws Exception {
        Program p = supervisor.start(ProgramStart.piped(List.of("yes"), "/", ENV, List.of()));
        byte[] first = p.stdout().readNBytes(4);
        assertThat(new String(first, StandardCharsets.US_ASCII)).isEqualTo("y\ny\n");
        p.stdout().close();
        assertThat(p.waitFor()).satisfies(e -> {
            assertThat(e.status()).isEqualTo(141);
            assertThat(e.signal()).isEqualTo(13);
        });
    }

    @Test
    void aKillReachesEveryProcessOfTheProgramAndLeavesNone() throws Exception {
        Program p = run("for i in 1 2 3; do (sleep 300; echo never) & done; sleep 300");
        // wait until the program's tree is up
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (sessionMembers(p.pid()).size() < 7 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(sessionMembers(p.pid())).hasSizeGreaterThanOrEqualTo(7);
        supervisor.signal(p.id(), 9, true);
        assertThat(p.waitFor().status()).isEqualTo(137);
        assertThat(sessionMembers(p.pid())).isEmpty();
        assertThatThrownBy(() -> supervisor.signal(p.id(), 9, true))
                .isInstanceOfSatisfying(
                        SupervisorException.class, e -> assertThat(e.errno()).isEqualTo(3));
    }

    @Test
    void aWholeProgramIsSignalledWhileItsSessionLivesAfterItsOwnProcessEnded() throws Exception {
        Program p = run("sleep 300 >/dev/null 2>&1 & sleep 301 >/dev/null 2>&1 & exit 0");
        p.close();
        assertThat(supervisor.waitFor(p.id()).status()).isZero();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (sessionMembers(p.pid()).size() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(sessionMembers(p.pid())).hasSize(2);
        // its own process is gone: alone, there is nothing to signal
        assertThatThrownBy(() -> supervisor.signal(p.id(), 9, false))
                .isInstanceOfSatisfying(
                        SupervisorException.class, e -> assertThat(e.errno()).isEqualTo(3));

        supervisor.signal(p.id(), 9, true);

        assertThat(sessionMembers(p.pid())).isEmpty();
        assertThatThrownBy(() -> supervisor.signal(p.id(), 9, true))
                .isInstanceOfSatisfying(
                        SupervisorException.class, e -> assertThat(e.errno()).isEqualTo(3));
        assertThat(supervisor.waitFor(p.id()).status()).isZero();
    }

    @Test
    void aSignalToTheProgramAloneCanBeTrapped() throws Exception {
        Program p = run("trap 'echo got TERM; exit 3' TERM; echo ready; while :; do sleep 0.05; done");
        byte[] ready = p.stdout().readNBytes(6);
        assertThat(new String(ready, StandardCharsets.US_ASCII)).isEqualTo("ready\n");
        supervisor.signal(p.id(), 15, false);
        assertThat(text(p.stdout())).isEqualTo("got TERM\n");
        assertThat(p.waitFor().status()).isEqualTo(3);
    }

    @Test
    void aProgramGoesOnIntoItsLogWhenItsChannelIsGone() throws Exception {
        Program p = run("i=0; while [ $i -lt 2000 ]; do echo line $i; i=$((i+1)); done; sleep 0.2; echo done");
        byte[] head = p.stdout().readNBytes(100);
        p.close();
        Exit exit = supervisor.waitFor(p.id());
        assertThat(exit.status()).isZero();
        ByteArrayOutputStream rest = new ByteArrayOutputStream();
        long offset = 0;
        LogChunk chunk;
        do {
            chunk = supervisor.readLog(p.id(), 1, offset, 4096);
            rest.write(chunk.data());
            offset = chunk.next();
        } while (chunk.data().length > 0);
        assertThat(chunk.ended()).isTrue();
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            expected.append("line ").append(i).append('\n');
        }
        expected.append("done\n");
        // what was streamed, then what the supervisor received after the channel closed: nothing lost, nothing twice,
        // except what was in flight to the closed channel (received by the supervisor, sent, never read)
        String all = new String(head, StandardCharsets.US_ASCII) + rest.toString(StandardCharsets.US_ASCII);
        assertThat(expected.toString()).endsWith(rest.toString(StandardCharsets.US_ASCII));
        assertThat(all.length()).isLessThanOrEqualTo(expected.length());
        assertThat(Files.readString(state.resolve("programs/" + p.id() + "/exit")))
                .startsWith("0 0 ");
    }

    @Test
    void logsAProgramStartedForTheBackgroundAndListsIt() throws Exception {
        Program p = supervisor.start(new ProgramStart(
                List.of("sh", "-c", "echo out; echo err >&2; exit 4"),
                "/",
                ENV,
                List.of(),
                null,
                false,
                ProgramStart.Output.LOG,
                ProgramStart.Output.LOG,
                ProgramStart.DEFAULT_WINDOW));
        assertThat(p.waitFor().status()).isEqualTo(4);
        p.close();
        assertThat(new String(supervisor.readLog(p.id(), 1, 0, 100).data())).isEqualTo("out\n");
        assertThat(new String(supervisor.readLog(p.id(), 2, 0, 100).data())).isEqualTo("err\n");
        assertThat(new String(supervisor.readLog(p.id(), 1, 2, 100).data())).isEqualTo("t\n");
        ProgramStatus listed = supervisor.list().stream()
                .filter(s -> s.id() == p.id())
                .findFirst()
                .orElseThrow();
        assertThat(listed.running()).isFalse();
        assertThat(listed.exit().status()).isEqualTo(4);
        assertThat(listed.stdoutLogBytes()).isEqualTo(4);
        assertThat(listed.argv()).containsExactly("sh", "-c", "echo out; echo err >&2; exit 4");
    }

    @Test
    void appliesResourceLimits() throws Exception {
        Program p = supervisor.start(ProgramStart.piped(
                List.of("sh", "-c", "ulimit -n; ulimit -f"),
                "/",
                ENV,
                List.of(
                        ProgramStart.Limit.of(ProgramStart.Limit.NOFILE, 64),
                        ProgramStart.Limit.of(ProgramStart.Limit.FSIZE, 1024 * 1024))));
        p.stdin().close();
        assertThat(text(p.stdout())).isEqualTo("64\n2048\n");
    }

    @Test
    void aTerminalHasItsSizeAndResizingSignalsTheProgram() throws Exception {
        Program p = supervisor.start(new ProgramStart(
                List.of("sh", "-c", "trap 'stty size' WINCH; stty size; echo ready; while :; do sleep 0.05; done"),
                "/",
                ENV,
                List.of(),
                new ProgramStart.TerminalSize(24, 80),
                true,
                ProgramStart.Output.STREAM,
                ProgramStart.Output.STREAM,
                ProgramStart.DEFAULT_WINDOW));
        StringBuilder seen = new StringBuilder();
        readUntil(p.stdout(), seen, "ready");
        assertThat(seen.toString()).contains("24 80");
        supervisor.resize(p.id(), new ProgramStart.TerminalSize(40, 120));
        readUntil(p.stdout(), seen, "40 120");
        supervisor.signal(p.id(), 9, true);
        assertThat(p.waitFor().status()).isEqualTo(137);
    }

    private static void readUntil(InputStream in, StringBuilder seen, String text) throws IOException {
        byte[] buf = new byte[256];
        while (!seen.toString().contains(text)) {
            int n = in.read(buf);
            assertThat(n).as("output ended before %s; saw %s", text, seen).isPositive();
            seen.append(new String(buf, 0, n, StandardCharsets.UTF_8));
        }
    }

    @Test
    void survivesMalformedFrames() throws Exception {
        try (var channel = java.nio.channels.SocketChannel.open(UnixDomainSocketAddress.of(dir.resolve("sock")))) {
            channel.write(java.nio.ByteBuffer.wrap(new byte[] {0x7f, 0, 0, 0, 1}));
            java.nio.ByteBuffer answer = java.nio.ByteBuffer.allocate(256);
            // an ERROR, then the connection closes
            while (channel.read(answer) >= 0) {
                assertThat(answer.position()).isLessThan(256);
            }
        }
        assertThat(supervisor.hello().version()).isEqualTo(1);
    }

    /** Processes of this host in the session that {@code leader} leads. */
    private static List<Long> sessionMembers(long leader) throws IOException {
        List<Long> members = new ArrayList<>();
        try (var procs = Files.newDirectoryStream(
                Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path proc : procs) {
                String stat;
                try {
                    stat = Files.readString(proc.resolve("stat"));
                } catch (IOException e) {
                    continue;
                }
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                if (Long.parseLong(fields[3]) == leader && !fields[0].equals("Z")) {
                    members.add(Long.parseLong(proc.getFileName().toString()));
                }
            }
        }
        return members;
    }

    @Test
    void aShutdownEndsEveryProgramAndThenTheSupervisor(@TempDir Path other) throws Exception {
        Process second = launch(other, other.resolve("state"));
        Supervisor client = new Supervisor(UnixDomainSocketAddress.of(other.resolve("sock")), SECRET);
        Program stubborn = client.start(ProgramStart.piped(
                List.of("sh", "-c", "trap '' TERM; echo ready; while :; do sleep 0.05; done"), "/", ENV, List.of()));
        assertThat(new String(stubborn.stdout().readNBytes(6), StandardCharsets.US_ASCII))
                .isEqualTo("ready\n");
        Program polite = client.start(ProgramStart.piped(List.of("sleep", "300"), "/", ENV, List.of()));
        client.shutdown(Duration.ofMillis(300));
        assertThat(second.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(second.exitValue()).isZero();
        assertThat(sessionMembers(stubborn.pid())).isEmpty();
        assertThat(sessionMembers(polite.pid())).isEmpty();
    }

    @Test
    void aLauncherHandsTheStateDirectoryAndTheSocketOnAsFdsThatNoProgramInherits(@TempDir Path other) throws Exception {
        Path state = other.resolve("state");
        Path socket = other.resolve("sock");
        // a socket file an earlier supervisor left
        try (var stale = java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            stale.bind(UnixDomainSocketAddress.of(socket));
        }
        assertThat(socket).exists();
        Process launched = launch(
                other,
                List.of(
                        "--prepare",
                        "--state",
                        state.toString(),
                        "--socket",
                        socket.toString(),
                        "--",
                        other.resolve("shellbox-supervisor").toString(),
                        "--state-fd",
                        "3",
                        "--socket-fd",
                        "4"),
                UnixDomainSocketAddress.of(socket));
        try {
            Supervisor client = new Supervisor(UnixDomainSocketAddress.of(socket), SECRET);
            // the launcher became the supervisor
            assertThat(client.hello().pid()).isEqualTo(launched.pid());
            Program p = client.start(ProgramStart.piped(
                    List.of("sh", "-c", "echo logged >&2; ls /proc/$$/fd; readlink /proc/$$/fd/3 /proc/$$/fd/4"),
                    "/",
                    ENV,
                    List.of()));
            p.stdin().close();
            assertThat(text(p.stdout()).split("\n")).containsExactlyInAnyOrder("0", "1", "2");
            assertThat(p.waitFor().status()).isNotZero();
            assertThat(Files.readString(state.resolve("programs/" + p.id() + "/exit")))
                    .startsWith(p.waitFor().status() + " 0 ");
            assertThat(Files.readString(state.resolve("supervisor.pid")).trim())
                    .isEqualTo(Long.toString(launched.pid()));
        } finally {
            launched.destroy();
            assertThat(launched.waitFor(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void aLauncherThatCannotMakeItsSocketStartsNothing(@TempDir Path other) throws Exception {
        Path executable = other.resolve("shellbox-supervisor");
        try (InputStream in = Supervisor.executable()) {
            Files.copy(in, executable);
        }
        Files.setPosixFilePermissions(executable, PosixFilePermissions.fromString("rwx------"));
        Path marker = other.resolve("ran");
        Process p = new ProcessBuilder(
                        executable.toString(),
                        "--prepare",
                        "--state",
                        other.resolve("state").toString(),
                        "--socket",
                        other.resolve("no/such/dir/sock").toString(),
                        "--",
                        "touch",
                        marker.toString())
                .redirectErrorStream(true)
                .start();
        String printed = text(p.getInputStream());
        assertThat(p.waitFor()).isEqualTo(1);
        assertThat(printed).contains("no/such/dir/sock");
        assertThat(marker).doesNotExist();
    }

    @Test
    void speaksTheSameProtocolOverTcp(@TempDir Path other) throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        var address = new java.net.InetSocketAddress("127.0.0.1", port);
        Process tcp = launch(other, other.resolve("state"), List.of("--listen", "tcp:" + port), address);
        try {
            Supervisor client = new Supervisor(address, SECRET);
            Program p = client.start(ProgramStart.piped(List.of("sh", "-c", "cat; exit 5"), "/", ENV, List.of()));
            try (OutputStream in = p.stdin()) {
                in.write("over tcp\n".getBytes(StandardCharsets.US_ASCII));
            }
            assertThat(text(p.stdout())).isEqualTo("over tcp\n");
            assertThat(p.waitFor().status()).isEqualTo(5);
            Supervisor impostor = new Supervisor(address, "not-the-secret-at-all-no".getBytes());
            assertThatThrownBy(impostor::hello).isInstanceOf(SupervisorException.class);
        } finally {
            tcp.destroy();
            assertThat(tcp.waitFor(10, TimeUnit.SECONDS)).isTrue();
        }
    }
}
