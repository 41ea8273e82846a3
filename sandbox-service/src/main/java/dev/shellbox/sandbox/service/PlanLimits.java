package dev.shellbox.sandbox.service;

import dev.shellbox.contracts.Limit;
import dev.shellbox.platform.plans.Plan;
import dev.shellbox.platform.plans.PlanClient;
import dev.shellbox.sandbox.config.SandboxConfig;
import dev.shellbox.sandbox.domain.ExecLimits;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The limits of a user's plan that shape an exec (timeout, output size, escalated programs' resources, daily
 * budgets): the plan as platform's {@link PlanClient} gives it, and the configured fallback for what it does not set
 * (all of it while usage-service does not answer).
 */
@ApplicationScoped
public class PlanLimits {
    private final PlanClient plans;
    private final SandboxConfig config;

    public PlanLimits(PlanClient plans, SandboxConfig config) {
        this.plans = plans;
        this.config = config;
    }

    /** The user's exec limits; blocking, call it from a worker thread. */
    public ExecLimits forUser(String userId) {
        Plan plan = plans.planOf(userId);
        return new ExecLimits(
                plan.name(),
                plan.limit(Limit.MAX_EXEC_TIMEOUT_MS, config.fallback().maxExecTimeoutMs()),
                plan.limit(Limit.MAX_OUTPUT_BYTES, config.fallback().maxOutputBytes()),
                plan.limit(Limit.CONTAINER_MEMORY_BYTES, config.local().memoryBytes()),
                plan.limit(Limit.CONTAINER_PROCESSES, config.local().processes()),
                plan.limit(Limit.STORAGE_BYTES, config.local().workspaceBytes()),
                plan.limit(Limit.COMMANDS_PER_DAY),
                plan.limit(Limit.CONTAINER_SECONDS_PER_DAY));
    }
}
