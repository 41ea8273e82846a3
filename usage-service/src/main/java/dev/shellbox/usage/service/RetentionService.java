package dev.shellbox.usage.service;

import dev.shellbox.usage.config.UsageConfig;
import dev.shellbox.usage.repository.UsageEventRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * Deletes raw usage events past the retention ({@code shellbox.usage.raw-retention}). Aggregates are kept; the fold
 * refuses events older than the retention, so an event whose raw copy is gone can never be counted twice.
 */
@ApplicationScoped
public class RetentionService {
    private static final Logger LOG = Logger.getLogger(RetentionService.class);
    private static final int BATCH = 10_000;

    private final UsageEventRepository events;
    private final UsageConfig config;

    public RetentionService(UsageEventRepository events, UsageConfig config) {
        this.events = events;
        this.config = config;
    }

    @Scheduled(
            every = "${shellbox.usage.retention-sweep-every:1h}",
            delayed = "1m",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> sweep() {
        return purgeOccurredBefore(Instant.now().minus(config.rawRetention()))
                .invoke(deleted -> {
                    if (deleted > 0) {
                        LOG.infof("deleted %d raw usage events older than %s", deleted, config.rawRetention());
                    }
                })
                .onFailure()
                .invoke(e -> LOG.errorf(e, "deleting old raw usage events failed; will retry"))
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }

    /** Deletes the raw events that occurred before {@code cutoff}, in batches; returns how many. */
    public Uni<Long> purgeOccurredBefore(Instant cutoff) {
        return Panache.withTransaction(() -> events.deleteOccurredBefore(cutoff, BATCH))
                .chain(deleted -> deleted < BATCH
                        ? Uni.createFrom().item((long) deleted)
                        : purgeOccurredBefore(cutoff).map(more -> more + deleted));
    }
}
