package dev.shellbox.sandbox.service;

import dev.shellbox.contracts.Limit;
import dev.shellbox.sandbox.client.QuotaClient;
import dev.shellbox.sandbox.client.QuotaClient.Reservation;
import dev.shellbox.shell.interp.Budget;

/**
 * The budgets of one exec for a plan's daily limits: the engine stops the script when one is spent (status 126 naming
 * the limit), so a runaway loop cannot run past the day's allowance. Units are reserved from the user's quota in
 * chunks of at most 1% of the daily maximum, so what an exec may have reserved and not used stays small, and parallel
 * execs of one user share one allowance.
 */
final class DailyBudgets {
    /** The part of a daily maximum one grant reserves at most. */
    static final long CHUNKS_PER_DAY = 100;

    private DailyBudgets() {}

    /** {@code commands_per_day}: one unit per command. */
    static Budget commands(QuotaClient quota, String userId, long maximum) {
        return budget(quota, userId, Limit.COMMANDS_PER_DAY, maximum, 1);
    }

    /** {@code container_seconds_per_day}: units are milliseconds of escalated programs, reserved in whole seconds. */
    static Budget programTime(QuotaClient quota, String userId, long maximumSeconds) {
        return budget(quota, userId, Limit.CONTAINER_SECONDS_PER_DAY, maximumSeconds, 1000);
    }

    private static Budget budget(QuotaClient quota, String userId, Limit limit, long maximum, long unitsPerStep) {
        long chunk = Math.max(1, maximum / CHUNKS_PER_DAY);
        return Budget.of(limit.key(), needed -> {
            long steps = Math.max(chunk, (needed + unitsPerStep - 1) / unitsPerStep);
            Reservation r = quota.reserve(userId, limit, steps);
            if (r instanceof Reservation.Refused refused) {
                // less is left than a chunk: take what is left, then the budget is spent
                steps = refused.left();
                if (steps == 0 || quota.reserve(userId, limit, steps) instanceof Reservation.Refused) {
                    return 0;
                }
            }
            return steps * unitsPerStep;
        });
    }
}
