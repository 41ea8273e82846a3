package dev.shellbox.vfs.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.Topics;
import dev.shellbox.contracts.UsageEvent;
import dev.shellbox.vfs.domain.OutboxEvent;
import dev.shellbox.vfs.repository.OutboxRepository;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/**
 * Meters file operations: one {@link UsageEvent} per operation, written to the outbox in the transaction of the
 * change it describes (the relay publishes it to {@value Topics#USAGE}). {@code bytesIn} counts bytes read from the
 * volume, {@code bytesOut} bytes written to it.
 */
@ApplicationScoped
public class UsageRecorder {
    private final OutboxRepository outbox;
    private final ObjectMapper json;

    public UsageRecorder(OutboxRepository outbox, ObjectMapper json) {
        this.outbox = outbox;
        this.json = json;
    }

    /** Adds the event of one operation to the current transaction. */
    public Uni<Void> record(
            String userId, String volumeId, String operation, long bytesIn, long bytesOut, long startNanos) {
        return record(userId, volumeId, operation, 1, bytesIn, bytesOut, startNanos);
    }

    /** Adds the event of {@code count} operations (the changes of a commit, say) to the current transaction. */
    public Uni<Void> record(
            String userId,
            String volumeId,
            String operation,
            long count,
            long bytesIn,
            long bytesOut,
            long startNanos) {
        long durationMs = Math.max(0, (System.nanoTime() - startNanos) / 1_000_000);
        UsageEvent event = UsageEvent.of(userId, volumeId, operation, null, count, durationMs, bytesIn, bytesOut, 0);
        OutboxEvent row = new OutboxEvent();
        row.id = event.id();
        row.topic = Topics.USAGE;
        row.key = userId;
        row.createdAt = Instant.now();
        try {
            row.payload = json.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            return Uni.createFrom().failure(e);
        }
        return outbox.persist(row).replaceWithVoid();
    }

    /** Records an operation whose change was committed on its own (a blob upload), in a transaction of its own. */
    @WithTransaction
    public Uni<Void> recordWrite(String userId, String volumeId, String operation, long bytesOut, long startNanos) {
        return record(userId, volumeId, operation, 0, bytesOut, startNanos);
    }

    /** Records an operation that changed nothing (a read), in a transaction of its own. */
    @WithTransaction
    public Uni<Void> recordRead(String userId, String volumeId, String operation, long bytesIn, long startNanos) {
        return record(userId, volumeId, operation, bytesIn, 0, startNanos);
    }
}
