package dev.shellbox.usage.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.shellbox.usage.domain.QuotaDecision;
import java.time.Instant;

/**
 * An allowed quota check.
 *
 * @param current the counter before this check (for a ceiling: the value checked)
 * @param reservationId what the check reserved; {@code DELETE /internal/v1/quota/reservations/{id}} gives it back
 *     when the operation does not happen
 * @param expiresAt when the reservation lapses unless the operation's usage event is folded first
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QuotaDecisionResponse(
        boolean allowed,
        String plan,
        String limit,
        long current,
        long maximum,
        String reservationId,
        Instant expiresAt) {
    static QuotaDecisionResponse of(QuotaDecision d) {
        return new QuotaDecisionResponse(
                d.allowed(),
                d.plan(),
                d.limit().key(),
                d.current(),
                d.maximum(),
                d.reservationId() == null ? null : d.reservationId().toString(),
                d.expiresAt());
    }
}
