package dev.shellbox.sandbox.service;

import dev.shellbox.contracts.Limit;
import dev.shellbox.sandbox.client.QuotaClient;
import dev.shellbox.sandbox.client.QuotaClient.Reservation;
import dev.shellbox.shell.interp.Budget;
import java.util.ArrayList;
import java.util.List;

/**
 * The budgets of one exec for a plan's daily limits: the engine stops the script when one is spent (status 126 naming
 * the limit), so a runaway loop cannot run past the day's allowance. Units are reserved from the user's quota in
 * chunks of at most 1% of the daily maximum, so parallel execs of one user share one allowance; at the end of the exec
 * {@link #settle} keeps what was used reserved until its usage events are folded and gives back the rest.
 */
final class DailyBudgets {
    /** The part of a daily maximum one grant reserves at most. */
    static final long CHUNKS_PER_DAY = 100;

    private final Grants commands;
    private final Grants programTime;

    /**
     * @param commandsPerDay the plan's maximum, or null for no budget
     * @param containerSecondsPerDay the plan's maximum, or null for no budget
     */
    DailyBudgets(QuotaClient quota, String userId, Long commandsPerDay, Long containerSecondsPerDay) {
        // commands: one unit per command; programs: units are milliseconds, reserved in whole seconds
        commands = commandsPerDay == null ? null : new Grants(quota, userId, Limit.COMMANDS_PER_DAY, commandsPerDay, 1);
        programTime = containerSecondsPerDay == null
                ? null
                : new Grants(quota, userId, Limit.CONTAINER_SECONDS_PER_DAY, containerSecondsPerDay, 1000);
    }

    Budget commands() {
        return commands == null ? null : commands.budget;
    }

    Budget programTime() {
        return programTime == null ? null : programTime.budget;
    }

    /** Keeps what the exec used reserved until its usage is folded, and gives back the rest of every chunk. */
    void settle() {
        if (commands != null) {
            commands.settle();
        }
        if (programTime != null) {
            programTime.settle();
        }
    }

    /** One budget and the reservations that granted its units. */
    private static final class Grants {
        private final QuotaClient quota;
        private final String userId;
        private final Limit limit;
        private final long chunk;
        private final long unitsPerStep;
        private final List<Reserved> reserved = new ArrayList<>();
        final Budget budget;

        private record Reserved(Reservation reservation, long steps) {}

        Grants(QuotaClient quota, String userId, Limit limit, long maximum, long unitsPerStep) {
            this.quota = quota;
            this.userId = userId;
            this.limit = limit;
            this.chunk = Math.max(1, maximum / CHUNKS_PER_DAY);
            this.unitsPerStep = unitsPerStep;
            this.budget = Budget.of(limit.key(), this::grant);
        }

        /** Called by the budget, one caller at a time. */
        private long grant(long needed) {
            long steps = Math.max(chunk, (needed + unitsPerStep - 1) / unitsPerStep);
            Reservation r = quota.reserve(userId, limit, steps);
            if (r instanceof Reservation.Refused refused) {
                // less is left than a chunk: take what is left, then the budget is spent
                steps = refused.left();
                if (steps == 0) {
                    return 0;
                }
                r = quota.reserve(userId, limit, steps);
                if (r instanceof Reservation.Refused) {
                    return 0;
                }
            }
            synchronized (reserved) {
                reserved.add(new Reserved(r, steps));
            }
            return steps * unitsPerStep;
        }

        void settle() {
            long usedSteps = (budget.used() + unitsPerStep - 1) / unitsPerStep;
            synchronized (reserved) {
                for (Reserved r : reserved) {
                    long keep = Math.min(r.steps(), usedSteps);
                    usedSteps -= keep;
                    quota.settle(r.reservation(), keep);
                }
                reserved.clear();
            }
        }
    }
}
