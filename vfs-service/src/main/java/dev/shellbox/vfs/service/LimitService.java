package dev.shellbox.vfs.service;

import dev.shellbox.contracts.Limit;
import dev.shellbox.platform.plans.Plan;
import dev.shellbox.platform.plans.PlanClient;
import dev.shellbox.vfs.config.VfsConfig;
import dev.shellbox.vfs.domain.VolumeLimits;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * The limits of a user's volumes: {@code storage_bytes} from the user's plan (platform's {@link PlanClient}, which
 * remembers it briefly), the rest from configuration. When usage-service does not answer, the configured default
 * applies; the client logs that, and it is counted here ({@code vfs_plan_fallbacks_total}).
 */
@ApplicationScoped
public class LimitService {
    private final PlanClient plans;
    private final VfsConfig config;
    private final Counter fallbacks;

    public LimitService(PlanClient plans, VfsConfig config, MeterRegistry registry) {
        this.plans = plans;
        this.config = config;
        this.fallbacks = Counter.builder("vfs_plan_fallbacks")
                .description("Plan lookups that failed, so that the configured default limits applied")
                .register(registry);
    }

    /** The limits that apply to a volume of {@code userId}. Blocking (may call usage-service). */
    public VolumeLimits forUser(String userId) {
        VolumeLimits defaults = defaults();
        Plan plan = plans.planOf(userId);
        Long planBytes = plan.limit(Limit.STORAGE_BYTES);
        if (planBytes == null || planBytes <= 0) {
            return defaults;
        }
        return new VolumeLimits(planBytes, defaults.maxEntries(), defaults.maxFileBytes(), plan.name());
    }

    /** The limits from configuration alone. */
    public VolumeLimits defaults() {
        var l = config.limits();
        return new VolumeLimits(l.maxBytes(), l.maxEntries(), l.maxFileBytes(), null);
    }

    void countFallback(@Observes PlanClient.Unavailable outage) {
        fallbacks.increment();
    }
}
