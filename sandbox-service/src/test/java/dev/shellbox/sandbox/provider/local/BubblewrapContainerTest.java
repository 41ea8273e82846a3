package dev.shellbox.sandbox.provider.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.sandbox.provider.Box;
import dev.shellbox.sandbox.provider.Box.Run;
import dev.shellbox.sandbox.provider.ContainerNetwork;
import dev.shellbox.sandbox.provider.ContainerSpec;
import dev.shellbox.sandbox.provider.ProviderUnavailableException;
import dev.shellbox.sandbox.provider.SandboxContainer;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What only the local provider has: workspace disk images, sandbox networks on this host, the workspace's host
 * directory, and bubblewrap itself. What every provider promises is in {@link LocalProviderConformanceTest}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BubblewrapContainerTest {
    private static final int PROCESSES = 64;

    private static Path state;
    private static LocalSettings settings;
    private static BubblewrapProvider provider;
    private static int counter;
    /** Every container a test opened: destroyed at the end, so that no workspace stays mounted. */
    private static final List<SandboxContainer> opened = new ArrayList<>();

    @BeforeAll
    static void createStateDirectory() throws IOException {
        state = LocalTestSettings.stateDirectory();
        settings = LocalTestSettings.settings(state, LocalSettings.WorkspaceImages.AUTO);
        provider = new BubblewrapProvider(settings);
        provider.checkAvailable(true);
    }

    @AfterAll
    static void deleteStateDirectory() throws IOException {
        for (SandboxContainer container : opened) {
            container.destroy();
        }
        LocalTestSettings.delete(state);
    }

    private static Box box(boolean network) throws IOException {
        return box("box-" + (++counter), network, LocalTestSettings.MAX_STORAGE);
    }

    private static Box box(String id, boolean network, long storage) throws IOException {
        SandboxContainer container = provider.open(new ContainerSpec(
                id, network ? ContainerNetwork.OPEN : ContainerNetwork.NONE, 4L << 30, PROCESSES, storage));
        opened.add(container);
        return new Box(container);
    }

    @Test
    void filesThatDoNotFitTheWorkspaceDiskAreNeverBroughtBackTruncated() throws Exception {
        Assumptions.assumeTrue(
                provider.workspaceImages(), "workspace images need a service that may mount them (root)");
        long storage = 32L << 20;
        Box box = box("box-full-disk", false, storage);
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
        Box box = box("box-small-disk", false, storage);
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
        Run neighbour = box(false)
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
    void theSupervisorsLogsAreOnTheWorkspaceDiskAndNothingOfItsStateIsInTheContainer() throws Exception {
        Box box = box("box-state-probe", false, LocalTestSettings.MAX_STORAGE);
        Run r = box.run("echo to-the-log; python3 -c 'print(open(\"/proc/self/mountinfo\").read())'");
        Path sandbox = settings.stateDirectory().resolve("box-state-probe");
        Path state = provider.workspaceImages() ? sandbox.resolve("disk/supervisor") : sandbox.resolve("supervisor");
        assertThat(state.resolve("supervisor.pid")).exists();
        try (var programs = Files.list(state.resolve("programs"))) {
            assertThat(programs)
                    .isNotEmpty()
                    .allSatisfy(p -> assertThat(p.resolve("stdout")).exists());
        }
        // the socket is on the host, and no mount of the container comes from the supervisor's directories
        assertThat(sandbox.resolve("run/sock")).exists();
        assertThat(r.stdout()).as(r.stderr()).contains(" /workspace ").doesNotContain(" /run/shellbox ");
        for (String line : r.stdout().split("\n")) {
            if (line.contains(" - ")) {
                String root = line.split(" ")[3];
                assertThat(root).doesNotContain("supervisor").doesNotEndWith("/run");
            }
        }
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
        Box networked = box(true);
        networked.run("cd /workspace && python3 -m http.server " + port + " --bind 127.0.0.1 >/dev/null 2>&1 &");
        // the server needs a moment to listen; once it answered, one attempt tells
        assertThat(networked.run("ATTEMPTS=100; " + client).stdout()).isEqualTo("200\n");
        Box isolated = box(false);
        assertThat(isolated.run("ATTEMPTS=1; " + client).stdout()).isEqualTo("unreachable\n");
        Box neighbour = box(true);
        assertThat(neighbour.run("ATTEMPTS=1; " + client).stdout()).isEqualTo("unreachable\n");
        neighbour.container.stop();
        networked.container.stop();
        assertThat(networked.run("ATTEMPTS=1; " + client).stdout()).isEqualTo("unreachable\n");
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
            Box box = box(true);
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
        Box first = box("box-reused", false, LocalTestSettings.MAX_STORAGE);
        first.run("mkdir -p /workspace/src && echo one > /workspace/src/a.txt && echo two > /workspace/b.txt; true");
        first.container.syncIn(first.files);
        Path mirror = settings.stateDirectory().resolve("box-reused/disk/files/workspace");
        Files.writeString(mirror.resolve("b.txt"), "damaged\n");
        Files.writeString(mirror.resolve("stray.txt"), "left over\n");
        // the same sandbox after a restart: the same files, a new container over the same workspace
        Box again = box("box-reused", false, LocalTestSettings.MAX_STORAGE);
        again.run("mkdir -p /workspace/src && echo one > /workspace/src/a.txt && echo two > /workspace/b.txt");
        assertThat(again.run("python3 -c 'import os; print(open(\"b.txt\").read().strip(), sorted(os.listdir()))'")
                        .stdout())
                .isEqualTo("two ['b.txt', 'src']\n");
        again.container.destroy();
        assertThat(settings.stateDirectory().resolve("box-reused")).doesNotExist();
    }

    @Test
    void aMissingBubblewrapIsReportedBeforeAnythingRuns() {
        LocalSettings base = LocalTestSettings.settings(state, LocalSettings.WorkspaceImages.NEVER);
        LocalSettings missing = new LocalSettings(
                base.stateDirectory(),
                "/nonexistent/bwrap",
                base.prlimit(),
                base.setpriv(),
                base.setsid(),
                base.hostUid(),
                base.hostGid(),
                base.memoryBytes(),
                base.processes(),
                base.cpuSeconds(),
                base.fileSizeBytes(),
                base.openFiles(),
                base.network(),
                base.disk());
        assertThatThrownBy(() -> new BubblewrapProvider(missing).checkAvailable(false))
                .isInstanceOf(ProviderUnavailableException.class)
                .hasMessageContaining("bubblewrap");
    }
}
