package dev.shellbox.usage.domain;

import dev.shellbox.contracts.Limit;

/** How a limit is measured, which decides how a quota check treats its {@code amount}. */
public enum LimitKind {
    /** Counted per UTC day from usage events; a check reserves {@code amount} until the matching event is folded. */
    DAILY_COUNTER,
    /** Live sandboxes, counted from lifecycle events; a check reserves {@code amount} until the creation is seen. */
    LIVE_COUNT,
    /** A ceiling on one value of one request (a timeout, an output size, a storage total); nothing is reserved. */
    CEILING;

    public static LimitKind of(Limit limit) {
        if (limit.daily()) {
            return DAILY_COUNTER;
        }
        return limit == Limit.CONCURRENT_SANDBOXES ? LIVE_COUNT : CEILING;
    }
}
