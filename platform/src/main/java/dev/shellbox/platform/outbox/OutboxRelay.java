package dev.shellbox.platform.outbox;

import io.quarkus.arc.properties.IfBuildProperty;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
    private static final int SEND_TIMEOUT_SECONDS = 30;
    private static final Duration KEEP_PUBLISHED = Duration.ofDays(1);

    private final String bootstrapServers;
    private volatile KafkaProducer<String, String> producer;
    private volatile Instant lastSuccess = Instant.now();
    private volatile String lastError;

    public OutboxRelay(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    /**
     * Runs on a worker thread: the Kafka producer may block (metadata, back-pressure) and must never run on the event
     * loop that Hibernate Reactive uses.
     */
    @Scheduled(
            every = "${shellbox.outbox.relay-interval:1s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void relay() {
        try {
            publishPending();
            lastSuccess = Instant.now();
            lastError = null;
        } catch (Exception e) {
            lastError = e.getMessage();
            LOG.warnf("outbox relay: %s (will retry)", e.getMessage());
        }
    }

    /**
     * Publishes one batch of pending messages and marks the acknowledged ones published; returns how many went out.
     * Blocking: call it from a worker thread.
     */
    public int publishPending() throws Exception {
        List<OutboxMessage> batch = await(() ->
                Panache.withSession(() -> OutboxMessage.<OutboxMessage>find("publishedAt is null order by createdAt")
                        .page(0, BATCH)
                        .list()));
        if (batch.isEmpty()) {
            return 0;
        }
        List<Future<?>> sends = new ArrayList<>(batch.size());
        for (OutboxMessage m : batch) {
            sends.add(producer().send(new ProducerRecord<>(m.topic, m.messageKey, m.payload)));
        }
        List<UUID> acknowledged = new ArrayList<>(batch.size());
        Exception failure = null;
        for (int i = 0; i < batch.size(); i++) {
            try {
                sends.get(i).get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                acknowledged.add(batch.get(i).id);
            } catch (ExecutionException | TimeoutException e) {
                failure = e;
                break; // keep the order: what follows a failed message waits for the next round
            }
        }
        if (!acknowledged.isEmpty()) {
            Instant now = Instant.now();
            await(() -> Panache.withTransaction(
                    () -> OutboxMessage.update("publishedAt = ?1 where id in ?2", now, acknowledged)));
        }
        if (failure != null) {
            throw failure;
        }
        return acknowledged.size();
    }

    /** Runs a reactive database operation on a Vert.x context and waits for it. */
    private static <T> T await(java.util.function.Supplier<io.smallrye.mutiny.Uni<T>> operation) throws Exception {
        try {
            return VertxContextSupport.subscribeAndAwait(operation);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
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
    void deleteOldPublished() throws Exception {
        await(() -> Panache.withTransaction(
                () -> OutboxMessage.delete("publishedAt < ?1", Instant.now().minus(KEEP_PUBLISHED))));
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
