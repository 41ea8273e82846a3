package dev.shellbox.platform.outbox;

import io.quarkus.arc.properties.IfBuildProperty;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Publishes outbox messages to Kafka in creation order and marks them published once the broker acknowledged them.
 * Rows are claimed with {@code FOR UPDATE SKIP LOCKED}, so several instances of a service share the work. A message
 * may be published twice when an instance dies between the acknowledgement and the commit; consumers deduplicate.
 */
@ApplicationScoped
@IfBuildProperty(name = "shellbox.outbox.enabled", stringValue = "true")
public class OutboxRelay {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final int BATCH = 200;
    private static final Duration KEEP_PUBLISHED = Duration.ofDays(1);

    private final String bootstrapServers;
    private volatile KafkaProducer<String, String> producer;
    private volatile Instant lastSuccess = Instant.now();
    private volatile String lastError;

    public OutboxRelay(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    @Scheduled(
            every = "${shellbox.outbox.relay-interval:1s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    Uni<Void> relay() {
        return publishPending()
                .invoke(n -> {
                    lastSuccess = Instant.now();
                    lastError = null;
                })
                .onFailure()
                .invoke(e -> {
                    lastError = e.getMessage();
                    LOG.warnf("outbox relay: %s (will retry)", e.getMessage());
                })
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
                .transformToUniAndConcatenate(m -> send(m).invoke(() -> m.publishedAt = now))
                .collect()
                .asList()
                .map(List::size);
    }

    private Uni<Void> send(OutboxMessage m) {
        CompletableFuture<Void> acked = new CompletableFuture<>();
        producer().send(new ProducerRecord<>(m.topic, m.messageKey, m.payload), (metadata, error) -> {
            if (error != null) {
                acked.completeExceptionally(error);
            } else {
                acked.complete(null);
            }
        });
        return Uni.createFrom().completionStage(acked);
    }

    private KafkaProducer<String, String> producer() {
        KafkaProducer<String, String> p = producer;
        if (p == null) {
            synchronized (this) {
                if (producer == null) {
                    Properties props = new Properties();
                    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
                    props.put(ProducerConfig.ACKS_CONFIG, "all");
                    props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
                    props.put(ProducerConfig.LINGER_MS_CONFIG, "5");
                    props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "30000");
                    props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
                    props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "10000");
                    props.put(ProducerConfig.CLIENT_ID_CONFIG, "shellbox-outbox");
                    producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
                }
                p = producer;
            }
        }
        return p;
    }

    @Scheduled(every = "1h", skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    Uni<Void> deleteOldPublished() {
        return Panache.withTransaction(() ->
                        OutboxMessage.delete("publishedAt < ?1", Instant.now().minus(KEEP_PUBLISHED)))
                .replaceWithVoid();
    }

    /** When the relay last completed a round without error. */
    public Instant lastSuccess() {
        return lastSuccess;
    }

    /** The error of the last round, or null when it succeeded. */
    public String lastError() {
        return lastError;
    }

    @PreDestroy
    void close() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
        }
    }
}
