package dev.shellbox.usage.domain;

import dev.shellbox.contracts.Limit;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A plan as the quota decisions see it: its name and a maximum for every limit.
 *
 * @param name the plan's name (lower case)
 * @param limits a maximum for every {@link Limit}
 * @param version bumped by every change, so that a stale copy never replaces a newer one
 */
public record PlanDefinition(String name, Map<Limit, Long> limits, long version) {
    public PlanDefinition {
        EnumMap<Limit, Long> copy = new EnumMap<>(Limit.class);
        copy.putAll(limits);
        limits = Collections.unmodifiableMap(copy);
    }

    public long maximum(Limit limit) {
        Long value = limits.get(limit);
        if (value == null) {
            throw new IllegalStateException("plan " + name + " has no value for " + limit.key());
        }
        return value;
    }

    /** The limits keyed by their snake_case names, in the order of {@link Limit}. */
    public Map<String, Long> limitsByKey() {
        Map<String, Long> byKey = new LinkedHashMap<>();
        limits.forEach((limit, value) -> byKey.put(limit.key(), value));
        return byKey;
    }
}
