package dev.shellbox.usage.rest;

import dev.shellbox.contracts.Limit;
import dev.shellbox.usage.domain.InvalidRequestException;
import java.util.EnumMap;
import java.util.Map;

/**
 * The body of {@code PUT /v1/admin/plans/{plan}}: the limits to set, by their snake_case names. Limits not named keep
 * their values (a new plan takes them from the default plan).
 *
 * @param name optional; when given it must be the plan of the path
 */
public record PlanRequest(String name, Map<String, Long> limits) {
    Map<Limit, Long> changes() {
        Map<Limit, Long> changes = new EnumMap<>(Limit.class);
        if (limits == null) {
            return changes;
        }
        limits.forEach((key, value) -> {
            Limit limit;
            try {
                limit = Limit.fromKey(key);
            } catch (IllegalArgumentException e) {
                throw new InvalidRequestException("unknown limit '" + key + "'");
            }
            if (value == null || value < 0) {
                throw new InvalidRequestException("limit " + key + " must be a number >= 0");
            }
            changes.put(limit, value);
        });
        return changes;
    }
}
