package dev.shellbox.vfs.service;

import dev.shellbox.contracts.Limit;
import dev.shellbox.vfs.client.PlanResponse;
import dev.shellbox.vfs.client.UsageClient;
import dev.shellbox.vfs.config.VfsConfig;
import dev.shellbox.vfs.domain.VolumeLimits;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * The limits of a user's volumes: {@code storage_bytes} from the user's plan (usage-service, cached briefly), the rest
 * from configuration. When usage-service does not answer, the configured default applies; that is logged and counted
 * ({@code vfs_plan_fallbacks_total}), and cached like an answer so that a failing usage-service is not hammered.
 */
@ApplicationScoped
public class LimitService {
    private static final Logger LOG = Logger.getLogger(LimitService.class);

    private record Cached(VolumeLimits limits, long expiresAt) {}

    private final UsageClient usage;
    private final VfsConfig config;
    private final Counter fallbacks;
    private final ConcurrentHashMap<String, Cached> cache = new ConcurrentHashMap<>();

    public LimitService(UsageClient usage, VfsConfig config, MeterRegistry registry) {
        this.usage = usage;
        this.config = config;
        this.fallbacks = Counter.builder("vfs_plan_fallbacks")
                .description("Plan lookups that failed, so that the configured default limits applied")
                .register(registry);
    }

    /** The limits that apply to a volume of {@code userId}. Blocking (may call usage-service). */
    public VolumeLimits forUser(String userId) {
        long now = System.nanoTime();
        Cached cached = cache.get(userId);
        if (cached != null && cached.expiresAt - now > 0) {
            return cached.limits;
        }
        VolumeLimits limits = lookup(userId);
        cache.put(userId, new Cached(limits, now + config.usage().planCacheTtl().toNanos()));
        if (cache.size() > 10_000) {
            cache.entrySet().removeIf(e -> e.getValue().expiresAt - now <= 0);
        }
        return limits;
    }

    /** The limits from configuration alone. */
    public VolumeLimits defaults() {
        var l = config.limits();
        return new VolumeLimits(l.maxBytes(), l.maxEntries(), l.maxFileBytes(), null);
    }

    private VolumeLimits lookup(String userId) {
        VolumeLimits defaults = defaults();
        if (!usage.configured()) {
            return defaults;
        }
        String key = Limit.STORAGE_BYTES.key();
        Optional<PlanResponse> plan;
        try {
            plan = usage.plan(userId);
        } catch (RuntimeException e) {
            fallbacks.increment();
            LOG.warnf(
                    "usage-service did not give the plan of user %s (%s); applying the configured default %s of %d"
                            + " bytes",
                    userId,
                    e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage(),
                    key,
                    defaults.maxBytes());
            return defaults;
        }
        Long planBytes = plan.map(p -> p.limit(key)).orElse(null);
        if (planBytes == null || planBytes <= 0) {
            return defaults;
        }
        return new VolumeLimits(
                planBytes,
                defaults.maxEntries(),
                defaults.maxFileBytes(),
                plan.map(PlanResponse::name).orElse(null));
    }
}
