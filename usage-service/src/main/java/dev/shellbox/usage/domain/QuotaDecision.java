package dev.shellbox.usage.domain;

import dev.shellbox.contracts.Limit;
import java.time.Instant;
import java.util.UUID;

/**
 * The answer to "may this user do this now?".
 *
 * @param allowed whether the operation may go ahead
 * @param plan the user's plan
 * @param limit the limit that was checked
 * @param kind how the limit is measured
 * @param current the counter before this request (for a ceiling: the requested value), in the limit's unit
 * @param maximum the plan's maximum
 * @param reservationId the reservation an allowed counter check holds, or null
 * @param expiresAt when that reservation lapses, or null
 * @param retryAfterSeconds for a refused daily limit, the seconds until the next UTC day; otherwise null
 */
public record QuotaDecision(
        boolean allowed,
        String plan,
        Limit limit,
        LimitKind kind,
        long current,
        long maximum,
        UUID reservationId,
        Instant expiresAt,
        Long retryAfterSeconds) {}
