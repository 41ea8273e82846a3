package dev.shellbox.contracts;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.Instant;
import java.util.UUID;

/**
 * One metered operation, published on {@link Topics#USAGE} keyed by user id and folded exactly once (by {@code id})
 * into the user's daily aggregate.
 *
 * @param id unique event id; the idempotency key
 * @param type always {@value #TYPE}
 * @param version schema version, {@value #VERSION}
 * @param occurredAt when the operation ended
 * @param userId who is billed
 * @param sandboxId the sandbox, or null for operations outside one
 * @param operation an {@link Operation} name
 * @param location where its commands ran, or null when not applicable
 * @param count how many operations this event stands for (commands run by an exec, for example)
 * @param durationMs wall-clock duration
 * @param bytesIn bytes read or received
 * @param bytesOut bytes written or sent
 * @param containerMs time spent in escalated containers
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record UsageEvent(
        UUID id,
        String type,
        int version,
        Instant occurredAt,
        String userId,
        String sandboxId,
        String operation,
        Location location,
        long count,
        long durationMs,
        long bytesIn,
        long bytesOut,
        long containerMs) {
    public static final String TYPE = "usage";
    public static final int VERSION = 1;

    /** A new event with a fresh id, occurring now. */
    public static UsageEvent of(
            String userId,
            String sandboxId,
            String operation,
            Location location,
            long count,
            long durationMs,
            long bytesIn,
            long bytesOut,
            long containerMs) {
        return new UsageEvent(
                UUID.randomUUID(),
                TYPE,
                VERSION,
                Instant.now(),
                userId,
                sandboxId,
                operation,
                location,
                count,
                durationMs,
                bytesIn,
                bytesOut,
                containerMs);
    }
}
