package dev.shellbox.usage.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.shellbox.contracts.Limit;
import dev.shellbox.platform.problem.ProblemException;
import java.util.EnumMap;
import java.util.Map;

/**
 * The body of {@code PUT /v1/admin/plans/{plan}}: the limits to set, by their snake_case names. Limits not named keep
 * their values (a new plan takes them from the default plan).
 *
 * @param name optional; when given it must be the plan of the path
 * @param limits required (it may be empty): each a {@link Limit} key and an integer of at least 0
 */
public record PlanRequest(
        String name, @JsonProperty(required = true) Map<String, Long> limits) {
    Map<Limit, Long> changes() {
        if (limits == null) {
            throw ProblemException.badField(
                    "/limits", "an object", "limits is required: an object of limit names and integers");
        }
        Map<Limit, Long> changes = new EnumMap<>(Limit.class);
        limits.forEach((key, value) -> {
            String pointer = "/limits/" + key.replace("~", "~0").replace("/", "~1");
            Limit limit;
            try {
                limit = Limit.fromKey(key);
            } catch (IllegalArgumentException e) {
                throw ProblemException.badField(
                        pointer, null, "unknown limit '" + key + "'; the limits are: " + Limit.keys());
            }
            if (value == null || value < 0) {
                throw ProblemException.badField(
                        pointer, "an integer >= 0", "limit " + key + " must be an integer >= 0");
            }
            changes.put(limit, value);
        });
        return changes;
    }
}
