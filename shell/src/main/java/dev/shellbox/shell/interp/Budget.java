package dev.shellbox.shell.interp;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Units of something the embedder meters that one execution may use, granted in chunks: the plan's remaining {@code
 * commands_per_day}, or milliseconds of escalated programs for {@code container_seconds_per_day}. The embedder reserves
 * a chunk (from a quota service, say) each time the {@link Grantor} is asked; the engine takes units as the script
 * runs and, when a chunk is used up and the grantor grants nothing more, stops the script with status 126 and {@code
 * shellbox: limit exceeded: NAME (...)}, NAME being the budget's name.
 *
 * <p>Taking a unit is one atomic subtraction; the grantor is asked only when a chunk runs out, by one thread at a
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
    /** Units granted and not yet taken; negative while takers wait for a grant or after the budget is spent. */
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
        return granted - Math.max(0, remaining.get());
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
        if (remaining.addAndGet(-units) >= 0) {
            return true;
        }
        return refill();
    }

    private synchronized boolean refill() {
        while (remaining.get() < 0) {
            if (spent) {
                return false;
            }
            long more;
            try {
                more = grantor.grant(-remaining.get());
            } catch (RuntimeException e) {
                more = 0;
            }
            if (more <= 0) {
                spent = true;
                return false;
            }
            granted += more;
            remaining.addAndGet(more);
        }
        return true;
    }

    @Override
    public String toString() {
        return "Budget[" + name + ": " + used() + " of " + granted + (spent ? ", spent" : "") + "]";
    }
}
