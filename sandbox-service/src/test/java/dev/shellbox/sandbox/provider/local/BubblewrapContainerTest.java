package dev.shellbox.sandbox.provider.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.sandbox.provider.ContainerSpec;
import dev.shellbox.sandbox.provider.ProviderEscalator;
import dev.shellbox.sandbox.provider.ProviderUnavailableException;
import dev.shellbox.sandbox.provider.SandboxContainer;
import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.interp.ExecutionResult;
import dev.shellbox.shell.interp.Shell;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Real programs under real bubblewrap, driven by the real interpreter over an in-memory tree. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BubblewrapContainerTest {
    /** What a sandbox's plan gives one program and its children. */
    private static final int PROCESSES = 64;
    /** What the host gives all programs together. */
    private static final int HOST_PROCESSES = 512;

    private static final long FILE_SIZE = 16L << 20;
    private static final LocalSettings.Network NETWORK = new LocalSettings.Network(
            "/usr/bin/unshare",
            "/usr/bin/nsenter",
            "/usr/bin/slirp4netns",
            "/usr/sbin/ip",
            List.of("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "169.254.0.0/16"));
    /** What a sandbox's plan lets its workspace hold, unless a test says otherwise. */
    private static final long STORAGE = 1L << 30;

    private static Path state;
    private static LocalSettings settings;
    private static BubblewrapProvider provider;
    private static int counter;
    /** Every container a test opened: destroyed at the end, so that no workspace stays mounted. */
    private static final List<SandboxContainer> opened = new java.util.ArrayList<>();

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
                "/usr/bin/setsid",
                64000,
                64000,
                4L << 30,
                HOST_PROCESSES,
                60,
                FILE_SIZE,
                256,
                NETWORK,
                disk(LocalSettings.WorkspaceImages.AUTO));
        provider = new BubblewrapProvider(settings);
        provider.checkAvailable(true);
    }

    private static LocalSettings.Disk disk(LocalSettings.WorkspaceImages images) {
        return new LocalSettings.Disk(
                images,
                STORAGE,
                "/usr/sbin/mkfs.ext4",
                "/usr/bin/mount",
                "/usr/bin/umount",
                "/usr/sbin/losetup",
                "/usr/sbin/resize2fs",
                "/usr/bin/fallocate");
    }

    @AfterAll
    static void deleteStateDirectory() throws IOException {
        for (SandboxContainer container : opened) {
            container.destroy();
        }
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
            this(id, network, PROCESSES);
        }

        Box(String id, boolean network, long processes) throws FsException {
            this(id, network, processes, STORAGE);
        }

        Box(String id, boolean network, long processes, long storage) throws FsException {
            for (String dir : new String[] {"/workspace", "/home", "/home/user", "/tmp"}) {
                files.createDirectory(dir, dir.equals("/tmp") ? 01777 : 0755);
            }
            container = provider.open(new ContainerSpec(id, network, 4L << 30, processes, storage));
            opened.add(container);
            shell = Shell.builder()
                    .fileSystem(files)
                    .commands(StandardCommands.registry())
                    .escalator(new ProviderEscalator(container, files, null))
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

    /**
     * A python3 script that forks up to {@code attempts} children, each living {@code childSeconds}, stops at the
     * first refusal, and prints how many it started.
     */
    private static String forkUntilRefused(int attempts, int childSeconds) {
        return "python3 - <<'EOF'\n"
                + "import os, time\n"
                + "n = 0\n"
                + "for i in range(" + attempts + "):\n"
                + "    try:\n"
                + "        if os.fork() == 0:\n"
                + "            time.sleep(" + childSeconds + ")\n"
                + "            os._exit(0)\n"
                + "        n += 1\n"
                + "    except OSError:\n"
                + "        break\n"
                + "print(n)\n"
                + "EOF\n";
    }

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
                settings.stateDirectory().resolve("box-" + counter).resolve("disk/files/workspace");
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
                + "attempt('dev', lambda: open('/dev/evil', 'w'))\n"
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
                        "dev refused",
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
                forkUntilRefused(100000, 3)
                        + "python3 -c 'f = open(\"/workspace/big\", \"wb\"); [f.write(bytes(1 << 20)) for _ in range(64)]'; echo $?");
        String[] lines = r.stdout().split("\n");
        assertThat(Integer.parseInt(lines[0])).isLessThan(PROCESSES);
        assertThat(lines[1]).isNotEqualTo("0");
        assertThat(box.files.stat("/workspace/big").size()).isLessThanOrEqualTo(FILE_SIZE);
        assertThat(box.run("python3 -c 'print(1)'").stdout()).isEqualTo("1\n");
    }

    @Test
    void filesThatDoNotFitTheWorkspaceDiskAreNeverBroughtBackTruncated() throws Exception {
        Assumptions.assumeTrue(
                provider.workspaceImages(), "workspace images need a service that may mount them (root)");
        long storage = 32L << 20;
        Box box = new Box("box-full-disk", false, PROCESSES, storage);
        byte[] content = new byte[4 << 20];
        java.util.Arrays.fill(content, (byte) 'x');
        for (int i = 0; i < 8; i++) {
            box.files.addFile("/workspace/f" + i, 0644, System.currentTimeMillis(), content, null);
        }

        box.run("python3 -c 'print(1)'");
        // what a program's end or the background saver does: bring back what changed on the host
        box.container.syncOut(box.files, null);

        for (int i = 0; i < 8; i++) {
            assertThat(box.files.stat("/workspace/f" + i).size()).as("f" + i).isEqualTo(content.length);
        }
        box.run("rm /workspace/f4 /workspace/f5 /workspace/f6 /workspace/f7");
        Run whole = box.run(
                "python3 -c \"import os; print(sum(os.path.getsize('/workspace/f%d' % i) for i in" + " range(4)))\"");
        assertThat(whole.stdout()).as(whole.stderr()).isEqualTo((4L * content.length) + "\n");
    }

    @Test
    void fillingTheWorkspaceEndsAtTheSandboxsOwnDiskAndTheScratchSpaceIsSmall() throws Exception {
        Assumptions.assumeTrue(
                provider.workspaceImages(), "workspace images need a service that may mount them (root)");
        long storage = 32L << 20;
        Box box = new Box("box-small-disk", false, PROCESSES, storage);
        // 4 MiB files, each below the file-size limit, up to 100 times the sandbox's storage
        String fill = "python3 - $DIR <<'EOF'\n"
                + "import errno, os, sys\n"
                + "written = 0\n"
                + "try:\n"
                + "    for i in range(800):\n"
                + "        with open(os.path.join(sys.argv[1], 'fill-%d' % i), 'wb') as f:\n"
                + "            for _ in range(4):\n"
                + "                f.write(bytes(1 << 20)); written += 1 << 20\n"
                + "    print('wrote everything')\n"
                + "except OSError as e:\n"
                + "    print(errno.errorcode[e.errno], written >> 20)\n"
                + "EOF\n";
        Run filled = box.run("mkdir -p /workspace/fill; DIR=/workspace/fill; " + fill);
        String[] workspace = filled.stdout().strip().split(" ");
        assertThat(workspace[0]).as(filled.stdout() + filled.stderr()).isEqualTo("ENOSPC");
        // never more than the plan's storage: the file system's own room beyond it is set aside
        assertThat(Long.parseLong(workspace[1])).isBetween(storage >> 21, storage >> 20);
        // what fitted came back; the sandbox goes on once it made room
        assertThat(box.run("ls /workspace/fill | wc -l").stdout().strip()).isNotEqualTo("0");
        assertThat(box.run("rm -r /workspace/fill; python3 -c 'open(\"/workspace/after\", \"w\").write(\"ok\")';"
                                + " cat /workspace/after")
                        .stdout())
                .isEqualTo("ok");
        // bubblewrap's own scratch file systems hold little
        Run shm = box.run("DIR=/dev/shm; " + fill);
        assertThat(shm.stdout()).startsWith("ENOSPC ");
        assertThat(Long.parseLong(shm.stdout().strip().split(" ")[1])).isLessThanOrEqualTo(64);
        // a neighbour's workspace is untouched by all this
        Run neighbour = new Box(false)
                .run("python3 -c '[open(\"/workspace/x%d\" % i, \"wb\").write(bytes(10 << 20)) for i in range(4)]'");
        assertThat(neighbour.status()).as(neighbour.stderr()).isZero();
        Path mountPoint = settings.stateDirectory().resolve("box-small-disk/disk");
        assertThat(MountTable.device(mountPoint)).isPresent();
        box.container.stop();
        assertThat(MountTable.device(mountPoint)).isEmpty();
        // a later program finds the workspace as it was left
        assertThat(box.run("python3 -c 'print(open(\"/workspace/after\").read())'")
                        .stdout())
                .isEqualTo("ok\n");
        box.container.destroy();
        assertThat(MountTable.device(mountPoint)).isEmpty();
        assertThat(mountPoint.getParent()).doesNotExist();
    }

    @Test
    void thePlansProcessAllowanceAppliesWhenBelowTheHosts() throws Exception {
        Box small = new Box("box-small-plan", false, 16);
        Run r = small.run(forkUntilRefused(100, 2));
        assertThat(Integer.parseInt(r.stdout().strip())).isLessThan(16);
        small.container.stop();
    }

    @Test
    void oneSandboxAtItsProcessLimitLeavesOthersFree() throws Exception {
        Box greedy = new Box(false);
        Box other = new Box(false);
        // the greedy sandbox's children hold its whole process allowance for a while after its exec ends
        Run filled = greedy.run(forkUntilRefused(100000, 20));
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
        Box neighbour = new Box(true);
        assertThat(neighbour.run("ATTEMPTS=1; " + client).stdout()).isEqualTo("unreachable\n");
        neighbour.container.stop();
        networked.container.stop();
        assertThat(networked.run("ATTEMPTS=1; " + client).stdout()).isEqualTo("unreachable\n");
    }

    @Test
    void aLaterExecSignalsABackgroundProgramThatOutlivedItsExec() throws Exception {
        Box box = new Box(false);
        box.run("python3 -c 'import time; time.sleep(600)' &");
        Run r = box.run("jobs; kill %1; wait %1; echo status=$?");
        assertThat(r.stdout()).contains("Running", "python3 -c", "status=143");
    }

    @Test
    void aNetworkedSandboxReachesTheOutsideButNeitherTheHostNorPrivateNetworks() throws Exception {
        String hostAddress = null;
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress a : Collections.list(nic.getInetAddresses())) {
                if (a instanceof Inet4Address && !a.isLoopbackAddress()) {
                    hostAddress = a.getHostAddress();
                }
            }
        }
        assertThat(hostAddress).as("a non-loopback IPv4 address of this host").isNotNull();
        try (ServerSocket loopback = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                ServerSocket everywhere = new ServerSocket(0)) {
            Box box = new Box(true);
            Run r = box.run("python3 - <<'EOF'\n"
                    + "import socket, sys\n"
                    + "for name, host, port in [('loopback', '127.0.0.1', " + loopback.getLocalPort() + "),\n"
                    + "        ('gateway', '10.0.2.2', " + loopback.getLocalPort() + "),\n"
                    + "        ('host', '" + hostAddress + "', " + everywhere.getLocalPort() + "),\n"
                    + "        ('metadata', '169.254.169.254', 80),\n"
                    + "        ('outside', 'repo.maven.apache.org', 443)]:\n"
                    + "    try:\n"
                    + "        socket.create_connection((host, port), timeout=5).close()\n"
                    + "        print(name, 'connected')\n"
                    + "    except OSError as e:\n"
                    + "        print(name, 'refused')\n"
                    + "        print(name, e, file=sys.stderr)\n"
                    + "EOF");
            assertThat(r.stdout())
                    .as(r.stderr())
                    .isEqualTo("loopback refused\ngateway refused\nhost refused\nmetadata refused\n"
                            + "outside connected\n");
            box.container.stop();
        }
    }

    @Test
    void aWorkspaceLeftByAnEarlierRunIsReusedAndRepairedWhenDamaged() throws Exception {
        Box first = new Box("box-reused", false);
        first.run("mkdir -p /workspace/src && echo one > /workspace/src/a.txt && echo two > /workspace/b.txt; true");
        first.container.syncIn(first.files);
        Path mirror = settings.stateDirectory().resolve("box-reused/disk/files/workspace");
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
                state,
                "/nonexistent/bwrap",
                "/usr/bin/prlimit",
                "/usr/bin/setpriv",
                "/usr/bin/setsid",
                64000,
                64000,
                1,
                1,
                1,
                1,
                1,
                NETWORK,
                disk(LocalSettings.WorkspaceImages.NEVER));
        assertThatThrownBy(() -> new BubblewrapProvider(missing).checkAvailable(false))
                .isInstanceOf(ProviderUnavailableException.class)
                .hasMessageContaining("bubblewrap");
    }
}
