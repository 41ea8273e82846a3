package dev.shellbox.usage.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.shellbox.usage.domain.RecordedUsageEvent;
import java.time.Instant;
import java.util.UUID;

/** A raw usage event as received, for audit ({@code GET /v1/admin/users/{user}/events}). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RecordedEventResponse(
        UUID id,
        Instant occurredAt,
        Instant receivedAt,
        String operation,
        String sandboxId,
        String location,
        long count,
        long durationMs,
        long bytesIn,
        long bytesOut,
        long containerMs) {
    static RecordedEventResponse of(RecordedUsageEvent e) {
        return new RecordedEventResponse(
                e.getId(),
                e.getOccurredAt(),
                e.getReceivedAt(),
                e.getOperation(),
                e.getSandboxId(),
                e.getLocation(),
                e.getCount(),
                e.getDurationMs(),
                e.getBytesIn(),
                e.getBytesOut(),
                e.getContainerMs());
    }
}
