package dev.shellbox.vfs.service;

import dev.shellbox.contracts.Topics;
import dev.shellbox.contracts.UsageEvent;
import dev.shellbox.platform.outbox.Outbox;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Meters file operations: one {@link UsageEvent} per operation, written to the outbox in the transaction of the
 * change it describes (the relay publishes it to {@value Topics#USAGE}). {@code bytesIn} counts bytes read from the
 * volume, {@code bytesOut} bytes written to it.
 */
@ApplicationScoped
public class UsageRecorder {
    private final Outbox outbox;

    public UsageRecorder(Outbox outbox) {
        this.outbox = outbox;
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
        return outbox.add(
                Topics.USAGE,
                userId,
                UsageEvent.of(userId, volumeId, operation, null, count, durationMs, bytesIn, bytesOut, 0));
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
