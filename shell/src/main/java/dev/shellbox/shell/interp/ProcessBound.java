package dev.shellbox.shell.interp;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many threads the engine may run at once for the Shells that share this bound: the in-process counterpart of a
 * sandbox's process limit. Every thread the engine starts for an execution counts (the script itself, pipeline
 * stages, background jobs, process substitutions, coprocesses, the stream pumps of escalated programs) and so does
 * every command a command runs ({@code xargs -P}, {@code find -exec}) while it runs.
 *
 * <p>An embedder creates one per sandbox and passes it to {@link Shell.Builder#processes} of every session's Shell, so
 * that a fork bomb in one session cannot take more than the sandbox's share of the JVM. A start past the bound fails
 * like a fork that fails: the execution that tried stops with status 126 and {@code shellbox: limit exceeded:
 * max_processes (...)}, and everything it started is cancelled, which brings the count back down. Other executions
 * sharing the bound are not stopped; they can start threads again once it has room.
 */
public final class ProcessBound {
    private final int max;
    private final AtomicInteger live = new AtomicInteger();

    private ProcessBound(int max) {
        this.max = max;
    }

    /** A bound of {@code max} threads at once (at least 1). */
    public static ProcessBound of(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("a process bound needs room for at least one thread: " + max);
        }
        return new ProcessBound(max);
    }

    public int max() {
        return max;
    }

    /** The threads running under this bound now. */
    public int live() {
        return live.get();
    }

    /** Takes a place; false when the bound is full. */
    boolean tryAcquire() {
        while (true) {
            int n = live.get();
            if (n >= max) {
                return false;
            }
            if (live.compareAndSet(n, n + 1)) {
                return true;
            }
        }
    }

    void release() {
        live.decrementAndGet();
    }

    @Override
    public String toString() {
        return "ProcessBound[" + live() + " of " + max + "]";
    }
}
