package dev.shellbox.usage.domain;

import dev.shellbox.contracts.Problem;
import java.util.Map;

/** A plan that must stay (409): built in, the default plan, or users are on it; the detail says which. */
public final class PlanNotDeletableException extends UsageException {
    private PlanNotDeletableException(Problem problem) {
        super(problem, Map.of());
    }

    public static PlanNotDeletableException builtIn(String plan) {
        return new PlanNotDeletableException(
                Problem.of(409, "plan '" + plan + "' is built in: every installation has it, so it cannot be deleted"));
    }

    public static PlanNotDeletableException defaultPlan(String plan) {
        return new PlanNotDeletableException(Problem.of(
                409,
                "plan '" + plan + "' is the default plan (shellbox.usage.default-plan) of every user no admin put on"
                        + " a plan, so it cannot be deleted"));
    }

    /** @param users how many users are on the plan; the problem names it in {@code users} too */
    public static PlanNotDeletableException inUse(String plan, long users) {
        String who = users == 1 ? "1 user is" : users + " users are";
        return new PlanNotDeletableException(Problem.of(
                        409, "plan '" + plan + "' cannot be deleted: " + who + " on it; put them on another plan first")
                .with("users", users));
    }
}
