package dev.shellbox.bench.escalation;

import dev.shellbox.sandbox.provider.ContainerNetwork;
import dev.shellbox.sandbox.provider.ContainerSpec;
import dev.shellbox.sandbox.provider.ProviderEscalator;
import dev.shellbox.sandbox.provider.SandboxContainer;
import dev.shellbox.sandbox.provider.WorkspaceMirror;
import dev.shellbox.sandbox.provider.local.BubblewrapProvider;
import dev.shellbox.sandbox.provider.local.LocalSettings;
import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.interp.ExecutionResult;
import dev.shellbox.shell.interp.Shell;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Costs of the local provider (bubblewrap), measured on this host; run as root (programs drop to an unprivileged
 * user):
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar dev.shellbox.bench.escalation.EscalationBenchmark [latency] [sync] [throughput]
 * </pre>
 *
 * <ul>
 *   <li>added latency of one escalated stage on a warm sandbox with nothing to sync: the interpreter running {@code
 *       arch} in the sandbox, against the JVM starting {@code /usr/bin/arch} directly
 *   <li>workspace sync of 10,000 files: into the workspace and back, with nothing changed and with one file changed
 *   <li>throughput of {@code yes | python3 -c ... | head -c 256M | wc -c}
 * </ul>
 */
public final class EscalationBenchmark {
    private static final int FILES = 10_000;

    public static void main(String[] args) throws Exception {
        Path state = Files.createTempDirectory("shellbox-bench");
        Files.setPosixFilePermissions(state, PosixFilePermissions.fromString("rwx--x--x"));
        try {
            LocalSettings settings = new LocalSettings(
                    state,
                    "/usr/bin/bwrap",
                    "/usr/bin/prlimit",
                    "/usr/bin/setpriv",
                    "/usr/bin/setsid",
                    64000,
                    64000,
                    4L << 30,
                    1024,
                    600,
                    256L << 20,
                    1024,
                    new LocalSettings.Network(
                            "/usr/bin/unshare", "/usr/bin/nsenter", "/usr/bin/slirp4netns", "/usr/sbin/ip", List.of()),
                    new LocalSettings.Disk(
                            LocalSettings.WorkspaceImages.AUTO,
                            16L << 30,
                            "/usr/sbin/mkfs.ext4",
                            "/usr/bin/mount",
                            "/usr/bin/umount",
                            "/usr/sbin/losetup",
                            "/usr/sbin/resize2fs",
                            "/usr/bin/fallocate"));
            BubblewrapProvider provider = new BubblewrapProvider(settings);
            provider.checkAvailable(false);
            List<String> parts = args.length == 0 ? List.of("latency", "sync", "throughput") : List.of(args);
            if (parts.contains("latency")) {
                stageLatency(provider);
            }
            if (parts.contains("sync")) {
                syncCost(state);
            }
            if (parts.contains("throughput")) {
                throughput(provider);
            }
        } finally {
            try (var paths = Files.walk(state)) {
                paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void stageLatency(BubblewrapProvider provider) throws Exception {
        InMemoryFileSystem files = sandboxFiles(10);
        SandboxContainer container =
                provider.open(new ContainerSpec("latency", ContainerNetwork.NONE, 4L << 30, 1024, 16L << 30));
        Shell shell = shell(files, container);
        long created = System.nanoTime();
        run(shell, "arch");
        double firstStage = (System.nanoTime() - created) / 1e6;
        container.stop();
        long resumed = System.nanoTime();
        run(shell, "arch");
        double afterPause = (System.nanoTime() - resumed) / 1e6;
        System.out.printf(
                "first stage of a new sandbox (workspace made%s, container started): %.1f ms; first after a pause:"
                        + " %.1f ms%n",
                provider.workspaceImages() ? " on an image of its own, mounted" : "", firstStage, afterPause);
        // side by side: each round runs the escalated stage, the JVM starting the same program, and the per-stage
        // container escalation used before the supervisor (setpriv + bubblewrap + the program), in turn
        double[][] rounds = interleaved(
                60,
                () -> run(shell, "arch"),
                () -> direct(List.of("/usr/bin/arch")),
                () -> direct(List.of(
                        "/usr/bin/setpriv",
                        "--reuid=64000",
                        "--regid=64000",
                        "--clear-groups",
                        "/usr/bin/bwrap",
                        "--unshare-all",
                        "--unshare-user",
                        "--die-with-parent",
                        "--ro-bind",
                        "/usr",
                        "/usr",
                        "--symlink",
                        "usr/lib",
                        "/lib",
                        "--symlink",
                        "usr/lib64",
                        "/lib64",
                        "--symlink",
                        "usr/bin",
                        "/bin",
                        "--proc",
                        "/proc",
                        "--dev",
                        "/dev",
                        "--",
                        "/usr/bin/arch")));
        double escalated = rounds[0][rounds[0].length / 2];
        double direct = rounds[1][rounds[1].length / 2];
        double perStageContainer = rounds[2][rounds[2].length / 2];
        double builtin = median(50, () -> run(shell, "uname -m"));
        System.out.printf(
                "escalated stage 'arch' (warm, nothing to sync): %.2f ms median (p90 %.2f)%n",
                escalated, rounds[0][rounds[0].length * 9 / 10]);
        System.out.printf("  same program started directly by the JVM:      %.2f ms median%n", direct);
        System.out.printf(
                "  added by escalation (sync + supervisor):       %.2f ms (%.2fx the direct start)%n",
                escalated - direct, escalated / direct);
        System.out.printf(
                "  a container per stage, as before (setpriv + bwrap + arch from the JVM): %.2f ms median%n",
                perStageContainer);
        System.out.printf("  built-in 'uname -m' for comparison:             %.3f ms median%n", builtin);
        container.destroy();

        SandboxContainer networked =
                provider.open(new ContainerSpec("latency-network", ContainerNetwork.OPEN, 4L << 30, 1024, 16L << 30));
        Shell networkedShell = shell(sandboxFiles(10), networked);
        long setUp = System.nanoTime();
        run(networkedShell, "arch");
        System.out.printf(
                "first stage of a sandbox with network (namespace, slirp4netns, routes): %.1f ms%n",
                (System.nanoTime() - setUp) / 1e6);
        double withNetwork = median(50, () -> run(networkedShell, "arch"));
        System.out.printf("escalated stage 'arch' with network (warm):     %.2f ms median%n", withNetwork);
        networked.destroy();

        SandboxContainer large =
                provider.open(new ContainerSpec("latency-10k", ContainerNetwork.NONE, 4L << 30, 1024, 16L << 30));
        Shell largeShell = shell(sandboxFiles(FILES), large);
        run(largeShell, "arch");
        run(largeShell, "arch");
        double withFiles = median(50, () -> run(largeShell, "arch"));
        System.out.printf(
                "escalated stage 'arch' in a sandbox of %,d files (warm): %.2f ms median%n", FILES, withFiles);
        large.destroy();
    }

    private static void syncCost(Path state) throws Exception {
        InMemoryFileSystem files = sandboxFiles(FILES);
        WorkspaceMirror mirror =
                new WorkspaceMirror(state.resolve("sync/files"), state.resolve("sync-index"), -1, -1, 256L << 20);
        long first = System.nanoTime();
        WorkspaceMirror.Changes initial = mirror.push(files);
        System.out.printf(
                "first sync into the workspace (%d entries): %.1f ms%n",
                initial.written(), (System.nanoTime() - first) / 1e6);
        long firstBack = System.nanoTime();
        pull(mirror, files);
        System.out.printf(
                "first sync back (starts watching, compares every entry): %.1f ms%n",
                (System.nanoTime() - firstBack) / 1e6);
        double pushNothing = median(30, () -> push(mirror, files));
        double pullNothing = median(30, () -> pull(mirror, files));
        int[] n = {0};
        double pushOne = median(30, () -> {
            write(files, "/workspace/d5/f5.txt", "changed " + n[0]++);
            return push(mirror, files);
        });
        double pullOne = median(30, () -> {
            try {
                Files.writeString(mirror.root().resolve("workspace/d7/f7.txt"), "changed by a program " + n[0]++);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return pull(mirror, files);
        });
        System.out.printf(
                "sync of %,d files, nothing changed: in %.2f ms, back %.2f ms (median)%n",
                FILES, pushNothing, pullNothing);
        System.out.printf(
                "sync of %,d files, one file changed: in %.2f ms, back %.2f ms (median)%n", FILES, pushOne, pullOne);
    }

    private static void throughput(BubblewrapProvider provider) throws Exception {
        InMemoryFileSystem files = sandboxFiles(10);
        SandboxContainer container =
                provider.open(new ContainerSpec("throughput", ContainerNetwork.NONE, 4L << 30, 1024, 16L << 30));
        Shell shell = shell(files, container);
        String script = "yes 'a line of text that is copied through python' | python3 -c 'import sys;"
                + " [sys.stdout.write(l) for l in sys.stdin]' | head -c 268435456 | wc -c";
        run(shell, script);
        long started = System.nanoTime();
        String out = run(shell, script);
        double seconds = (System.nanoTime() - started) / 1e9;
        long bytes = Long.parseLong(out.strip());
        System.out.printf(
                "yes | python3 | head -c 256M | wc -c: %,d bytes in %.2f s = %.0f MiB/s%n",
                bytes, seconds, bytes / seconds / (1 << 20));
        container.destroy();
    }

    // ---- helpers ----

    /** /workspace with {@code count} small files in directories of 100, plus /home/user and /tmp. */
    private static InMemoryFileSystem sandboxFiles(int count) throws FsException {
        InMemoryFileSystem files = new InMemoryFileSystem(Clock.systemUTC(), 1000, 1000);
        for (String dir : new String[] {"/workspace", "/home", "/home/user", "/tmp"}) {
            files.createDirectory(dir, 0755);
        }
        for (int i = 0; i < count; i++) {
            String dir = "/workspace/d" + (i % 100);
            if (i < 100) {
                files.createDirectory(dir, 0755);
            }
            byte[] content = ("file " + i + "\n").getBytes(StandardCharsets.UTF_8);
            files.addFile(dir + "/f" + i + ".txt", 0644, 1_700_000_000_000L, content, "sha-" + i);
        }
        return files;
    }

    private static Shell shell(InMemoryFileSystem files, SandboxContainer container) {
        return Shell.builder()
                .fileSystem(files)
                .commands(StandardCommands.registry())
                .escalator(new ProviderEscalator(container, files, null))
                .environment(Map.of("PATH", "/usr/bin:/bin", "HOME", "/home/user"))
                .workingDirectory("/workspace")
                .identity(Identity.SANDBOX)
                .build();
    }

    private static String run(Shell shell, String script) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExecutionResult r = shell.execute(script, InputStream.nullInputStream(), out, err);
        if (r.exitStatus() != 0) {
            throw new IllegalStateException(script + " failed with " + r.exitStatus() + ": " + err);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static WorkspaceMirror.Changes push(WorkspaceMirror mirror, InMemoryFileSystem files) {
        try {
            return mirror.push(files);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static WorkspaceMirror.Changes pull(WorkspaceMirror mirror, InMemoryFileSystem files) {
        try {
            return mirror.pull(files);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void write(InMemoryFileSystem files, String path, String text) {
        try (OutputStream out = files.newOutputStream(path, dev.shellbox.shell.fs.WriteMode.TRUNCATE, 0644)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The JVM starting {@code argv} and reading its output to the end. */
    private static Object direct(List<String> argv) {
        try {
            Process p = new ProcessBuilder(argv).start();
            p.getInputStream().readAllBytes();
            if (p.waitFor() != 0) {
                throw new IllegalStateException(
                        argv + " failed: " + new String(p.getErrorStream().readAllBytes()));
            }
            return null;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Milliseconds of each action over {@code runs} rounds (one run of each per round, in turn), each sorted. */
    private static double[][] interleaved(int runs, Supplier<?>... actions) {
        for (int i = 0; i < 5; i++) {
            for (Supplier<?> a : actions) {
                a.get();
            }
        }
        double[][] ms = new double[actions.length][runs];
        for (int i = 0; i < runs; i++) {
            for (int a = 0; a < actions.length; a++) {
                long t = System.nanoTime();
                actions[a].get();
                ms[a][i] = (System.nanoTime() - t) / 1e6;
            }
        }
        for (double[] m : ms) {
            Arrays.sort(m);
        }
        return ms;
    }

    /** Median milliseconds of {@code runs} runs after a few warm-up runs. */
    private static double median(int runs, Supplier<?> action) {
        for (int i = 0; i < 5; i++) {
            action.get();
        }
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long t = System.nanoTime();
            action.get();
            ms[i] = (System.nanoTime() - t) / 1e6;
        }
        Arrays.sort(ms);
        return ms[runs / 2];
    }
}
