package dev.shellbox.usage.domain;

import dev.shellbox.contracts.Location;
import dev.shellbox.contracts.UsageEvent;
import java.time.LocalDate;
import java.time.ZoneOffset;

/** The sum of new events of one user, UTC day and operation, added to its {@link DailyUsage} row in one upsert. */
public final class UsageDelta {
    private final String userId;
    private final LocalDate day;
    private final String operation;
    private long events;
    private long count;
    private long durationMs;
    private long bytesIn;
    private long bytesOut;
    private long containerMs;
    private long workerEvents;
    private long containerEvents;
    private long mixedEvents;

    public UsageDelta(String userId, LocalDate day, String operation) {
        this.userId = userId;
        this.day = day;
        this.operation = operation;
    }

    /** The UTC day an event counts on: the day it occurred. */
    public static LocalDate dayOf(UsageEvent event) {
        return LocalDate.ofInstant(event.occurredAt(), ZoneOffset.UTC);
    }

    public void add(UsageEvent e) {
        events++;
        count += e.count();
        durationMs += e.durationMs();
        bytesIn += e.bytesIn();
        bytesOut += e.bytesOut();
        containerMs += e.containerMs();
        if (e.location() == Location.WORKER) {
            workerEvents++;
        } else if (e.location() == Location.CONTAINER) {
            containerEvents++;
        } else if (e.location() == Location.MIXED) {
            mixedEvents++;
        }
    }

    /** What this delta adds to the daily counters the quota decisions use. */
    public DailyCounters counters() {
        return Metering.contribution(operation, events, count, containerMs);
    }

    public String userId() {
        return userId;
    }

    public LocalDate day() {
        return day;
    }

    public String operation() {
        return operation;
    }

    public long events() {
        return events;
    }

    public long count() {
        return count;
    }

    public long durationMs() {
        return durationMs;
    }

    public long bytesIn() {
        return bytesIn;
    }

    public long bytesOut() {
        return bytesOut;
    }

    public long containerMs() {
        return containerMs;
    }

    public long workerEvents() {
        return workerEvents;
    }

    public long containerEvents() {
        return containerEvents;
    }

    public long mixedEvents() {
        return mixedEvents;
    }
}
