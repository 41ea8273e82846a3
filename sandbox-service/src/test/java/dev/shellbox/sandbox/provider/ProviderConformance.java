package dev.shellbox.sandbox.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.sandbox.provider.Box.Run;
import dev.shellbox.supervisor.Exit;
import dev.shellbox.supervisor.LogChunk;
import dev.shellbox.supervisor.Program;
import dev.shellbox.supervisor.ProgramStart;
import dev.shellbox.supervisor.ProgramStart.Output;
import dev.shellbox.supervisor.ProgramStart.TerminalSize;
import dev.shellbox.supervisor.ProgramStatus;
import dev.shellbox.supervisor.Supervisor;
import dev.shellbox.supervisor.SupervisorException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What every container provider promises, as tests: a provider runs them by subclassing this class and saying how to
 * open its containers ({@link #provider()}, {@link #spec}) and how to make a new instance of itself, as a restarted
 * service does ({@link #restartedProvider()}). Programs run as the service runs them: escalated stages of the real
 * interpreter's pipelines over a sandbox's in-memory files ({@link Box}), or programs started through the sandbox's
 * supervisor ({@link SandboxContainer#supervisor()}).
 *
 * <p>A program is a session: the supervisor starts each program as a session leader, and a signal to the whole program
 * reaches every process of that session, wherever in the tree it is (children, grandchildren, orphans re-parented to
 * the supervisor). A process that leaves the session ({@code setsid}) leaves the program: a signal to the program no
 * longer reaches it, and it runs until it ends or the container stops; {@link SandboxContainer#stop} and {@link
 * SandboxContainer#destroy} end it with everything else in the container.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
public abstract class ProviderConformance {
    /** What a sandbox's plan gives one program and its children, unless a test says otherwise. */
    protected static final int PROCESSES = 64;
    /** What a sandbox's plan gives each program's address space, unless a test says otherwise. */
    protected static final long MEMORY = 4L << 30;
    /** What a sandbox's plan lets its workspace hold. */
    protected static final long STORAGE = 1L << 30;

    private static final int SIGKILL = 9;
    private static final int SIGTERM = 15;
    private static final int ENOENT = 2;

    private final List<SandboxContainer> opened = new ArrayList<>();

    /** The provider under test: one instance for every test of the class. */
    protected abstract ContainerProvider provider();

    /** A new instance of the provider with the same settings, as a restarted service makes it. */
    protected abstract ContainerProvider restartedProvider();

    /** The largest file a program may write, as the provider is configured. */
    protected abstract long fileSizeLimit();

    /**
     * Host paths that hold a sandbox's private state (its workspace, its supervisor's secret): no program, of that
     * sandbox or another, may read them.
     */
    protected abstract List<String> privateHostPaths(String sandboxId);

    /** The container of a sandbox this provider has not seen yet (a fresh id), with its plan's allowances. */
    protected ContainerSpec spec(long memoryBytes, long processes) {
        String id = "conf-" + UUID.randomUUID().toString().substring(0, 8);
        return new ContainerSpec(id, ContainerNetwork.NONE, memoryBytes, processes, STORAGE);
    }

    /**
     * How many processes of programs, wherever they run, have {@code mark} in their command line. Programs of the
     * local and docker providers are processes of this host; providers whose programs run elsewhere override it.
     */
    protected long processesMarked(String mark) throws IOException {
        long n = 0;
        try (var entries = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path p : entries) {
                try {
                    String cmdline = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.ISO_8859_1);
                    n += cmdline.contains(mark) ? 1 : 0;
                } catch (IOException e) {
                    // ended meanwhile
                }
            }
        }
        return n;
    }

    /** Opens a container for {@code spec} (destroyed after the test) and a sandbox around it. */
    protected Box box(ContainerSpec spec) throws IOException {
        SandboxContainer container = provider().open(spec);
        opened.add(container);
        return new Box(container);
    }

    protected Box box() throws IOException {
        return box(spec(MEMORY, PROCESSES));
    }

    @AfterEach
    void destroyContainers() {
        Collections.reverse(opened);
        for (SandboxContainer container : opened) {
            container.destroy();
        }
        opened.clear();
    }

    /** The box's supervisor, with the box's files in the workspace so that programs find them. */
    private static Supervisor supervisorOf(Box box) throws IOException {
        box.container.syncIn(box.files);
        return box.container.supervisor();
    }

    /** A program whose output goes to its logs only, as the Processes API starts one. */
    private static ProgramStart logged(String... argv) {
        return new ProgramStart(
                List.of(argv),
                "/workspace",
                Box.ENV,
                List.of(),
                null,
                false,
                Output.LOG,
                Output.LOG,
                ProgramStart.DEFAULT_WINDOW);
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 20 s: " + what);
            }
            Thread.sleep(20);
        }
    }

    private long marked(String mark) {
        try {
            return processesMarked(mark);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * A python3 script that forks up to {@code attempts} children, each living {@code childSeconds} without holding
     * the exec's output, stops at the first refusal, and prints how many it started.
     */
    private static String forkUntilRefused(int attempts, int childSeconds) {
        return "python3 - <<'EOF'\n"
                + "import os, time\n"
                + "n = 0\n"
                + "for i in range(" + attempts + "):\n"
                + "    try:\n"
                + "        if os.fork() == 0:\n"
                + "            os.close(1); os.close(2)\n"
                + "            time.sleep(" + childSeconds + ")\n"
                + "            os._exit(0)\n"
                + "        n += 1\n"
                + "    except OSError:\n"
                + "        break\n"
                + "print(n)\n"
                + "EOF\n";
    }

    /**
     * A bash script, {@code /workspace/tree.sh MARK}, that starts six sleeping processes marked {@code MARK-...}:
     * children, grandchildren, a great-grandchild orphaned to the supervisor, and a child of python's own fork.
     */
    private static final String TREE = """
            m=$1
            sleeper() { exec python3 -c 'import time; time.sleep(600)' "$m-$1"; }
            sleeper child &
            ( sleeper grandchild & sleeper grandchild2 ) &
            ( ( sleeper orphan & ) ; wait ) &
            python3 -c 'import os, sys, time
            if os.fork() == 0:
                os.execvp("python3", ["python3", "-c", "import time; time.sleep(600)", sys.argv[1] + "-forked"])
            time.sleep(600)' "$m-forker" &
            wait
            """;

    private static final int TREE_SLEEPERS = 6;

    // ---- start, streams, exit statuses ----

    @Test
    void runsPythonAndNodeOneLiners() throws Exception {
        Box box = box();
        Run r = box.run("python3 -c 'print(6*7)'; node -e 'console.log(6*7)'");
        assertThat(r.stdout()).isEqualTo("42\n42\n");
        assertThat(r.status()).isZero();
    }

    @Test
    void startsProgramsThroughTheSupervisorAndRefusesOnesThatDoNotExist() throws Exception {
        Box box = box();
        Supervisor s = supervisorOf(box);
        try (Program p = s.start(
                ProgramStart.piped(List.of("sh", "-c", "echo $$ $PWD $HOME"), "/workspace", Box.ENV, List.of()))) {
            String out = new String(p.stdout().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(out).isEqualTo(p.pid() + " /workspace /home/user\n");
            assertThat(p.waitFor().status()).isZero();
        }
        assertThatThrownBy(() -> s.start(logged("/usr/bin/no-such-program")))
                .isInstanceOfSatisfying(
                        SupervisorException.class, e -> assertThat(e.errno()).isEqualTo(ENOENT));
    }

    @Test
    void stdinStdoutAndStderrAreTheProgramsOwn() throws Exception {
        Box box = box();
        Run r = box.run(
                "python3 -c 'import sys; d = sys.stdin.read(); print(d.upper(), end=\"\"); print(\"to err\","
                        + " file=sys.stderr)'",
                "one\ntwo\n".getBytes(StandardCharsets.UTF_8));
        assertThat(r.stdout()).isEqualTo("ONE\nTWO\n");
        assertThat(r.stderr()).isEqualTo("to err\n");
        assertThat(box.run("printf 'a\\nb\\n' | python3 -c 'import sys; print(len(sys.stdin.readlines()))'")
                        .stdout())
                .isEqualTo("2\n");
    }

    @Test
    void largeStreamsFlowBothWaysThroughAnExec() throws Exception {
        Box box = box();
        StringBuilder input = new StringBuilder();
        for (int i = 0; input.length() < (12 << 20); i++) {
            input.append("line ").append(i).append('\n');
        }
        Run r = box.run(
                "python3 -c 'import sys; sys.stdout.write(sys.stdin.read().upper())' | python3 -c 'import sys;"
                        + " [sys.stdout.write(l) or sys.stderr.write(l) for l in sys.stdin]' 2>/dev/null",
                input.toString().getBytes(StandardCharsets.UTF_8));
        assertThat(r.status()).isZero();
        assertThat(r.stdout().length()).isEqualTo(input.length());
        assertThat(r.stdout()).isEqualTo(input.toString().toUpperCase());
    }

    @Test
    void largeStdoutAndStderrAtOnceDoNotStallAProgramOfTheSupervisor() throws Exception {
        Box box = box();
        Supervisor s = supervisorOf(box);
        byte[] data = new byte[24 << 20];
        new Random(7).nextBytes(data);
        String echo = """
                import sys
                while True:
                    b = sys.stdin.buffer.read1(65536)
                    if not b:
                        break
                    sys.stdout.buffer.write(b)
                    sys.stderr.buffer.write(b[::-1])
                """;
        try (Program p =
                s.start(ProgramStart.piped(List.of("python3", "-c", echo), "/workspace", Box.ENV, List.of()))) {
            CompletableFuture<byte[]> out = drain(p.stdout());
            CompletableFuture<byte[]> err = drain(p.stderr());
            try (OutputStream in = p.stdin()) {
                for (int at = 0; at < data.length; at += 1 << 20) {
                    in.write(data, at, Math.min(1 << 20, data.length - at));
                }
            }
            assertThat(Arrays.equals(out.get(60, TimeUnit.SECONDS), data))
                    .as("stdout is stdin")
                    .isTrue();
            assertThat(err.get(60, TimeUnit.SECONDS)).hasSize(data.length);
            assertThat(p.waitFor().status()).isZero();
        }
    }

    private static CompletableFuture<byte[]> drain(InputStream in) {
        CompletableFuture<byte[]> all = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                all.complete(in.readAllBytes());
            } catch (IOException e) {
                all.completeExceptionally(e);
            }
        });
        t.setDaemon(true);
        t.start();
        return all;
    }

    @Test
    void streamsThroughPipelinesMixingBuiltInAndEscalatedStages() throws Exception {
        Box box = box();
        assertThat(box.run("seq 5 | python3 -c 'import sys; [print(int(l)*10) for l in sys.stdin]' | sort -r | head -2")
                        .stdout())
                .isEqualTo("50\n40\n");
        assertThat(box.run("python3 -c 'print(\"b\\na\")' | sort | node -e"
                                + " 'process.stdin.on(\"data\", d => process.stdout.write(String(d).toUpperCase()))'")
                        .stdout())
                .isEqualTo("A\nB\n");
    }

    @Test
    void anEndlessProducerStopsWhenHeadHasItsLine() throws Exception {
        Box box = box();
        Run r = box.run("yes | python3 -c 'import sys; [sys.stdout.write(l) for l in sys.stdin]' | head -1");
        assertThat(r.stdout()).isEqualTo("y\n");
        assertThat(r.status()).isZero();
    }

    @Test
    void exitStatusesAndPipestatusAreThePrograms() throws Exception {
        Box box = box();
        Run r = box.run("""
                python3 -c 'import sys; sys.exit(3)' | true; echo "${PIPESTATUS[@]}"
                false | python3 -c 'import sys; sys.exit(4)'; echo $?
                set -o pipefail; python3 -c 'import sys; sys.exit(5)' | cat; echo $?
                python3 -c 'import os; os.kill(os.getpid(), 9)'; echo $?
                """);
        assertThat(r.stdout()).isEqualTo("3 0\n4\n5\n137\n");
    }

    @Test
    void aProgramEndedBySignalNHasStatus128PlusN() throws Exception {
        Box box = box();
        Supervisor s = supervisorOf(box);
        Program killedItself = s.start(logged("sh", "-c", "kill -TERM $$; sleep 5"));
        Exit exit = s.waitFor(killedItself.id());
        killedItself.close();
        assertThat(exit.status()).isEqualTo(128 + SIGTERM);
        assertThat(exit.signal()).isEqualTo(SIGTERM);
        Program exited = s.start(logged("sh", "-c", "exit 7"));
        assertThat(s.waitFor(exited.id())).satisfies(e -> {
            assertThat(e.status()).isEqualTo(7);
            assertThat(e.signal()).isZero();
        });
        exited.close();
    }

    @Test
    void anUnknownProgramIsNotFoundAsInBash() throws Exception {
        Box box = box();
        Run r = box.run("nosuchprog --help; echo $?");
        assertThat(r.stdout()).isEqualTo("127\n");
        assertThat(r.stderr()).endsWith("nosuchprog: command not found\n");
        assertThat(box.container.locate("python3", Map.of("PATH", "/usr/bin"))).contains("/usr/bin/python3");
        assertThat(box.container.locate("python3", Map.of("PATH", "/workspace/bin")))
                .isEmpty();
    }

    // ---- signals reach the whole program ----

    @Test
    void aLaterExecSignalsABackgroundProgramThatOutlivedItsExec() throws Exception {
        Box box = box();
        box.run("python3 -c 'import time; time.sleep(600)' &");
        Run r = box.run("jobs; kill %1; wait %1; echo status=$?");
        assertThat(r.stdout()).contains("Running", "python3 -c", "status=143");
    }

    @Test
    void killDash9OfAJobLeavesNoProcessOfItsTree() throws Exception {
        Box box = box();
        String mark = "tree-" + UUID.randomUUID();
        box.files.addFile(
                "/workspace/tree.sh", 0644, System.currentTimeMillis(), TREE.getBytes(StandardCharsets.UTF_8), null);
        // the job is one escalated program (the interpreter runs a bare "bash script" itself) that starts the tree
        box.run("python3 -c 'import subprocess, sys; subprocess.run([\"bash\", \"tree.sh\", sys.argv[1]])' " + mark
                + " &");
        await("the tree's sleepers run", () -> marked(mark + "-") == TREE_SLEEPERS);

        Run r = box.run("kill -9 %1; wait %1; echo $?");

        assertThat(marked(mark)).as("survivors").isZero();
        assertThat(r.stdout()).isEqualTo("137\n");
    }

    @Test
    void killDash9OfAScriptJobEndsItWithItsStatusAndItsPrograms() throws Exception {
        Box box = box();
        String mark = "tree-" + UUID.randomUUID();
        box.files.addFile(
                "/workspace/tree.sh", 0644, System.currentTimeMillis(), TREE.getBytes(StandardCharsets.UTF_8), null);
        // the interpreter runs the script, and each of its python3 programs is escalated on its own; the kill comes
        // within the same exec (an in-process job does not outlive its exec: only its programs do)
        Run r = box.run("bash /workspace/tree.sh " + mark + " & sleep 1; kill -9 %1; wait %1; echo $?");
        assertThat(r.stdout()).isEqualTo("137\n");

        // unlike bash, where they would outlive it as orphans, the killed job's programs end with it
        await("the killed job's programs end", () -> marked(mark) == 0);
    }

    @Test
    void theSupervisorsSigkillOfAWholeProgramLeavesNoProcessOfItsTree() throws Exception {
        Box box = box();
        String mark = "tree-" + UUID.randomUUID();
        box.files.addFile(
                "/workspace/tree.sh", 0644, System.currentTimeMillis(), TREE.getBytes(StandardCharsets.UTF_8), null);
        Supervisor s = supervisorOf(box);
        Program p = s.start(logged("bash", "/workspace/tree.sh", mark));
        p.close();
        await("the tree's sleepers run", () -> marked(mark + "-") == TREE_SLEEPERS);

        s.signal(p.id(), SIGKILL, true);

        assertThat(marked(mark)).as("survivors").isZero();
        assertThat(s.waitFor(p.id()).status()).isEqualTo(128 + SIGKILL);
    }

    @Test
    void aSignalToTheProgramsOwnProcessLeavesItsChildren() throws Exception {
        Box box = box();
        String mark = "tree-" + UUID.randomUUID();
        box.files.addFile(
                "/workspace/tree.sh", 0644, System.currentTimeMillis(), TREE.getBytes(StandardCharsets.UTF_8), null);
        Supervisor s = supervisorOf(box);
        Program p = s.start(logged("bash", "/workspace/tree.sh", mark));
        p.close();
        await("the tree's sleepers run", () -> marked(mark + "-") == TREE_SLEEPERS);

        s.signal(p.id(), SIGKILL, false);

        assertThat(s.waitFor(p.id()).status()).isEqualTo(128 + SIGKILL);
        assertThat(marked(mark + "-")).isEqualTo(TREE_SLEEPERS);
        box.container.stop();
        assertThat(marked(mark)).as("survivors of stop").isZero();
    }

    @Test
    void aProcessThatLeftTheProgramsSessionEndsWithTheContainer() throws Exception {
        Box box = box();
        String mark = "escapee-" + UUID.randomUUID();
        Supervisor s = supervisorOf(box);
        Program p = s.start(logged(
                "bash",
                "-c",
                "setsid python3 -c 'import time; time.sleep(600)' \"$0-escaped\" & python3 -c 'import time;"
                        + " time.sleep(600)' \"$0-stayed\"",
                mark));
        p.close();
        await("both sleep", () -> marked(mark + "-") == 2);

        s.signal(p.id(), SIGKILL, true);
        // the program's session is gone; the escapee is no longer part of the program (see the class comment)
        assertThat(marked(mark + "-stayed")).isZero();

        box.container.stop();
        assertThat(marked(mark)).as("survivors of stop").isZero();
    }

    @Test
    void killProgramsLeavesNoProcessOfAProgramWhoseFirstProcessEnded() throws Exception {
        Box box = box();
        String mark = "left-" + UUID.randomUUID();
        Supervisor s = supervisorOf(box);
        Program p = s.start(logged("sh", "-c", "python3 -c 'import time; time.sleep(600)' \"$0\" & exit 0", mark));
        p.close();
        assertThat(s.waitFor(p.id()).status()).isZero();
        await("the sleeper runs", () -> marked(mark) == 1);

        box.container.killPrograms();

        assertThat(marked(mark)).as("survivors").isZero();
    }

    // ---- terminals ----

    @Test
    void aTerminalHasItsSizeAndAResizeDeliversSigwinchWithTheNewSize() throws Exception {
        Box box = box();
        Supervisor s = supervisorOf(box);
        ProgramStart start = new ProgramStart(
                List.of(
                        "bash",
                        "-c",
                        "[ -t 0 ] && [ -t 1 ] && echo tty; stty size; trap 'stty size; exit 3' WINCH; echo ready;"
                                + " while :; do sleep 0.05; done"),
                "/workspace",
                Box.ENV,
                List.of(),
                new TerminalSize(24, 80),
                true,
                Output.STREAM,
                Output.MERGED,
                ProgramStart.DEFAULT_WINDOW);
        try (Program p = s.start(start)) {
            String before = readUntil(p.stdout(), "ready");
            assertThat(before.replace("\r", "")).startsWith("tty\n24 80\n");

            s.resize(p.id(), new TerminalSize(40, 120));

            String after = new String(p.stdout().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(after.replace("\r", "")).contains("40 120\n");
            assertThat(p.waitFor().status()).isEqualTo(3);
        }
    }

    private static String readUntil(InputStream in, String wanted) throws IOException {
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        while (!seen.toString(StandardCharsets.UTF_8).contains(wanted)) {
            int n = in.read(buffer);
            if (n < 0) {
                throw new AssertionError("ended before '" + wanted + "': " + seen);
            }
            seen.write(buffer, 0, n);
        }
        return seen.toString(StandardCharsets.UTF_8);
    }

    // ---- limits ----

    @Test
    void aProgramCannotAllocateBeyondThePlansMemory() throws Exception {
        Box box = box(spec(256L << 20, PROCESSES));
        Run r = box.run("""
                python3 -c 'b = bytearray(64 << 20); print("64 MiB")'
                python3 -c 'b = bytearray(512 << 20); print("512 MiB")'; echo $?
                """);
        assertThat(r.stdout()).isEqualTo("64 MiB\n1\n");
        assertThat(r.stderr()).contains("MemoryError");
    }

    @Test
    void aForkBombStopsAtTheProcessAllowanceAndOtherSandboxesStillRun() throws Exception {
        Box greedy = box();
        Box other = box();
        // the greedy sandbox's children hold its whole process allowance for a while after its exec ends
        Run filled = greedy.run(forkUntilRefused(100000, 20));
        assertThat(Integer.parseInt(filled.stdout().strip())).isBetween(PROCESSES / 2, PROCESSES - 1);
        assertThat(other.run("python3 -c 'print(2)'").stdout()).isEqualTo("2\n");
        greedy.container.killPrograms();
    }

    @Test
    void thePlansProcessAllowanceAppliesWhenBelowTheHosts() throws Exception {
        Box small = box(spec(MEMORY, 16));
        Run r = small.run(forkUntilRefused(100, 2));
        assertThat(Integer.parseInt(r.stdout().strip())).isBetween(4, 15);
    }

    @Test
    void aFileCannotGrowBeyondTheFileSizeLimit() throws Exception {
        Box box = box();
        long mib = (fileSizeLimit() >> 20) + 4;
        Run r = box.run("python3 -c 'f = open(\"/workspace/big\", \"wb\"); [f.write(bytes(1 << 20)) for _ in range("
                + mib + ")]'; echo $?");
        assertThat(r.stdout()).isNotEqualTo("0\n");
        assertThat(r.stderr()).contains("File too large");
        assertThat(box.files.stat("/workspace/big").size()).isLessThanOrEqualTo(fileSizeLimit());
        assertThat(box.run("python3 -c 'print(1)'").stdout()).isEqualTo("1\n");
    }

    // ---- files ----

    @Test
    void filesWrittenByProgramsComeBackAndTheShellsFilesGoIn() throws Exception {
        Box box = box();
        Run r = box.run("""
                echo from-shell > /workspace/in.txt
                python3 -c 'open("/workspace/out.txt", "w").write(open("in.txt").read().upper() + "beta\\n")'
                grep -c . /workspace/out.txt
                python3 -c 'import os; os.makedirs("/workspace/d/e"); os.symlink("out.txt", "/workspace/link");\
                 os.chmod("/workspace/out.txt", 0o600); os.remove("/workspace/in.txt")'
                cat /workspace/link; stat -c %a /workspace/out.txt; ls /workspace
                """);
        assertThat(r.stdout()).isEqualTo("2\nFROM-SHELL\nbeta\n600\nd\nlink\nout.txt\n");
        assertThat(box.read("/workspace/out.txt")).isEqualTo("FROM-SHELL\nbeta\n");
        assertThat(box.files.readSymlink("/workspace/link")).isEqualTo("out.txt");
        assertThat(box.files.lstat("/workspace/d/e").isDirectory()).isTrue();
        assertThat(box.files.exists("/workspace/in.txt")).isFalse();
        // a change the shell makes after a program ran reaches the next program
        assertThat(box.run(
                                "echo again > /workspace/out.txt; rm -r /workspace/d; python3 -c 'import os;"
                                        + " print(open(\"/workspace/out.txt\").read().strip(), os.path.exists(\"/workspace/d\"))'")
                        .stdout())
                .isEqualTo("again False\n");
    }

    @Test
    void whatAProgramOfTheSupervisorChangedComesBackAtTheNextSync() throws Exception {
        Box box = box();
        box.run("echo keep > /workspace/keep.txt; echo gone > /workspace/gone.txt; mkdir -p /home/user/.cache");
        Supervisor s = supervisorOf(box);
        Program p = s.start(logged(
                "sh",
                "-c",
                "cat keep.txt > copy.txt && rm gone.txt && echo cached > /home/user/.cache/x && echo"
                        + " scratch > /tmp/scratch"));
        assertThat(s.waitFor(p.id()).status()).isZero();
        p.close();

        box.container.syncOut(box.files, null);

        assertThat(box.read("/workspace/copy.txt")).isEqualTo("keep\n");
        assertThat(box.files.exists("/workspace/gone.txt")).isFalse();
        assertThat(box.read("/home/user/.cache/x")).isEqualTo("cached\n");
        assertThat(box.read("/tmp/scratch")).isEqualTo("scratch\n");
    }

    // ---- isolation ----

    @Test
    void programsCannotReachTheHostOrOtherSandboxes() throws Exception {
        ContainerSpec otherSpec = spec(MEMORY, PROCESSES);
        Box other = box(otherSpec);
        other.run("echo secret > /workspace/secret.txt; python3 -c 'pass'");
        ContainerSpec spec = spec(MEMORY, PROCESSES);
        Box box = box(spec);
        box.run("python3 -c 'pass'");
        List<String> forbidden = new ArrayList<>();
        forbidden.addAll(privateHostPaths(otherSpec.sandboxId()));
        forbidden.addAll(privateHostPaths(spec.sandboxId()));
        forbidden.add(Path.of("").toAbsolutePath().toString());
        forbidden.add("/root");
        forbidden.add("/etc/shadow");
        forbidden.add("/proc/1/environ");
        forbidden.add("/proc/1/mem");
        // the supervisor's fds: its socket and state directory, among others
        forbidden.add("/proc/1/fd");
        forbidden.add("/proc/1/fd/3");
        forbidden.add("/proc/1/fd/4");
        forbidden.add("/proc/1/fdinfo");
        forbidden.add("/proc/1/cwd");
        forbidden.add("/proc/1/root/etc/hostname");
        StringBuilder script = new StringBuilder("""
                python3 - <<'EOF'
                import os
                def attempt(what, action):
                    try:
                        action()
                        print(what, 'POSSIBLE')
                    except OSError as e:
                        print(what, 'refused')
                def read(path):
                    if os.path.isdir(path):
                        os.listdir(path)
                    else:
                        open(path, 'rb').read(1)
                """);
        for (String path : forbidden) {
            script.append("attempt('read ")
                    .append(path)
                    .append("', lambda: read('")
                    .append(path)
                    .append("'))\n");
        }
        for (String path : List.of("/usr/bin/evil", "/evil", "/etc/passwd", "/dev/evil", "/proc/sys/kernel/evil")) {
            script.append("attempt('write ")
                    .append(path)
                    .append("', lambda: open('")
                    .append(path);
            script.append("', 'a').write('x'))\n");
        }
        script.append("""
                cmdlines = [open('/proc/' + p + '/cmdline').read() for p in os.listdir('/proc') if p.isdigit()]
                print('java' in ' '.join(cmdlines), len(cmdlines) < 5)
                print(sorted(os.environ))
                EOF
                """);
        Run r = box.run(script.toString());
        assertThat(r.stdout()).as(r.stderr()).contains("False True").doesNotContain("POSSIBLE");
        for (String path : forbidden) {
            assertThat(r.stdout()).contains("read " + path + " refused");
        }
        for (String hostVariable : System.getenv().keySet()) {
            if (!box.shell.environment().containsKey(hostVariable)) {
                assertThat(r.stdout()).doesNotContain("'" + hostVariable + "'");
            }
        }
    }

    @Test
    void programsCannotEndTheirSandboxsSupervisorWithSignals() throws Exception {
        Box box = box();
        long instance = supervisorOf(box).hello().instance();
        Run r = box.run("python3 -c 'import os, signal\n"
                + "for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGKILL):\n"
                + "    try:\n"
                + "        os.kill(1, s)\n"
                + "    except OSError as e:\n"
                + "        print(s.name, e.errno)\n"
                + "'; echo sent");
        assertThat(r.stdout()).endsWith("sent\n");
        Thread.sleep(200);
        assertThat(supervisorOf(box).hello().instance())
                .as("the same supervisor")
                .isEqualTo(instance);
        assertThat(box.run("python3 -c 'print(1)'").stdout()).isEqualTo("1\n");
    }

    @Test
    void programsCannotTamperWithTheSupervisorsSocketOrLogs() throws Exception {
        Box box = box();
        Supervisor s = supervisorOf(box);
        Program logged = s.start(logged("echo", "real output"));
        s.waitFor(logged.id());
        logged.close();
        Run r = box.run("""
                python3 - <<'EOF'
                import os
                def attempt(what, action):
                    try:
                        action()
                        print(what, 'POSSIBLE')
                    except OSError as e:
                        print(what, 'refused')
                attempt('create', lambda: open('/run/shellbox/evil', 'w').write('x'))
                attempt('log', lambda: open('/run/shellbox/programs/%d/stdout', 'w').write('forged'))
                attempt('socket', lambda: os.rename('/run/shellbox/sock', '/run/shellbox/sock.moved'))
                for fd in range(3, 8):
                    attempt('fd %%d' %% fd, lambda: os.readlink('/proc/1/fd/%%d' %% fd))
                    attempt('write fd %%d' %% fd, lambda: open('/proc/1/fd/%%d' %% fd, 'w').write('x'))
                # no socket path of this network namespace is the supervisor's, and no program got its fds
                print('sockets', sorted(l.split()[7] for l in open('/proc/net/unix').read().splitlines()[1:]
                                        if len(l.split()) > 7))
                print('fds', sorted(os.listdir('/proc/self/fd')))
                EOF
                """.formatted(logged.id()));
        assertThat(r.stdout())
                .as(r.stderr())
                .doesNotContain("POSSIBLE")
                .contains("sockets []", "fds ['0', '1', '2', '3']");
        assertThat(log(s, logged.id(), 1)).isEqualTo("real output\n");
    }

    // ---- crash survival ----

    @Test
    void programsSurviveTheServiceAndANewProviderFindsThem() throws Exception {
        ContainerSpec spec = spec(MEMORY, PROCESSES);
        Box box = box(spec);
        Supervisor before = supervisorOf(box);
        Program server = before.start(logged(
                "python3",
                "-c",
                "import sys, time\nprint('serving', flush=True)\nprint('warn', file=sys.stderr, flush=True)\n"
                        + "time.sleep(600)"));
        Program job = before.start(logged("sh", "-c", "echo working; sleep 1; exit 7"));
        await("the server printed", () -> logBytes(before, server.id()) > 0);
        // the service goes away: its channels close, its objects are dropped, its containers are not stopped
        server.close();
        job.close();

        SandboxContainer again = restartedProvider().open(spec);
        opened.add(again);
        Optional<Supervisor> found = again.runningSupervisor();
        assertThat(found).isPresent();
        Supervisor after = found.get();
        assertThat(after.waitFor(job.id()).status()).isEqualTo(7);
        List<ProgramStatus> programs = after.list();
        assertThat(programs)
                .filteredOn(p -> p.id() == server.id())
                .singleElement()
                .satisfies(p -> assertThat(p.running()).isTrue());
        assertThat(programs).filteredOn(p -> p.id() == job.id()).singleElement().satisfies(p -> {
            assertThat(p.running()).isFalse();
            assertThat(p.exit().status()).isEqualTo(7);
        });
        assertThat(log(after, server.id(), 1)).isEqualTo("serving\n");
        assertThat(log(after, server.id(), 2)).isEqualTo("warn\n");
        assertThat(log(after, job.id(), 1)).isEqualTo("working\n");
        assertThat(again.hasRunningPrograms()).isTrue();

        again.killPrograms();
        assertThat(again.hasRunningPrograms()).isFalse();
        assertThat(after.waitFor(server.id()).status()).isEqualTo(128 + SIGKILL);
    }

    private static long logBytes(Supervisor s, long program) {
        try {
            return s.readLog(program, 1, 0, 1024).data().length;
        } catch (IOException e) {
            return 0;
        }
    }

    /** A program's whole log of {@code stream}, read from offset 0. */
    private static String log(Supervisor s, long program, int stream) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        long offset = 0;
        while (true) {
            LogChunk chunk = s.readLog(program, stream, offset, 65536);
            assertThat(chunk.offset()).isEqualTo(offset);
            all.write(chunk.data());
            offset = chunk.next();
            if (chunk.data().length == 0) {
                return all.toString(StandardCharsets.UTF_8);
            }
        }
    }
}
