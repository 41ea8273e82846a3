package dev.shellbox.bench.shell;

import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.interp.EscalatedProcess;
import dev.shellbox.shell.interp.EscalationRequest;
import dev.shellbox.shell.interp.Escalator;
import dev.shellbox.shell.interp.ExecutionLimits;
import dev.shellbox.shell.interp.ExecutionResult;
import dev.shellbox.shell.interp.ProcessBound;
import dev.shellbox.shell.interp.Shell;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * Does a fork bomb in one sandbox slow down the others? Five sandboxes as sandbox-service makes them (each its own
 * shell and process bound of 128), in one JVM: the fifth runs {@code echo hi} over and over, first on an otherwise idle
 * engine, then while the other four run {@code :(){ :|:& };:} once each, then while they run it again and again. Prints the p50 and p99 of both phases,
 * how many bombs ran and how they ended, and the JVM's thread count before, during and 5 s after.
 *
 * <p>Run: {@code java -cp bench/target/benchmarks.jar dev.shellbox.bench.shell.ForkBombIsolation [samples]}.
 */
public final class ForkBombIsolation {
    private static final int SANDBOX_PROCESSES = 128;
    private static final String BOMB = ":(){ :|:& };:";

    /** A sandbox's escalator with no programs: the execution waits for its jobs as sandbox-service's does. */
    private static final Escalator NO_PROGRAMS = new Escalator() {
        @Override
        public Optional<String> locate(String name, Map<String, String> env) {
            return Optional.empty();
        }

        @Override
        public EscalatedProcess start(EscalationRequest request) throws IOException {
            throw new IOException("no programs here");
        }
    };

    private ForkBombIsolation() {}

    public static void main(String[] args) throws Exception {
        int samples = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        Shell quiet = sandbox();
        measure(quiet, samples); // warm-up
        int threadsBefore = threads();
        long[] idle = measure(quiet, samples);

        // one bomb in each of four sandboxes, as the issue states it: echo hi while they run
        List<Thread> once = new ArrayList<>();
        long[] bombMillis = new long[4];
        for (int i = 0; i < 4; i++) {
            Shell box = sandbox();
            int n = i;
            Thread t = new Thread(() -> {
                long start = System.nanoTime();
                run(box, BOMB);
                bombMillis[n] = (System.nanoTime() - start) / 1_000_000;
            });
            once.add(t);
        }
        once.forEach(Thread::start);
        long[] during = measureWhile(quiet, samples, () -> once.stream().anyMatch(Thread::isAlive));
        for (Thread t : once) {
            t.join();
        }
        Thread.sleep(5000);
        int threadsAfterOnce = threads();

        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong bombs = new AtomicLong();
        AtomicLong stoppedByTheBound = new AtomicLong();
        List<Thread> bombers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Shell box = sandbox();
            Thread t = new Thread(() -> {
                while (!stop.get()) {
                    ExecutionResult r = run(box, BOMB);
                    bombs.incrementAndGet();
                    if ("max_processes".equals(r.limitExceeded())) {
                        stoppedByTheBound.incrementAndGet();
                    }
                }
            });
            t.start();
            bombers.add(t);
        }
        Thread.sleep(2000);
        int threadsDuring = threads();
        long[] loaded = measure(quiet, samples);
        stop.set(true);
        for (Thread t : bombers) {
            t.join();
        }
        Thread.sleep(5000);
        int threadsAfter = threads();

        System.out.printf(
                "echo hi, idle:        p50 %6.1f us  p99 %8.1f us  (%d samples)%n",
                micros(idle, 50), micros(idle, 99), samples);
        System.out.printf(
                "echo hi, one fork bomb in each of 4 sandboxes: p50 %6.1f us  p99 %8.1f us  (%d samples; the bombs"
                        + " ran %s ms; JVM threads 5 s after: %d); p50 ratio %.2f%n",
                micros(during, 50),
                micros(during, 99),
                during.length,
                Arrays.toString(bombMillis),
                threadsAfterOnce,
                micros(during, 50) / micros(idle, 50));
        System.out.printf(
                "echo hi, 4 sandboxes running fork bombs back to back: p50 %6.1f us  p99 %8.1f us  (%d samples);"
                        + " p50 ratio %.2f%n",
                micros(loaded, 50), micros(loaded, 99), samples, micros(loaded, 50) / micros(idle, 50));
        System.out.printf("fork bombs run: %d, stopped by max_processes: %d%n", bombs.get(), stoppedByTheBound.get());
        System.out.printf(
                "JVM threads: %d before, %d during, %d 5 s after%n", threadsBefore, threadsDuring, threadsAfter);
    }

    /** A sandbox's shell: its own file system and process bound, the limits sandbox-service gives an exec. */
    private static Shell sandbox() throws Exception {
        InMemoryFileSystem fs = new InMemoryFileSystem();
        fs.createDirectory("/workspace", 0755);
        return Shell.builder()
                .fileSystem(fs)
                .commands(StandardCommands.registry())
                .processes(ProcessBound.of(SANDBOX_PROCESSES))
                .escalator(NO_PROGRAMS)
                .limits(ExecutionLimits.DEFAULT.withTimeout(Duration.ofSeconds(30)))
                .environment(Map.of("HOME", "/workspace", "PATH", "/usr/bin:/bin"))
                .workingDirectory("/workspace")
                .build();
    }

    private static long[] measure(Shell shell, int samples) {
        return measureWhile(shell, samples, () -> true);
    }

    /** Samples {@code echo hi} while {@code running} holds, at most {@code samples} times; sorted. */
    private static long[] measureWhile(Shell shell, int samples, BooleanSupplier running) {
        long[] nanos = new long[samples];
        int n = 0;
        while (n < samples && running.getAsBoolean()) {
            long start = System.nanoTime();
            ExecutionResult r = run(shell, "echo hi");
            nanos[n++] = System.nanoTime() - start;
            if (r.exitStatus() != 0) {
                throw new IllegalStateException("echo hi failed with status " + r.exitStatus());
            }
        }
        long[] taken = Arrays.copyOf(nanos, Math.max(1, n));
        Arrays.sort(taken);
        return taken;
    }

    private static ExecutionResult run(Shell shell, String script) {
        return shell.execute(
                script, InputStream.nullInputStream(), new ByteArrayOutputStream(), OutputStream.nullOutputStream());
    }

    private static double micros(long[] sorted, int percentile) {
        return sorted[Math.min(sorted.length - 1, sorted.length * percentile / 100)] / 1000.0;
    }

    private static int threads() {
        return ManagementFactory.getThreadMXBean().getThreadCount();
    }
}
