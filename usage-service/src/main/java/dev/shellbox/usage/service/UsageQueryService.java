package dev.shellbox.usage.service;

import dev.shellbox.usage.domain.DailyUsage;
import dev.shellbox.usage.domain.InvalidRequestException;
import dev.shellbox.usage.domain.QuotaLedger;
import dev.shellbox.usage.domain.RecordedUsageEvent;
import dev.shellbox.usage.repository.DailyUsageRepository;
import dev.shellbox.usage.repository.UsageEventRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.time.ZoneOffset;
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

    /** The most raw events one audit request returns. */
    static final int MAX_EVENTS = 1000;

    private final DailyUsageRepository dailyUsage;
    private final UsageEventRepository rawEvents;
    private final PlanService plans;
    private final QuotaLedger ledger;

    /**
     * A user's usage between two UTC days.
     *
     * @param rows one per day and operation that saw any use, by day then operation
     */
    public record UsageReport(
            String userId, String plan, LocalDate from, LocalDate to, long liveSandboxes, List<DailyUsage> rows) {}

    public UsageQueryService(
            DailyUsageRepository dailyUsage, UsageEventRepository rawEvents, PlanService plans, QuotaLedger ledger) {
        this.dailyUsage = dailyUsage;
        this.rawEvents = rawEvents;
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
        checkRange(from, to);
        return dailyUsage
                .forUser(userId, from, to)
                .map(rows -> new UsageReport(userId, plans.planOf(userId).name(), from, to, ledger.live(userId), rows));
    }

    /**
     * A user's raw events, kept for the raw-event retention, that occurred on the UTC days {@code from} to {@code to}
     * (both default to today), newest first.
     *
     * @param limitParam how many at most (default 100, at most {@value #MAX_EVENTS})
     */
    public Uni<List<RecordedUsageEvent>> rawEvents(String userId, String fromParam, String toParam, String limitParam) {
        LocalDate to = toParam == null || toParam.isBlank() ? ledger.today() : parse("to", toParam);
        LocalDate from = fromParam == null || fromParam.isBlank() ? to : parse("from", fromParam);
        checkRange(from, to);
        int limit;
        try {
            limit = limitParam == null || limitParam.isBlank() ? 100 : Integer.parseInt(limitParam.trim());
        } catch (NumberFormatException e) {
            limit = -1;
        }
        if (limit < 1 || limit > MAX_EVENTS) {
            throw new InvalidRequestException("limit must be between 1 and " + MAX_EVENTS);
        }
        return rawEvents.forUser(
                userId,
                from.atStartOfDay(ZoneOffset.UTC).toInstant(),
                to.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant(),
                limit);
    }

    private static void checkRange(LocalDate from, LocalDate to) {
        if (from.isAfter(to)) {
            throw new InvalidRequestException("from (" + from + ") is after to (" + to + ")");
        }
        if (ChronoUnit.DAYS.between(from, to) >= MAX_DAYS) {
            throw new InvalidRequestException("from and to may be at most " + MAX_DAYS + " days apart");
        }
    }

    private static LocalDate parse(String name, String value) {
        try {
            return LocalDate.parse(value.trim());
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException(name + " must be a date like 2025-01-31, not '" + value + "'");
        }
    }
}
