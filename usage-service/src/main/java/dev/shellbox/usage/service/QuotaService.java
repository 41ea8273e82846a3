package dev.shellbox.usage.service;

import dev.shellbox.contracts.Limit;
import dev.shellbox.usage.config.UsageConfig;
import dev.shellbox.usage.domain.InvalidRequestException;
import dev.shellbox.usage.domain.Metering;
import dev.shellbox.usage.domain.NotReadyException;
import dev.shellbox.usage.domain.PlanDefinition;
import dev.shellbox.usage.domain.QuotaDecision;
import dev.shellbox.usage.domain.QuotaExceededException;
import dev.shellbox.usage.domain.QuotaLedger;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/** Quota decisions, answered from memory: the user's plan and the ledger's counters and reservations. */
@ApplicationScoped
public class QuotaService {
    /** The largest amount one check may ask for. */
    static final long MAX_AMOUNT = 1L << 40;

    private final QuotaLedger ledger;
    private final PlanService plans;
    private final LedgerLoader loader;
    private final UsageMetrics metrics;
    private final UsageConfig config;

    public QuotaService(
            QuotaLedger ledger, PlanService plans, LedgerLoader loader, UsageMetrics metrics, UsageConfig config) {
        this.ledger = ledger;
        this.plans = plans;
        this.loader = loader;
        this.metrics = metrics;
        this.config = config;
    }

    /**
     * May {@code userId} use {@code amount} of {@code limitKey} now? Allowed counter checks reserve the amount;
     * refusals throw {@link QuotaExceededException}.
     *
     * @param operation the operation the check is for, for the operations metric; derived from the limit when null
     */
    public QuotaDecision check(String userId, String limitKey, Long amount, String operation) {
        long start = System.nanoTime();
        if (userId == null || userId.isBlank()) {
            throw new InvalidRequestException("userId is required");
        }
        Limit limit = parseLimit(limitKey);
        long wanted = amount == null ? 1 : amount;
        if (wanted < 0 || wanted > MAX_AMOUNT) {
            throw new InvalidRequestException("amount must be between 0 and " + MAX_AMOUNT);
        }
        if (!loader.ready()) {
            throw new NotReadyException("usage-service is loading its counters; retry in a moment");
        }
        PlanDefinition plan = plans.planOf(userId);
        QuotaDecision decision = ledger.check(userId, plan, limit, wanted, config.reservationTtl());
        String op = operation == null || operation.isBlank() ? Metering.operationFor(limit) : operation;
        metrics.decided(decision, op, System.nanoTime() - start);
        if (!decision.allowed()) {
            throw new QuotaExceededException(decision, config.callerCacheTtl());
        }
        return decision;
    }

    /** Gives back a reservation whose operation did not happen; unknown or lapsed ids are ignored. */
    public boolean release(UUID reservationId) {
        return ledger.release(reservationId);
    }

    /** Keeps what work that reserved in advance used, until its usage is folded, and gives back the rest. */
    public boolean settle(UUID reservationId, long used) {
        if (used < 0 || used > MAX_AMOUNT) {
            throw new InvalidRequestException("used must be between 0 and " + MAX_AMOUNT);
        }
        return ledger.settle(reservationId, used);
    }

    static Limit parseLimit(String key) {
        if (key == null || key.isBlank()) {
            throw new InvalidRequestException("limit is required, one of " + knownLimits());
        }
        try {
            return Limit.fromKey(key.trim());
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("unknown limit '" + key + "'; known: " + knownLimits());
        }
    }

    static String knownLimits() {
        StringBuilder names = new StringBuilder();
        for (Limit l : Limit.values()) {
            names.append(names.length() == 0 ? "" : ", ").append(l.key());
        }
        return names.toString();
    }
}
