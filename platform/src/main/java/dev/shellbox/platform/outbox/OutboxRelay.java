package dev.shellbox.platform.outbox;

import io.quarkus.arc.properties.IfBuildProperty;
import io.quarkus.scheduler.Scheduled;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Transaction;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
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
 * A round takes batches of pending messages until none is left. One instance of a service relays at a time (a
 * transaction-scoped advisory lock; the others skip the round), so that several instances neither publish a message
 * twice nor reorder the messages of one key. A failed send ends the round: what follows it waits for the next round,
 * which keeps the order. A message may still be published twice when an instance dies between the acknowledgement and
 * the commit; consumers deduplicate by event id.
 */
@ApplicationScoped
@IfBuildProperty(name = "shellbox.outbox.enabled", stringValue = "true")
public class OutboxRelay {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final Duration DATABASE_TIMEOUT = Duration.ofSeconds(30);
    private static final int SEND_TIMEOUT_SECONDS = 30;
    private static final int KEEP_PUBLISHED_HOURS = 24;
    /** The advisory lock that the relaying instance holds for a batch (each service has a database of its own). */
    private static final long RELAY_LOCK = 5146100;

    /** Where messages go: Kafka in a service. */
    @FunctionalInterface
    public interface Sink {
        /** Sends one message; the future completes when the broker acknowledged it. */
        Future<?> send(String topic, String key, String payload);
    }

    private final Pool pool;
    private final Sink sink;
    private final int batchSize;
    private volatile Instant lastSuccess = Instant.now();
    private volatile String lastError;

    @Inject
    public OutboxRelay(
            Pool pool,
            @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
            @ConfigProperty(name = "shellbox.outbox.batch-size", defaultValue = "200") int batchSize) {
        this(pool, new KafkaSink(bootstrapServers), batchSize);
    }

    /** A relay that sends to {@code sink}, {@code batchSize} messages per batch. */
    public OutboxRelay(Pool pool, Sink sink, int batchSize) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be positive: " + batchSize);
        }
        this.pool = pool;
        this.sink = sink;
        this.batchSize = batchSize;
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
            if (lastError != null) {
                LOG.info("outbox relay: publishing to Kafka works again");
            }
            lastSuccess = Instant.now();
            lastError = null;
        } catch (Exception e) {
            if (lastError == null) {
                LOG.warnf("outbox relay: %s (messages stay in the outbox; retrying)", e.getMessage());
            }
            lastError = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
    }

    /**
     * Publishes pending messages, batch after batch, until none is left or a send fails (then the acknowledged ones
     * are marked and the failure is thrown); returns how many went out. Returns 0 at once while another instance
     * relays. Blocking: call it from a worker thread.
     */
    public int publishPending() throws Exception {
        int total = 0;
        while (true) {
            Batch batch = publishBatch();
            total += batch.published();
            if (batch.failure() != null) {
                throw batch.failure();
            }
            if (batch.claimed() < batchSize) {
                return total;
            }
        }
    }

    /** One batch: how many messages it took, how many the broker acknowledged, and the send that failed, if one did. */
    private record Batch(int claimed, int published, Exception failure) {}

    private Batch publishBatch() {
        SqlConnection connection = pool.getConnection().await().atMost(DATABASE_TIMEOUT);
        try {
            Transaction tx = connection.begin().await().atMost(DATABASE_TIMEOUT);
            try {
                Batch batch = publishBatch(connection);
                tx.commit().await().atMost(DATABASE_TIMEOUT);
                return batch;
            } catch (RuntimeException e) {
                tx.rollback().await().atMost(DATABASE_TIMEOUT);
                throw e;
            }
        } finally {
            connection.close().await().atMost(DATABASE_TIMEOUT);
        }
    }

    private Batch publishBatch(SqlConnection connection) {
        boolean relaying = connection
                .preparedQuery("SELECT pg_try_advisory_xact_lock($1)")
                .execute(Tuple.of(RELAY_LOCK))
                .await()
                .atMost(DATABASE_TIMEOUT)
                .iterator()
                .next()
                .getBoolean(0);
        if (!relaying) {
            return new Batch(0, 0, null); // another instance is relaying
        }
        List<UUID> ids = new ArrayList<>();
        List<Future<?>> sends = new ArrayList<>();
        for (Row row : connection
                .preparedQuery("SELECT id, topic, message_key, payload FROM outbox_message WHERE published_at IS NULL"
                        + " ORDER BY created_at LIMIT $1")
                .execute(Tuple.of(batchSize))
                .await()
                .atMost(DATABASE_TIMEOUT)) {
            ids.add(row.getUUID("id"));
            sends.add(send(row.getString("topic"), row.getString("message_key"), row.getString("payload")));
        }
        List<UUID> acknowledged = new ArrayList<>(ids.size());
        Exception failure = null;
        for (int i = 0; i < ids.size(); i++) {
            try {
                sends.get(i).get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                acknowledged.add(ids.get(i));
            } catch (ExecutionException | TimeoutException e) {
                failure = e;
                break; // keep the order: what follows a failed message waits for the next round
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = e;
                break;
            }
        }
        if (!acknowledged.isEmpty()) {
            connection
                    .preparedQuery("UPDATE outbox_message SET published_at = now() WHERE id = ANY($1)")
                    .execute(Tuple.of(acknowledged.toArray(new UUID[0])))
                    .await()
                    .atMost(DATABASE_TIMEOUT);
        }
        return new Batch(ids.size(), acknowledged.size(), failure);
    }

    /** A send that failed before it started is a failed send like any other. */
    private Future<?> send(String topic, String key, String payload) {
        try {
            return sink.send(topic, key, payload);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Deletes the messages published more than {@value #KEEP_PUBLISHED_HOURS} hours ago. */
    @Scheduled(every = "1h", skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void deleteOldPublished() {
        pool.preparedQuery("DELETE FROM outbox_message WHERE published_at < now() - make_interval(hours => $1)")
                .execute(Tuple.of(KEEP_PUBLISHED_HOURS))
                .await()
                .atMost(DATABASE_TIMEOUT);
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
        if (sink instanceof KafkaSink kafka) {
            kafka.close();
        }
    }

    /** Kafka, through one producer made on first use. */
    private static final class KafkaSink implements Sink {
        private final String bootstrapServers;
        private volatile KafkaProducer<String, String> producer;

        KafkaSink(String bootstrapServers) {
            this.bootstrapServers = bootstrapServers;
        }

        @Override
        public Future<?> send(String topic, String key, String payload) {
            return producer().send(new ProducerRecord<>(topic, key, payload));
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

        void close() {
            if (producer != null) {
                producer.close(Duration.ofSeconds(5));
            }
        }
    }
}
