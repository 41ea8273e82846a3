package dev.shellbox.platform.plans;

import dev.shellbox.contracts.Limit;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * A user's plan as usage-service answers it: its name and the limits it sets. {@link #UNKNOWN} stands for a plan
 * nobody could tell (usage-service not configured, or not answering): callers apply their configured limits.
 *
 * @param name the plan's name; null when unknown
 * @param limits the limits the plan sets, by {@link Limit}; the ones it does not set are absent
 */
public record Plan(String name, Map<Limit, Long> limits) {
    /** No plan: every limit is the caller's configured one. */
    public static final Plan UNKNOWN = new Plan(null, Map.of());

    public Plan {
        limits = limits == null || limits.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(limits));
    }

    /** The plan's value of {@code limit}, or null when it does not set it. */
    public Long limit(Limit limit) {
        return limits.get(limit);
    }

    /** The plan's value of {@code limit}, or {@code fallback} when it does not set it. */
    public long limit(Limit limit, long fallback) {
        Long value = limits.get(limit);
        return value == null ? fallback : value;
    }
}
