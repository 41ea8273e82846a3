package dev.shellbox.platform.outbox;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.quarkus.arc.properties.IfBuildProperty;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

/**
 * Publishes outbox messages to Kafka in creation order and marks them published once the broker acknowledged them.
 * Rows are claimed with {@code FOR UPDATE SKIP LOCKED}, so several instances of a service share the work. A message
 * may be published twice when an instance dies between the acknowledgement and the commit; consumers deduplicate.
 */
@ApplicationScoped
@IfBuildProperty(name = "shellbox.outbox.enabled", stringValue = "true")
public class OutboxRelay {
    /** The outgoing channel every service configures with the smallrye-kafka connector. */
    public static final String CHANNEL = "shellbox-outbox";

    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final int BATCH = 200;
    private static final Duration KEEP_PUBLISHED = Duration.ofDays(1);

    private final MutinyEmitter<String> emitter;

    public OutboxRelay(@Channel(CHANNEL) MutinyEmitter<String> emitter) {
        this.emitter = emitter;
    }

    @Scheduled(
            every = "${shellbox.outbox.relay-interval:1s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    Uni<Void> relay() {
        return publishPending()
                .onFailure()
                .invoke(e -> LOG.warnf("outbox relay: %s (will retry)", e.getMessage()))
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }

    /** Publishes one batch; returns how many messages went out. */
    public Uni<Integer> publishPending() {
        return Panache.withTransaction(() -> Panache.getSession()
                .flatMap(session -> session.createNativeQuery(
                                "SELECT * FROM outbox_message WHERE published_at IS NULL ORDER BY created_at"
                                        + " LIMIT " + BATCH + " FOR UPDATE SKIP LOCKED",
                                OutboxMessage.class)
                        .getResultList())
                .flatMap(this::publishAll));
    }

    private Uni<Integer> publishAll(List<OutboxMessage> messages) {
        if (messages.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        Instant now = Instant.now();
        return Multi.createFrom()
                .iterable(messages)
                .onItem()
                .transformToUniAndConcatenate(m -> emitter.sendMessage(Message.of(m.payload)
                                .addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                                        .withTopic(m.topic)
                                        .withKey(m.messageKey)
                                        .build()))
                        .invoke(() -> m.publishedAt = now))
                .collect()
                .asList()
                .map(List::size);
    }

    @Scheduled(every = "1h", skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    Uni<Void> deleteOldPublished() {
        return Panache.withTransaction(() ->
                        OutboxMessage.delete("publishedAt < ?1", Instant.now().minus(KEEP_PUBLISHED)))
                .replaceWithVoid();
    }
}
