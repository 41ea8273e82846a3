package dev.shellbox.shell.interp;

import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.LimitExceededException;
import dev.shellbox.shell.io.LimitNames;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What everything one {@link Shell#execute} call starts shares, however deep: the cancellation of the whole tree, the
 * counters its limits apply to, the first limit it hit, and the threads it runs. Every interpreter keeps the scope it
 * was created in, so a thread left over from an earlier execution never charges or stops a later one.
 */
final class ExecutionScope {
    /**
     * Threads for scripts, pipeline stages, background jobs and stream pumps, with large stacks for deep recursion.
     * Idle threads end after a short while, so that the thread count falls back soon after a burst.
     */
    private static final ThreadPoolExecutor POOL =
            new ThreadPoolExecutor(0, Integer.MAX_VALUE, 2, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                Thread t = new Thread(null, r, "shellbox-worker", 64L << 20);
                t.setDaemon(true);
                return t;
            });

    /** Charges the time of running escalated programs to their budget, a little at a time. */
    private static final ScheduledExecutorService METER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "shellbox-program-meter");
        t.setDaemon(true);
        return t;
    });

    private static final long METER_TICK_MILLIS = 100;

    /** Cancels everything the execution started. */
    final Cancellation cancellation;

    private final ExecutionLimits limits;
    private final ProcessBound processes;
    private final Budget commandBudget;
    private final Budget programTimeBudget;
    private final Map<Budget, Long> usedBefore = new LinkedHashMap<>();
    private final AtomicReference<LimitExceededException> limitHit = new AtomicReference<>();

    final AtomicLong commands = new AtomicLong();
    final AtomicLong loopIterations = new AtomicLong();
    final AtomicLong builtinCommands = new AtomicLong();
    final AtomicLong escalatedCommands = new AtomicLong();
    /**
     * Background jobs that have neither started an escalated program nor ended: the execution gives them a moment
     * before it ends, so that {@code server &} at the end of a script starts its server.
     */
    final ConcurrentLinkedQueue<CountDownLatch> unsettledJobs = new ConcurrentLinkedQueue<>();

    ExecutionScope(
            Cancellation cancellation,
            ExecutionLimits limits,
            ProcessBound processes,
            Budget commandBudget,
            Budget programTimeBudget) {
        this.cancellation = cancellation;
        this.limits = limits;
        this.processes = processes;
        this.commandBudget = commandBudget;
        this.programTimeBudget = programTimeBudget;
        for (Budget b : new Budget[] {commandBudget, programTimeBudget}) {
            if (b != null) {
                usedBefore.put(b, b.used());
            }
        }
    }

    /** The units each budget gave out since the execution started, by name. */
    Map<String, Long> budgetsUsed() {
        Map<String, Long> used = new LinkedHashMap<>();
        for (Map.Entry<Budget, Long> e : usedBefore.entrySet()) {
            used.merge(e.getKey().name(), e.getKey().used() - e.getValue(), Long::sum);
        }
        return used;
    }

    /** A limit was hit: records it, stops everything the execution runs, and returns the exception to throw. */
    LimitExceededException limitExceeded(String name, String message) {
        LimitExceededException e = new LimitExceededException(name, message);
        limitHit.compareAndSet(null, e);
        cancellation.cancel(e);
        return e;
    }

    /** The first limit the execution hit, wherever in its tree; null when none. */
    LimitExceededException limitHit() {
        LimitExceededException hit = limitHit.get();
        if (hit == null && cancellation.cause() instanceof LimitExceededException cause) {
            return cause;
        }
        return hit;
    }

    void countCommand() {
        if (commands.incrementAndGet() > limits.maxCommands()) {
            throw limitExceeded(LimitNames.MAX_COMMANDS, "more than " + limits.maxCommands() + " commands");
        }
        if (commandBudget != null && !commandBudget.tryTake(1)) {
            throw budgetSpent(commandBudget);
        }
    }

    private LimitExceededException budgetSpent(Budget budget) {
        return limitExceeded(budget.name(), "the budget of " + budget.granted() + " is spent");
    }

    /**
     * Starts charging an escalated program's running time to the program-time budget; the returned handle, run when
     * the program has ended, charges the rest. Charging stops when the execution ends; a spent budget stops it.
     */
    Runnable meterProgram() {
        if (programTimeBudget == null) {
            return () -> {};
        }
        ProgramMeter meter = new ProgramMeter();
        ScheduledFuture<?> tick =
                METER.scheduleAtFixedRate(meter::charge, METER_TICK_MILLIS, METER_TICK_MILLIS, TimeUnit.MILLISECONDS);
        meter.tick = tick;
        return () -> {
            tick.cancel(false);
            meter.charge();
        };
    }

    /** The wall-clock time of one program not charged yet. */
    private final class ProgramMeter {
        private long chargedUpTo = System.nanoTime();
        volatile ScheduledFuture<?> tick;

        synchronized void charge() {
            if (cancellation.isCancelled()) {
                // the execution ended (or was stopped): what runs on is not its to pay
                ScheduledFuture<?> t = tick;
                if (t != null) {
                    t.cancel(false);
                }
                return;
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - chargedUpTo);
            if (millis <= 0) {
                return;
            }
            chargedUpTo += TimeUnit.MILLISECONDS.toNanos(millis);
            if (!programTimeBudget.tryTake(millis)) {
                budgetSpent(programTimeBudget);
            }
        }
    }

    void countLoopIteration() {
        if (loopIterations.incrementAndGet() > limits.maxLoopIterations()) {
            throw limitExceeded(
                    LimitNames.MAX_LOOP_ITERATIONS, "more than " + limits.maxLoopIterations() + " loop iterations");
        }
    }

    /**
     * Runs {@code task} on a thread of its own, counted against the process bound until it ends. Past the bound
     * nothing runs: the execution is stopped and the limit thrown, as a fork that fails.
     */
    void start(Runnable task) {
        acquireProcess();
        run(task);
    }

    /**
     * {@link #submit} for the stream pumps of a background job's program, which may start after the execution ended
     * (a slow container): a program that outlives its execution still needs them.
     */
    <T> FutureTask<T> submitForOutlivingProgram(Callable<T> task) {
        FutureTask<T> f = new FutureTask<>(task);
        takeProcessSlot();
        run(f);
        return f;
    }

    private void run(Runnable task) {
        try {
            POOL.execute(() -> {
                try {
                    task.run();
                } finally {
                    processes.release();
                }
            });
        } catch (RejectedExecutionException | OutOfMemoryError e) {
            // the JVM could not create another thread
            processes.release();
            throw limitExceeded(LimitNames.MAX_PROCESSES, "no thread available for another process");
        }
    }

    /** {@link #start} for a task with a result; cancelling the future interrupts the task. */
    <T> FutureTask<T> submit(Callable<T> task) {
        FutureTask<T> f = new FutureTask<>(task);
        start(f);
        return f;
    }

    /**
     * Counts a process that runs on the caller's thread (a command that a command runs, such as {@code xargs -P}'s)
     * against the bound; {@link #releaseProcess} when it ends.
     */
    void acquireProcess() {
        cancellation.check();
        takeProcessSlot();
    }

    private void takeProcessSlot() {
        if (!processes.tryAcquire()) {
            throw limitExceeded(LimitNames.MAX_PROCESSES, "more than " + processes.max() + " processes at once");
        }
    }

    void releaseProcess() {
        processes.release();
    }
}
