package dev.shellbox.usage.rest;

import dev.shellbox.contracts.Limit;
import dev.shellbox.usage.domain.DailyCounters;
import dev.shellbox.usage.domain.DailyUsage;
import dev.shellbox.usage.domain.Metering;
import dev.shellbox.usage.service.UsageQueryService.UsageReport;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The caller's daily aggregates ({@code GET /v1/usage}).
 *
 * @param concurrentSandboxes the caller's live sandboxes now
 * @param days the days with any usage, oldest first
 */
public record UsageResponse(
        String userId, String plan, LocalDate from, LocalDate to, long concurrentSandboxes, List<Day> days) {
    /**
     * One UTC day.
     *
     * @param totals the day's counter of every daily limit (container seconds rounded up)
     * @param operations what was done, per operation
     */
    public record Day(LocalDate date, Map<String, Long> totals, List<OperationUsage> operations) {}

    /**
     * One operation on one day.
     *
     * @param events events folded
     * @param count the sum of their counts
     * @param locations events per location ({@code worker}, {@code container}, {@code mixed})
     */
    public record OperationUsage(
            String operation,
            long events,
            long count,
            long durationMs,
            long bytesIn,
            long bytesOut,
            long containerMs,
            Map<String, Long> locations) {}

    static UsageResponse of(UsageReport report) {
        Map<LocalDate, List<DailyUsage>> byDay = new LinkedHashMap<>();
        for (DailyUsage row : report.rows()) {
            byDay.computeIfAbsent(row.getDay(), d -> new ArrayList<>()).add(row);
        }
        List<Day> days = new ArrayList<>();
        byDay.forEach((date, rows) -> {
            DailyCounters counters = new DailyCounters();
            List<OperationUsage> operations = new ArrayList<>();
            for (DailyUsage row : rows) {
                counters.addAll(Metering.contribution(
                        row.getOperation(), row.getEvents(), row.getCount(), row.getContainerMs()));
                Map<String, Long> locations = new LinkedHashMap<>();
                locations.put("worker", row.getWorkerEvents());
                locations.put("container", row.getContainerEvents());
                locations.put("mixed", row.getMixedEvents());
                operations.add(new OperationUsage(
                        row.getOperation(),
                        row.getEvents(),
                        row.getCount(),
                        row.getDurationMs(),
                        row.getBytesIn(),
                        row.getBytesOut(),
                        row.getContainerMs(),
                        locations));
            }
            Map<String, Long> totals = new LinkedHashMap<>();
            for (Limit limit : Limit.values()) {
                if (limit.daily()) {
                    totals.put(limit.key(), counters.inLimitUnit(limit));
                }
            }
            days.add(new Day(date, totals, operations));
        });
        return new UsageResponse(
                report.userId(), report.plan(), report.from(), report.to(), report.liveSandboxes(), days);
    }
}
