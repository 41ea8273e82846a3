package dev.shellbox.shell.interp;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Units of something the embedder meters that one execution may use, granted in chunks: the plan's remaining {@code
 * commands_per_day}, or milliseconds of escalated programs for {@code container_seconds_per_day}. The embedder reserves
 * a chunk (from a quota service, say) each time the {@link Grantor} is asked; the engine takes units as the script
 * runs and, when a chunk is used up and the grantor grants nothing more, stops the script with status 126 and {@code
 * shellbox: limit exceeded: NAME (...)}, NAME being the budget's name.
 *
 * <p>Taking a unit is one compare-and-set; the grantor is asked only when a chunk runs out, by one thread at a
 * time. Once it has answered 0 the budget stays spent. A grantor that throws counts as one that answered 0.
 */
public final class Budget {
    /** Grants more units when the budget runs out. */
    @FunctionalInterface
    public interface Grantor {
        /**
         * How many more units the budget may use: at least {@code needed} if possible, typically a chunk larger than
         * that; 0 (or less) when none are left.
         */
        long grant(long needed);
    }

    private final String name;
    private final Grantor grantor;
    /** Units granted and not yet taken. */
    private final AtomicLong remaining = new AtomicLong();

    private volatile long granted;
    private volatile boolean spent;

    private Budget(String name, Grantor grantor) {
        this.name = name;
        this.grantor = grantor;
    }

    /** A budget called {@code name} (the limit its messages name) whose units come from {@code grantor}. */
    public static Budget of(String name, Grantor grantor) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a budget needs a name");
        }
        return new Budget(name, grantor);
    }

    /** A budget of {@code units} and no more. */
    public static Budget fixed(String name, long units) {
        boolean[] given = {false};
        return of(name, needed -> {
            if (given[0]) {
                return 0;
            }
            given[0] = true;
            return units;
        });
    }

    public String name() {
        return name;
    }

    /** Units taken so far (never more than were granted). */
    public long used() {
        return granted - remaining.get();
    }

    /** Units granted so far. */
    public long granted() {
        return granted;
    }

    /** Whether the grantor has said that no units are left. */
    public boolean isSpent() {
        return spent;
    }

    /**
     * Takes {@code units}; false when the budget cannot cover them (the grantor has none left), after taking what was
     * there.
     */
    public boolean tryTake(long units) {
        if (units <= 0) {
            return true;
        }
        long r;
        while ((r = remaining.get()) >= units) {
            if (remaining.compareAndSet(r, r - units)) {
                return true;
            }
        }
        return refillAndTake(units);
    }

    /** Asks the grantor until {@code units} are covered; only one taker at a time, so grants are never lost. */
    private synchronized boolean refillAndTake(long units) {
        while (true) {
            long r = remaining.get();
            if (r >= units) {
                if (remaining.compareAndSet(r, r - units)) {
                    return true;
                }
                continue;
            }
            if (spent) {
                remaining.compareAndSet(r, 0);
                return false;
            }
            long more;
            try {
                more = grantor.grant(units - r);
            } catch (RuntimeException e) {
                more = 0;
            }
            if (more <= 0) {
                spent = true;
                continue;
            }
            granted += more;
            remaining.addAndGet(more);
        }
    }

    @Override
    public String toString() {
        return "Budget[" + name + ": " + used() + " of " + granted + (spent ? ", spent" : "") + "]";
    }
}
