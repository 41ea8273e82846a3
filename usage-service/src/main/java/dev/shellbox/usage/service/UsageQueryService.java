package dev.shellbox.usage.service;

import dev.shellbox.usage.domain.DailyUsage;
import dev.shellbox.usage.domain.InvalidRequestException;
import dev.shellbox.usage.domain.QuotaLedger;
import dev.shellbox.usage.repository.DailyUsageRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;

/** A user's daily aggregates, as folded into PostgreSQL. */
@ApplicationScoped
public class UsageQueryService {
    /** The days shown when {@code from} is not given. */
    static final int DEFAULT_DAYS = 30;
    /** The most days one request may cover. */
    static final int MAX_DAYS = 366;

    private final DailyUsageRepository dailyUsage;
    private final PlanService plans;
    private final QuotaLedger ledger;

    /**
     * A user's usage between two UTC days.
     *
     * @param rows one per day and operation that saw any use, by day then operation
     */
    public record UsageReport(
            String userId, String plan, LocalDate from, LocalDate to, long liveSandboxes, List<DailyUsage> rows) {}

    public UsageQueryService(DailyUsageRepository dailyUsage, PlanService plans, QuotaLedger ledger) {
        this.dailyUsage = dailyUsage;
        this.plans = plans;
        this.ledger = ledger;
    }

    /**
     * The user's aggregates from {@code from} to {@code to} (ISO dates, inclusive, UTC). {@code to} defaults to today,
     * {@code from} to {@value #DEFAULT_DAYS} days before {@code to}.
     */
    public Uni<UsageReport> report(String userId, String fromParam, String toParam) {
        LocalDate to = toParam == null || toParam.isBlank() ? ledger.today() : parse("to", toParam);
        LocalDate from =
                fromParam == null || fromParam.isBlank() ? to.minusDays(DEFAULT_DAYS - 1) : parse("from", fromParam);
        if (from.isAfter(to)) {
            throw new InvalidRequestException("from (" + from + ") is after to (" + to + ")");
        }
        if (ChronoUnit.DAYS.between(from, to) >= MAX_DAYS) {
            throw new InvalidRequestException("from and to may be at most " + MAX_DAYS + " days apart");
        }
        return dailyUsage
                .forUser(userId, from, to)
                .map(rows -> new UsageReport(userId, plans.planOf(userId).name(), from, to, ledger.live(userId), rows));
    }

    private static LocalDate parse(String name, String value) {
        try {
            return LocalDate.parse(value.trim());
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException(name + " must be a date like 2025-01-31, not '" + value + "'");
        }
    }
}
