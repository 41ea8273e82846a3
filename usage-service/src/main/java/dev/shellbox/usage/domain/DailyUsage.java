package dev.shellbox.usage.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Objects;

/** What one user did of one operation on one UTC day: the sum of the folded events. */
@Entity
@Table(name = "daily_usage", indexes = @Index(name = "daily_usage_day", columnList = "day"))
@IdClass(DailyUsage.Key.class)
public class DailyUsage {
    @Id
    @Column(name = "user_id")
    private String userId;

    @Id
    @Column(name = "day")
    private LocalDate day;

    @Id
    @Column(name = "operation", length = 64)
    private String operation;

    /** Number of events folded. */
    @Column(nullable = false)
    private long events;

    /** Sum of the events' {@code count}. */
    @Column(name = "op_count", nullable = false)
    private long count;

    @Column(name = "duration_ms", nullable = false)
    private long durationMs;

    @Column(name = "bytes_in", nullable = false)
    private long bytesIn;

    @Column(name = "bytes_out", nullable = false)
    private long bytesOut;

    @Column(name = "container_ms", nullable = false)
    private long containerMs;

    @Column(name = "worker_events", nullable = false)
    private long workerEvents;

    @Column(name = "container_events", nullable = false)
    private long containerEvents;

    @Column(name = "mixed_events", nullable = false)
    private long mixedEvents;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    protected DailyUsage() {}

    public String getUserId() {
        return userId;
    }

    public LocalDate getDay() {
        return day;
    }

    public String getOperation() {
        return operation;
    }

    public long getEvents() {
        return events;
    }

    public long getCount() {
        return count;
    }

    public long getDurationMs() {
        return durationMs;
    }

    public long getBytesIn() {
        return bytesIn;
    }

    public long getBytesOut() {
        return bytesOut;
    }

    public long getContainerMs() {
        return containerMs;
    }

    public long getWorkerEvents() {
        return workerEvents;
    }

    public long getContainerEvents() {
        return containerEvents;
    }

    public long getMixedEvents() {
        return mixedEvents;
    }

    public Instant getUpdatedAt() {
        return updatedAt;
    }

    /** The composite key: user, day, operation. */
    public static class Key implements Serializable {
        private String userId;
        private LocalDate day;
        private String operation;

        public Key() {}

        public Key(String userId, LocalDate day, String operation) {
            this.userId = userId;
            this.day = day;
            this.operation = operation;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k
                    && Objects.equals(userId, k.userId)
                    && Objects.equals(day, k.day)
                    && Objects.equals(operation, k.operation);
        }

        @Override
        public int hashCode() {
            return Objects.hash(userId, day, operation);
        }
    }
}
