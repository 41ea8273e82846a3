package dev.shellbox.shell.commands.utils.xargs;

import dev.shellbox.shell.command.CommandContext;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntFunction;

/**
 * Runs xargs's command lines on up to {@code maxProcs} threads at once (0: no limit), as -P does. The commands share
 * xargs's output streams through wrappers that keep each write whole; results are collected for the caller's thread,
 * and a failure in a command thread (an I/O error, a cancellation) is rethrown there.
 */
final class ParallelLauncher {
    /** A finished command and its exit status. */
    record Result(List<String> argv, int status) {}

    private static final long POLL_MILLIS = 50;

    private final CommandContext ctx;
    private final int maxProcs;
    private final OutputStream out;
    private final OutputStream err;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final BitSet busySlots = new BitSet();
    private final List<Result> finished = new ArrayList<>();
    private int running;
    private Throwable failure;

    ParallelLauncher(CommandContext ctx, int maxProcs) {
        this.ctx = ctx;
        this.maxProcs = maxProcs;
        this.out = new WholeWrites(ctx.stdout());
        this.err = new WholeWrites(ctx.stderr());
    }

    /**
     * Waits for a free slot and starts {@code argv} in it; returns the results of commands that ended meanwhile.
     *
     * @param contextForSlot the context a command gets, by slot number (for --process-slot-var)
     */
    List<Result> launch(List<String> argv, IntFunction<CommandContext> contextForSlot) throws IOException {
        int slot;
        lock.lock();
        try {
            while (maxProcs > 0 && running >= maxProcs) {
                awaitChange();
            }
            rethrowFailure();
            slot = busySlots.nextClearBit(0);
            busySlots.set(slot);
            running++;
        } finally {
            lock.unlock();
        }
        CommandContext base = contextForSlot.apply(slot);
        CommandContext child = base.withStreams(base.stdin(), out, err);
        Thread thread = new Thread(() -> runCommand(child, argv, slot), "xargs-" + slot);
        thread.setDaemon(true);
        thread.start();
        return drainFinished();
    }

    /** Waits until every started command has ended; returns the results not yet collected. */
    List<Result> awaitAll() throws IOException {
        lock.lock();
        try {
            while (running > 0) {
                awaitChange();
            }
            rethrowFailure();
        } finally {
            lock.unlock();
        }
        return drainFinished();
    }

    private void runCommand(CommandContext child, List<String> argv, int slot) {
        Integer status = null;
        Throwable thrown = null;
        try {
            status = child.run(argv);
            out.flush();
        } catch (IOException | RuntimeException | Error e) {
            thrown = e; // handed to the xargs thread, which rethrows it
        }
        lock.lock();
        try {
            if (thrown != null && failure == null) {
                failure = thrown;
            }
            if (status != null) {
                finished.add(new Result(argv, status));
            }
            busySlots.clear(slot);
            running--;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void awaitChange() {
        ctx.checkCancelled();
        try {
            changed.await(POLL_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new dev.shellbox.shell.io.CancelledException("interrupted");
        }
    }

    private void rethrowFailure() throws IOException {
        Throwable t = failure;
        if (t == null) {
            return;
        }
        failure = null;
        if (t instanceof IOException e) {
            throw e;
        }
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new UncheckedIOException(new IOException(t));
    }

    private List<Result> drainFinished() {
        lock.lock();
        try {
            List<Result> done = new ArrayList<>(finished);
            finished.clear();
            return done;
        } finally {
            lock.unlock();
        }
    }

    /** Serializes writes on the shared stream so that each one arrives whole. */
    private static final class WholeWrites extends OutputStream {
        private final OutputStream target;

        WholeWrites(OutputStream target) {
            this.target = target;
        }

        @Override
        public void write(int b) throws IOException {
            synchronized (target) {
                target.write(b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            synchronized (target) {
                target.write(b, off, len);
            }
        }

        @Override
        public void flush() throws IOException {
            synchronized (target) {
                target.flush();
            }
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
