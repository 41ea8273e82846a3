package dev.shellbox.shell.interp;

import dev.shellbox.shell.command.CommandRegistry;
import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.io.Cancellation;
import java.time.Clock;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/** What every process of one shell shares: file system, commands, escalator, limits, counters. */
final class Session {
    /** Threads for pipeline stages, background jobs and stream pumps; large stacks for deep recursion. */
    static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(null, r, "shellbox-worker", 64L << 20);
        t.setDaemon(true);
        return t;
    });

    final FileSystem fs;
    /** Set once by the shell after the {@code bash} command (which needs the session) is registered. */
    volatile CommandRegistry registry;

    final Escalator escalator;
    final ExecutionLimits limits;
    final Identity identity;
    final Clock clock;
    final AtomicLong commands = new AtomicLong();
    final AtomicLong builtinCommands = new AtomicLong();
    final AtomicLong escalatedCommands = new AtomicLong();
    final AtomicLong loopIterations = new AtomicLong();
    final AtomicLong nextPid;
    volatile Cancellation cancellation = Cancellation.create();
    /** Whether the root streams are a terminal ({@code test -t}). */
    volatile boolean terminal;
    /**
     * Background jobs of the running execution that have neither started an escalated program nor ended: the
     * execution gives them a moment before it ends, so that {@code server &} at the end of a script starts its server.
     */
    final ConcurrentLinkedQueue<CountDownLatch> unsettledJobs = new ConcurrentLinkedQueue<>();

    Session(
            FileSystem fs,
            CommandRegistry registry,
            Escalator escalator,
            ExecutionLimits limits,
            Identity identity,
            Clock clock,
            long firstPid) {
        this.fs = fs;
        this.registry = registry;
        this.escalator = escalator;
        this.limits = limits;
        this.identity = identity;
        this.clock = clock;
        this.nextPid = new AtomicLong(firstPid);
    }

    private final java.util.concurrent.ConcurrentHashMap<Long, Interpreter> processes =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** Registers a process that {@code kill} can reach by pid. */
    void addProcess(long pid, Interpreter p) {
        processes.put(pid, p);
    }

    void removeProcess(long pid) {
        processes.remove(pid);
    }

    Interpreter process(long pid) {
        return processes.get(pid);
    }

    long newPid() {
        return nextPid.incrementAndGet();
    }

    private final java.util.concurrent.atomic.AtomicInteger liveProcesses =
            new java.util.concurrent.atomic.AtomicInteger();

    /** Registers a new concurrent subprocess (pipeline stage, job, substitution); throws past the limit. */
    void startProcess() {
        if (liveProcesses.incrementAndGet() > limits.maxProcesses()) {
            liveProcesses.decrementAndGet();
            throw limitExceeded("maxProcesses", "more than " + limits.maxProcesses() + " concurrent processes");
        }
    }

    void endProcess() {
        liveProcesses.decrementAndGet();
    }

    /** A limit was hit: stops everything the execution runs, and returns the exception to throw. */
    dev.shellbox.shell.io.LimitExceededException limitExceeded(String name, String message) {
        dev.shellbox.shell.io.LimitExceededException e =
                new dev.shellbox.shell.io.LimitExceededException(name, message);
        cancellation.cancel(e);
        return e;
    }

    void countCommand() {
        if (commands.incrementAndGet() > limits.maxCommands()) {
            throw limitExceeded("maxCommands", "more than " + limits.maxCommands() + " commands");
        }
    }

    void countLoopIteration() {
        if (loopIterations.incrementAndGet() > limits.maxLoopIterations()) {
            throw limitExceeded("maxLoopIterations", "more than " + limits.maxLoopIterations() + " loop iterations");
        }
    }
}
