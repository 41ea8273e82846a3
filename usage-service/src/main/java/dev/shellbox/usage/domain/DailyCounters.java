package dev.shellbox.usage.domain;

import dev.shellbox.contracts.Limit;

/**
 * The per-day counters of one user, one slot per daily {@link Limit}. Container time is kept in milliseconds and
 * shown in seconds (rounded up).
 */
public final class DailyCounters {
    private final long[] values = new long[Limit.values().length];

    public long get(Limit limit) {
        return values[limit.ordinal()];
    }

    public void add(Limit limit, long amount) {
        values[limit.ordinal()] += amount;
    }

    public void addAll(DailyCounters other) {
        for (int i = 0; i < values.length; i++) {
            values[i] += other.values[i];
        }
    }

    public boolean isZero() {
        for (long v : values) {
            if (v != 0) {
                return false;
            }
        }
        return true;
    }

    /** The value of a limit in the limit's own unit (container seconds rounded up from milliseconds). */
    public long inLimitUnit(Limit limit) {
        return toLimitUnit(limit, get(limit));
    }

    /** The internal unit of a limit's counter: milliseconds for container seconds, the limit's unit otherwise. */
    public static long toInternalUnit(Limit limit, long amount) {
        return limit == Limit.CONTAINER_SECONDS_PER_DAY ? Math.multiplyExact(amount, 1000L) : amount;
    }

    public static long toLimitUnit(Limit limit, long internal) {
        return limit == Limit.CONTAINER_SECONDS_PER_DAY ? Math.floorDiv(internal + 999, 1000L) : internal;
    }
}
