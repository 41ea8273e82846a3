package dev.shellbox.sandbox.provider.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Real programs in real cgroups of this host (the service runs as root): memory and processes are totals of the whole
 * group, and killing and removing leave nothing behind. Skipped where {@link SandboxCgroup.Cgroups#detect} finds no
 * usable cgroups.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SandboxCgroupTest {
    private static final Path ROOT = Path.of("/sys/fs/cgroup");
    private static final long MIB = 1024L * 1024L;
    /** Exit status of a program ended by SIGKILL. */
    private static final int KILLED = 128 + 9;
    /**
     * Allocates argv[1] MiB, touching every page, says so, then holds it until its standard input ends: tests decide
     * when it lets go, not a clock.
     */
    private static final String HOLD = """
            import sys
            b = bytearray(int(sys.argv[1]) << 20)
            b[::4096] = b'x' * len(range(0, len(b), 4096))
            print('ready', flush=True)
            sys.stdin.read()
            """;
    /** Starts 50 sleeps, counting those the kernel refuses, and keeps them alive until its standard input ends. */
    private static final String FORK_50 = """
            import subprocess, sys
            started = refused = 0
            for i in range(50):
                try:
                    subprocess.Popen(['/bin/sleep', '600'])
                    started += 1
                except OSError:
                    refused += 1
            print(started, refused, flush=True)
            sys.stdin.read()
            """;
    /** Every process forks for ever, waiting a little whenever the limit refuses it. */
    private static final String FORK_BOMB = """
            import os, time
            while True:
                try:
                    os.fork()
                except OSError:
                    time.sleep(0.001)
            """;

    private static SandboxCgroup.Cgroups cgroups;
    /** The {@code shellbox} parents that were missing before these tests, removed again after them. */
    private static final List<Path> madeParents = new ArrayList<>();
    /** The interpreter itself, not a wrapper script that would fork and allocate on its own. */
    private static String python;

    private final List<SandboxCgroup> opened = new ArrayList<>();
    private final List<Process> started = new ArrayList<>();

    @BeforeAll
    static void detect() throws Exception {
        for (String controller : List.of("", "memory", "pids", "cpu", "freezer")) {
            Path parent = ROOT.resolve(controller).resolve(SandboxCgroup.PARENT);
            if (!Files.exists(parent)) {
                madeParents.add(parent);
            }
        }
        cgroups = SandboxCgroup.Cgroups.detect(ROOT).orElse(null);
        Process p = new ProcessBuilder("python3", "-c", "import sys; print(sys.executable)").start();
        python = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        p.waitFor();
    }

    @AfterAll
    static void removeParents() throws IOException {
        for (Path parent : madeParents) {
            try {
                Files.deleteIfExists(parent);
            } catch (FileSystemException e) {
                // busy: a service on this host put sandboxes in it meanwhile
            }
        }
    }

    @BeforeEach
    void requireCgroups() {
        assumeTrue(cgroups != null, "no usable cgroups on this host (see the log for why)");
    }

    @AfterEach
    void cleanUp() throws Exception {
        for (SandboxCgroup group : opened) {
            group.destroy();
        }
        for (Process p : started) {
            p.destroyForcibly().waitFor();
        }
    }

    @Test
    void killsAProgramThatExceedsTheMemoryTotal() throws Exception {
        SandboxCgroup group = open(64 * MIB, 100);
        assertThat(group.oomKills()).isZero();

        Process p = hold(group, 200);
        p.getOutputStream().close();

        assertThat(p.waitFor()).isEqualTo(KILLED);
        assertThat(group.oomKills()).isGreaterThanOrEqualTo(1);
        assertThat(group.memoryPeakBytes()).isBetween(32 * MIB, 64 * MIB);
    }

    @Test
    void sharesTheMemoryTotalBetweenPrograms() throws Exception {
        SandboxCgroup group = open(64 * MIB, 100);

        Process alone = hold(group, 40);
        assertThat(firstLine(alone)).isEqualTo("ready");
        alone.getOutputStream().close();
        assertThat(alone.waitFor()).isZero();
        assertThat(group.oomKills()).isZero();

        Process first = hold(group, 40);
        assertThat(firstLine(first)).isEqualTo("ready");
        Process second = hold(group, 40);
        // null when the kernel killed the second one rather than the first
        firstLine(second);
        first.getOutputStream().close();
        second.getOutputStream().close();

        assertThat(List.of(first.waitFor(), second.waitFor())).contains(KILLED);
        assertThat(group.oomKills()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void refusesProcessesBeyondTheTotal() throws Exception {
        SandboxCgroup group = open(1024 * MIB, 20);

        Process forker = start(group, python, "-c", FORK_50);
        String[] counts = firstLine(forker).split(" ");
        int sleeps = Integer.parseInt(counts[0]);
        int refused = Integer.parseInt(counts[1]);

        // all the sleeps are alive while the forker waits: this is the group at its fullest
        assertThat(sleeps + refused).isEqualTo(50);
        assertThat(refused).isGreaterThan(0);
        assertThat(sleeps).isLessThan(20);
        assertThat(group.processes()).isBetween(sleeps + 1L, 20L);
        // the kernel counts every refused attempt, and a refused start may have tried more than once
        assertThat(group.refusedForks()).isGreaterThanOrEqualTo(refused);
    }

    @Test
    void killAllLeavesNoProcessEvenWhenTheyFork() throws Exception {
        SandboxCgroup group = open(1024 * MIB, 64);
        Process bomb = start(group, python, "-c", FORK_BOMB);
        // the bomb has filled the group once the limit refuses it
        long deadline = System.currentTimeMillis() + 60_000;
        while (group.processes() < 64 && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
        }
        assertThat(group.processes()).isEqualTo(64);

        group.killAll();

        assertThat(group.pids()).isEmpty();
        assertThat(group.processes()).isZero();
        assertThat(bomb.waitFor()).isEqualTo(KILLED);
    }

    @Test
    void destroyKillsAndRemovesTheGroups() throws Exception {
        SandboxCgroup group = open(64 * MIB, 20);
        Process sleeper = start(group, "/bin/sh", "-c", "/bin/sleep 600 & echo in; exec /bin/sleep 600");
        assertThat(firstLine(sleeper)).isEqualTo("in");
        assertThat(group.processes()).isEqualTo(2);
        List<Path> directories = group.directories();
        assertThat(directories).allMatch(Files::isDirectory);

        group.destroy();

        assertThat(sleeper.waitFor()).isEqualTo(KILLED);
        assertThat(directories).noneMatch(Files::exists);
    }

    @Test
    void reopeningFindsTheRunningSandbox() throws Exception {
        SandboxCgroup group = open(64 * MIB, 20);
        Process sleeper = start(group, "/bin/sh", "-c", "echo in; exec /bin/sleep 600");
        assertThat(firstLine(sleeper)).isEqualTo("in");
        // the container's first process is in every group from its start
        long pid = sleeper.pid();
        for (Path dir : group.directories()) {
            assertThat(Files.readAllLines(dir.resolve("cgroup.procs"))).containsExactly(Long.toString(pid));
        }

        SandboxCgroup again =
                cgroups.open(group.directories().get(0).getFileName().toString(), 128 * MIB, 30);

        assertThat(again.directories()).isEqualTo(group.directories());
        assertThat(again.pids()).containsExactly(pid);
        assertThat(again.processLimit()).isEqualTo(30);
        assertThat(sleeper.isAlive()).isTrue();
    }

    @Test
    void updateChangesTheLimits() throws Exception {
        SandboxCgroup group = open(64 * MIB, 20);
        assertThat(group.memoryLimitBytes()).isEqualTo(64 * MIB);
        assertThat(group.processLimit()).isEqualTo(20);
        Process tooBig = hold(group, 100);
        tooBig.getOutputStream().close();
        assertThat(tooBig.waitFor()).isEqualTo(KILLED);

        group.update(256 * MIB, 40);

        assertThat(group.memoryLimitBytes()).isEqualTo(256 * MIB);
        assertThat(group.processLimit()).isEqualTo(40);
        Process fits = hold(group, 100);
        assertThat(firstLine(fits)).isEqualTo("ready");
        fits.getOutputStream().close();
        assertThat(fits.waitFor()).isZero();

        group.update(32 * MIB, 10);

        assertThat(group.memoryLimitBytes()).isEqualTo(32 * MIB);
        assertThat(group.processLimit()).isEqualTo(10);
    }

    private SandboxCgroup open(long memoryBytes, long processes) throws IOException {
        String id = "test-" + UUID.randomUUID().toString().substring(0, 8);
        SandboxCgroup group = cgroups.open(id, memoryBytes, processes);
        opened.add(group);
        return group;
    }

    private Process hold(SandboxCgroup group, int mib) throws IOException {
        return start(group, python, "-c", HOLD, Integer.toString(mib));
    }

    /**
     * Starts {@code argv} in the group. It is inside only once the command line's shell entered, after this returns:
     * tests that look at the group's members first wait for a line from the program.
     */
    private Process start(SandboxCgroup group, String... argv) throws IOException {
        List<String> command = new ArrayList<>(group.enterCommand());
        command.addAll(List.of(argv));
        Process p = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        started.add(p);
        return p;
    }

    /** The first line the program prints; null when it ended without one. */
    private static String firstLine(Process p) throws IOException {
        return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
    }
}
