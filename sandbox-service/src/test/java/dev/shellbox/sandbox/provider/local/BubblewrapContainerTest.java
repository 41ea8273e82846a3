package dev.shellbox.sandbox.provider.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.sandbox.provider.ContainerSpec;
import dev.shellbox.sandbox.provider.ProviderEscalator;
import dev.shellbox.sandbox.provider.ProviderUnavailableException;
import dev.shellbox.sandbox.provider.SandboxContainer;
import dev.shellbox.shell.commands.CommandRegistry;
import dev.shellbox.shell.commands.Identity;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.interp.ExecutionResult;
import dev.shellbox.shell.interp.Shell;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Real programs under real bubblewrap, driven by the real interpreter over an in-memory tree. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BubblewrapContainerTest {
    private static final int PROCESSES = 64;
    private static final long FILE_SIZE = 16L << 20;
    private static Path state;
    private static LocalSettings settings;
    private static int counter;

    @BeforeAll
    static void createStateDirectory() throws IOException {
        state = Files.createTempDirectory("shellbox-local-test");
        // the programs' host user must be able to pass through to its workspaces
        Files.setPosixFilePermissions(state, PosixFilePermissions.fromString("rwx--x--x"));
        settings = new LocalSettings(
                state.resolve("workspaces"),
                "/usr/bin/bwrap",
                "/usr/bin/prlimit",
                "/usr/bin/setpriv",
                64000,
                64000,
                4L << 30,
                PROCESSES,
                60,
                FILE_SIZE,
                256);
        new BubblewrapProvider(settings).checkAvailable();
    }

    @AfterAll
    static void deleteStateDirectory() throws IOException {
        try (var paths = Files.walk(state)) {
            paths.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        }
    }

    /** A sandbox: files in memory, a container, and a shell that escalates to it. */
    private static final class Box {
        final InMemoryFileSystem files = new InMemoryFileSystem(Clock.systemUTC(), 1000, 1000);
        final SandboxContainer container;
        final Shell shell;

        Box(boolean network) throws FsException {
            this("box-" + (++counter), network);
        }

        Box(String id, boolean network) throws FsException {
            for (String dir : new String[] {"/workspace", "/home", "/home/user", "/tmp"}) {
                files.createDirectory(dir, dir.equals("/tmp") ? 01777 : 0755);
            }
            container = new BubblewrapProvider(settings).open(new ContainerSpec(id, network));
            shell = Shell.builder()
                    .fileSystem(files)
                    .commands(CommandRegistry.standard())
                    .escalator(new ProviderEscalator(container, files))
                    .environment(
                            Map.of("PATH", "/usr/local/bin:/usr/bin:/bin", "HOME", "/home/user", "LANG", "C.UTF-8"))
                    .workingDirectory("/workspace")
                    .identity(Identity.SANDBOX)
                    .build();
        }

        Run run(String script) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            ExecutionResult r = shell.execute(script, InputStream.nullInputStream(), out, err);
            return new Run(r.exitStatus(), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        }

        String read(String path) throws IOException {
            return new String(files.readContent(path), StandardCharsets.UTF_8);
        }
    }

    private record Run(int status, String stdout, String stderr) {}

    @Test
    void runsPythonAndNodeOneLiners() throws Exception {
        Box box = new Box(false);
        Run r = box.run("python3 -c 'print(6*7)'; node -e 'console.log(6*7)'");
        assertThat(r.stdout()).isEqualTo("42\n42\n");
        assertThat(r.status()).isZero();
    }

    @Test
    void streamsThroughPipelinesMixingBuiltInAndEscalatedStages() throws Exception {
        Box box = new Box(false);
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
        Box box = new Box(false);
        Run r = box.run("yes | python3 -c 'import sys; [sys.stdout.write(l) for l in sys.stdin]' | head -1");
        assertThat(r.stdout()).isEqualTo("y\n");
        assertThat(r.status()).isZero();
    }

    @Test
    void filesWrittenByProgramsComeBackAndTheShellsFilesGoIn() throws Exception {
        Box box = new Box(false);
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
        // a change the shell makes after a program ran reaches the next program
        assertThat(box.run(
                                "echo again > /workspace/out.txt; rm -r /workspace/d; python3 -c 'import os;"
                                        + " print(open(\"/workspace/out.txt\").read().strip(), os.path.exists(\"/workspace/d\"))'")
                        .stdout())
                .isEqualTo("again False\n");
    }

    @Test
    void exitStatusesAndPipestatusAreThePrograms() throws Exception {
        Box box = new Box(false);
        Run r = box.run("""
                python3 -c 'import sys; sys.exit(3)' | true; echo "${PIPESTATUS[@]}"
                false | python3 -c 'import sys; sys.exit(4)'; echo $?
                set -o pipefail; python3 -c 'import sys; sys.exit(5)' | cat; echo $?
                """);
        assertThat(r.stdout()).isEqualTo("3 0\n4\n5\n");
    }

    @Test
    void anUnknownProgramIsNotFoundAsInBash() throws Exception {
        Box box = new Box(false);
        Run r = box.run("nosuchprog --help; echo $?");
        assertThat(r.stdout()).isEqualTo("127\n");
        assertThat(r.stderr()).endsWith("nosuchprog: command not found\n");
        assertThat(box.container.locate("python3", Map.of("PATH", "/usr/bin"))).contains("/usr/bin/python3");
        assertThat(box.container.locate("python3", Map.of("PATH", "/workspace/bin")))
                .isEmpty();
    }

    @Test
    void programsCannotReachTheHostOrOtherSandboxes() throws Exception {
        Box other = new Box(false);
        other.run("echo secret > /workspace/secret.txt; python3 -c 'pass'");
        Path othersWorkspace =
                settings.stateDirectory().resolve("box-" + counter).resolve("files/workspace");
        assertThat(othersWorkspace.resolve("secret.txt")).exists();
        Box box = new Box(false);
        String serviceDirectory = Path.of("").toAbsolutePath().toString();
        Run r = box.run("python3 - <<'EOF'\n"
                + "import os\n"
                + "def attempt(what, action):\n"
                + "    try:\n"
                + "        action()\n"
                + "        print(what, 'POSSIBLE')\n"
                + "    except OSError as e:\n"
                + "        print(what, 'refused')\n"
                + "attempt('shadow', lambda: open('/etc/shadow').read())\n"
                + "attempt('service', lambda: os.listdir('" + serviceDirectory + "'))\n"
                + "attempt('other', lambda: open('" + othersWorkspace + "/secret.txt').read())\n"
                + "attempt('usr', lambda: open('/usr/bin/evil', 'w'))\n"
                + "attempt('root', lambda: open('/evil', 'w'))\n"
                + "attempt('etc', lambda: open('/etc/passwd', 'a'))\n"
                + "cmdlines = [open('/proc/' + p + '/cmdline').read() for p in os.listdir('/proc') if p.isdigit()]\n"
                + "print('java' in ' '.join(cmdlines), len(cmdlines) < 5)\n"
                + "print(sorted(os.environ))\n"
                + "EOF");
        assertThat(r.stdout())
                .contains(
                        "shadow refused",
                        "service refused",
                        "other refused",
                        "usr refused",
                        "root refused",
                        "etc refused",
                        "False True")
                .doesNotContain("POSSIBLE");
        for (String hostVariable : System.getenv().keySet()) {
            if (!box.shell.environment().containsKey(hostVariable)) {
                assertThat(r.stdout()).doesNotContain("'" + hostVariable + "'");
            }
        }
    }

    @Test
    void aForkBombIsBoundedByTheProcessLimitAndAHugeFileByTheFileSizeLimit() throws Exception {
        Box box = new Box(false);
        Run r = box.run(
                "python3 - <<'EOF'\n"
                        + "import os, time\n"
                        + "n = 0\n"
                        + "for i in range(100000):\n"
                        + "    try:\n"
                        + "        if os.fork() == 0:\n"
                        + "            time.sleep(3)\n"
                        + "            os._exit(0)\n"
                        + "        n += 1\n"
                        + "    except OSError:\n"
                        + "        break\n"
                        + "print(n)\n"
                        + "EOF\n"
                        + "python3 -c 'f = open(\"/workspace/big\", \"wb\"); [f.write(bytes(1 << 20)) for _ in range(64)]'; echo $?");
        String[] lines = r.stdout().split("\n");
        assertThat(Integer.parseInt(lines[0])).isLessThan(PROCESSES);
        assertThat(lines[1]).isNotEqualTo("0");
        assertThat(box.files.stat("/workspace/big").size()).isLessThanOrEqualTo(FILE_SIZE);
        assertThat(box.run("python3 -c 'print(1)'").stdout()).isEqualTo("1\n");
    }

    @Test
    void oneSandboxAtItsProcessLimitLeavesOthersFree() throws Exception {
        Box greedy = new Box(false);
        Box other = new Box(false);
        // the greedy sandbox's children hold its whole process allowance for a while after its exec ends
        Run filled = greedy.run("python3 - <<'EOF'\n"
                + "import os, time\n"
                + "n = 0\n"
                + "while True:\n"
                + "    try:\n"
                + "        if os.fork() == 0:\n"
                + "            time.sleep(20)\n"
                + "            os._exit(0)\n"
                + "        n += 1\n"
                + "    except OSError:\n"
                + "        break\n"
                + "print(n)\n"
                + "EOF\n");
        assertThat(Integer.parseInt(filled.stdout().strip())).isLessThan(PROCESSES);
        assertThat(other.run("python3 -c 'print(2)'").stdout()).isEqualTo("2\n");
        greedy.container.stop();
    }

    @Test
    void aBackgroundServerOutlivesItsExecAndIsReachableOnlyWithNetwork() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String client = "python3 - $ATTEMPTS <<'EOF'\n"
                + "import sys, time, urllib.request\n"
                + "for i in range(int(sys.argv[1])):\n"
                + "    try:\n"
                + "        print(urllib.request.urlopen('http://127.0.0.1:" + port + "/').status); break\n"
                + "    except OSError as e:\n"
                + "        last = e; time.sleep(0.1)\n"
                + "else:\n"
                + "    print('unreachable')\n"
                + "EOF";
        Box networked = new Box(true);
        networked.run("cd /workspace && python3 -m http.server " + port + " --bind 127.0.0.1 >/dev/null 2>&1 &");
        // the server needs a moment to listen; once it answered, one attempt tells
        assertThat(networked.run("ATTEMPTS=100; " + client).stdout()).isEqualTo("200\n");
        Box isolated = new Box(false);
        assertThat(isolated.run("ATTEMPTS=1; " + client).stdout()).isEqualTo("unreachable\n");
        networked.container.stop();
        assertThat(networked.run("ATTEMPTS=1; " + client).stdout()).isEqualTo("unreachable\n");
    }

    @Test
    void aWorkspaceLeftByAnEarlierRunIsReusedAndRepairedWhenDamaged() throws Exception {
        Box first = new Box("box-reused", false);
        first.run("mkdir -p /workspace/src && echo one > /workspace/src/a.txt && echo two > /workspace/b.txt; true");
        first.container.syncIn(first.files);
        Path mirror = settings.stateDirectory().resolve("box-reused/files/workspace");
        Files.writeString(mirror.resolve("b.txt"), "damaged\n");
        Files.writeString(mirror.resolve("stray.txt"), "left over\n");
        // the same sandbox after a restart: the same files, a new container over the same workspace
        Box again = new Box("box-reused", false);
        again.run("mkdir -p /workspace/src && echo one > /workspace/src/a.txt && echo two > /workspace/b.txt");
        assertThat(again.run("python3 -c 'import os; print(open(\"b.txt\").read().strip(), sorted(os.listdir()))'")
                        .stdout())
                .isEqualTo("two ['b.txt', 'src']\n");
        again.container.destroy();
        assertThat(settings.stateDirectory().resolve("box-reused")).doesNotExist();
    }

    @Test
    void aMissingBubblewrapIsReportedBeforeAnythingRuns() {
        LocalSettings missing = new LocalSettings(
                state, "/nonexistent/bwrap", "/usr/bin/prlimit", "/usr/bin/setpriv", 64000, 64000, 1, 1, 1, 1, 1);
        assertThatThrownBy(() -> new BubblewrapProvider(missing).checkAvailable())
                .isInstanceOf(ProviderUnavailableException.class)
                .hasMessageContaining("bubblewrap");
    }
}
