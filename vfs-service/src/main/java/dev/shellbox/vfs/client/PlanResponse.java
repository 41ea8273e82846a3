package dev.shellbox.vfs.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Map;

/** A user's plan as usage-service describes it: its name and its limits by snake_case key. */
@RegisterForReflection
@JsonIgnoreProperties(ignoreUnknown = true)
public record PlanResponse(String name, Map<String, Object> limits) {
    /** A numeric limit, or null when the plan does not set it (or sets it to something that is not a number). */
    public Long limit(String key) {
        Object value = limits == null ? null : limits.get(key);
        return value instanceof Number n ? n.longValue() : null;
    }
}
