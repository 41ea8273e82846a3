package dev.shellbox.usage.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * A usage event as received, kept for audit for the raw-event retention. Its id is the idempotency key of the fold:
 * an event whose id is already here is a duplicate.
 */
@Entity
@Table(
        name = "usage_event",
        indexes = {
            @Index(name = "usage_event_occurred_at", columnList = "occurred_at"),
            @Index(name = "usage_event_user_occurred_at", columnList = "user_id, occurred_at")
        })
public class RecordedUsageEvent {
    @Id
    private UUID id;

    @Column(name = "user_id", nullable = false)
    private String userId;

    @Column(name = "sandbox_id")
    private String sandboxId;

    @Column(nullable = false, length = 64)
    private String operation;

    @Column(length = 16)
    private String location;

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

    @Column(name = "occurred_at", nullable = false)
    private Instant occurredAt;

    @Column(name = "received_at", nullable = false)
    private Instant receivedAt;

    protected RecordedUsageEvent() {}

    public UUID getId() {
        return id;
    }

    public String getUserId() {
        return userId;
    }

    public String getSandboxId() {
        return sandboxId;
    }

    public String getOperation() {
        return operation;
    }

    public String getLocation() {
        return location;
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

    public Instant getOccurredAt() {
        return occurredAt;
    }

    public Instant getReceivedAt() {
        return receivedAt;
    }
}
