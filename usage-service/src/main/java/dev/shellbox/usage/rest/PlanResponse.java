package dev.shellbox.usage.rest;

import dev.shellbox.usage.domain.PlanDefinition;
import java.util.Map;

/** A plan: {@code {name, limits: {concurrent_sandboxes: 3, ...}}}. */
public record PlanResponse(String name, Map<String, Long> limits) {
    static PlanResponse of(PlanDefinition plan) {
        return new PlanResponse(plan.name(), plan.limitsByKey());
    }
}
