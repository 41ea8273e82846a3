package dev.shellbox.shell.interp;

import dev.shellbox.shell.command.CommandRegistry;
import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.net.NetworkAccess;
import java.time.Clock;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What every process of one shell shares: file system, commands, escalator, network, limits, the process bound, and the scope
 * of the execution running now.
 */
final class Session {
    final FileSystem fs;
    /** Set once by the shell after the {@code bash} command (which needs the session) is registered. */
    volatile CommandRegistry registry;

    final Escalator escalator;
    final ExecutionLimits limits;
    final ProcessBound processes;
    final Identity identity;
    final Clock clock;
    final NetworkAccess network;
    final AtomicLong nextPid;
    /** The execution running now (or the last one); interpreters created outside any keep this one. */
    volatile ExecutionScope scope;
    /** Whether the root streams are a terminal ({@code test -t}). */
    volatile boolean terminal;

    private final ConcurrentHashMap<Long, Interpreter> processTable = new ConcurrentHashMap<>();

    Session(
            FileSystem fs,
            CommandRegistry registry,
            Escalator escalator,
            ExecutionLimits limits,
            ProcessBound processes,
            Identity identity,
            Clock clock,
            NetworkAccess network,
            long firstPid) {
        this.fs = fs;
        this.registry = registry;
        this.escalator = escalator;
        this.limits = limits;
        this.processes = processes;
        this.identity = identity;
        this.clock = clock;
        this.network = network;
        this.nextPid = new AtomicLong(firstPid);
        this.scope = newScope(Cancellation.create(), null, null);
    }

    /** The scope of a new execution cancelled by {@code cancellation}, with the execution's budgets (or null). */
    ExecutionScope newScope(Cancellation cancellation, Budget commandBudget, Budget programTimeBudget) {
        return new ExecutionScope(cancellation, limits, processes, commandBudget, programTimeBudget);
    }

    /** Registers a process that {@code kill} can reach by pid. */
    void addProcess(long pid, Interpreter p) {
        processTable.put(pid, p);
    }

    void removeProcess(long pid) {
        processTable.remove(pid);
    }

    Interpreter process(long pid) {
        return processTable.get(pid);
    }

    long newPid() {
        return nextPid.incrementAndGet();
    }
}
