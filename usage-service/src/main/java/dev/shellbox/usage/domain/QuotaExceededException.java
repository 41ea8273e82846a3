package dev.shellbox.usage.domain;

/** An operation would go over a limit of the caller's plan (429). */
public final class QuotaExceededException extends UsageException {
    private final QuotaDecision decision;

    public QuotaExceededException(QuotaDecision decision) {
        super(describe(decision));
        this.decision = decision;
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
