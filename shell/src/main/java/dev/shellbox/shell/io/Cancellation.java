package dev.shellbox.shell.io;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A cancellation signal shared by everything one execution runs: loops and commands poll {@link #check()}, blocking
 * code registers a callback with {@link #onCancel} to wake up. Children ({@code timeout 5 cmd}, a killed background
 * job) are cancelled with their parent, not the other way round.
 */
public final class Cancellation {
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "shellbox-cancellation-timer");
        t.setDaemon(true);
        return t;
    });

    private final Cancellation parent;
    private volatile RuntimeException cause;
    private final List<Runnable> callbacks = new ArrayList<>();
    private final List<Cancellation> children = new ArrayList<>();

    private Cancellation(Cancellation parent) {
        this.parent = parent;
    }

    /** A root that is cancelled only by {@link #cancel}. */
    public static Cancellation create() {
        return new Cancellation(null);
    }

    /** A child cancelled with this one, or on its own. */
    public Cancellation child() {
        Cancellation child = new Cancellation(this);
        synchronized (this) {
            if (cause == null) {
                children.add(child);
                return child;
            }
        }
        child.cancel(cause);
        return child;
    }

    /** Cancels with {@code cause} after {@code millis} unless it is cancelled first; returns a handle to disarm. */
    public ScheduledFuture<?> cancelAfter(long millis, RuntimeException cause) {
        return TIMER.schedule(() -> cancel(cause), millis, TimeUnit.MILLISECONDS);
    }

    public boolean isCancelled() {
        return cause != null;
    }

    /** Throws the cancellation's cause (a {@link CancelledException} or {@link LimitExceededException}) if set. */
    public void check() {
        RuntimeException c = cause;
        if (c != null) {
            throw c;
        }
    }

    /** The cause, or null while not cancelled. */
    public RuntimeException cause() {
        return cause;
    }

    public void cancel(String reason) {
        cancel(new CancelledException(reason));
    }

    public void cancel(RuntimeException why) {
        List<Runnable> toRun;
        List<Cancellation> toCancel;
        synchronized (this) {
            if (cause != null) {
                return;
            }
            cause = why;
            toRun = new ArrayList<>(callbacks);
            toCancel = new ArrayList<>(children);
            callbacks.clear();
            children.clear();
        }
        for (Runnable r : toRun) {
            r.run();
        }
        for (Cancellation c : toCancel) {
            c.cancel(why);
        }
    }

    /**
     * Runs {@code callback} once when cancelled (at once if already cancelled). Returns a handle that unregisters it.
     */
    public Runnable onCancel(Runnable callback) {
        synchronized (this) {
            if (cause == null) {
                callbacks.add(callback);
                return () -> {
                    synchronized (this) {
                        callbacks.remove(callback);
                    }
                };
            }
        }
        callback.run();
        return () -> {};
    }

    /** Sleeps, waking early with the cancellation's cause when cancelled. */
    public void sleep(long millis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        Object monitor = new Object();
        Runnable unregister = onCancel(() -> {
            synchronized (monitor) {
                monitor.notifyAll();
            }
        });
        try {
            synchronized (monitor) {
                long remaining;
                while (cause == null && (remaining = deadline - System.nanoTime()) > 0) {
                    TimeUnit.NANOSECONDS.timedWait(monitor, remaining);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException("interrupted");
        } finally {
            unregister.run();
        }
        check();
    }

    /** The parent, or null for a root. */
    public Cancellation parent() {
        return parent;
    }
}
