package dev.shellbox.usage.domain;

import dev.shellbox.contracts.Problem;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An operation would go over a limit of the caller's plan (429), naming the limit, the plan and the counter. The
 * answer says until when the refusal holds (Retry-After, for daily limits) and how long a caller may cache it.
 */
public final class QuotaExceededException extends UsageException {
    private final QuotaDecision decision;

    /** @param cacheFor how long callers may remember refusals at most */
    public QuotaExceededException(QuotaDecision decision, Duration cacheFor) {
        super(
                Problem.of(429, "Quota Exceeded", describe(decision))
                        .withQuota(decision.limit().key(), decision.plan(), decision.current(), decision.maximum()),
                headers(decision, cacheFor));
        this.decision = decision;
    }

    private static Map<String, String> headers(QuotaDecision d, Duration cacheFor) {
        Long retryAfter = d.retryAfterSeconds();
        long max = cacheFor.toSeconds();
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Cache-Control", "private, max-age=" + (retryAfter == null ? max : Math.min(max, retryAfter)));
        if (retryAfter != null) {
            headers.put("Retry-After", Long.toString(retryAfter));
        }
        return headers;
    }

    public QuotaDecision decision() {
        return decision;
    }

    private static String describe(QuotaDecision d) {
        if (d.kind() == LimitKind.CEILING) {
            return "%s: %d is over the maximum of %d of plan %s"
                    .formatted(d.limit().key(), d.current(), d.maximum(), d.plan());
        }
        return "%s: %d of %d used on plan %s".formatted(d.limit().key(), d.current(), d.maximum(), d.plan());
    }
}
