package dev.shellbox.vfs.messaging;

import dev.shellbox.vfs.config.VfsConfig;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.jboss.logging.Logger;

/**
 * Publishes the outbox to Kafka: takes the oldest events (locked, so that two instances do not publish the same ones),
 * sends them, waits for the broker's acknowledgements, and deletes them in the same transaction. An event is published
 * at least once; consumers deduplicate by event id.
 */
@ApplicationScoped
public class OutboxRelay {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final Pool pool;
    private final MutinyEmitter<String> usage;
    private final int batchSize;
    private volatile boolean failing;
    private volatile boolean stopping;

    public OutboxRelay(
            Pool pool,
            @Channel(Channels.USAGE) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 2048)
                    MutinyEmitter<String> usage,
            VfsConfig config) {
        this.pool = pool;
        this.usage = usage;
        this.batchSize = config.outbox().batchSize();
    }

    void stopping(@Observes ShutdownEvent event) {
        stopping = true;
    }

    @Scheduled(
            every = "${vfs.outbox.publish-every}",
            delayed = "5s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void publishPending() {
        if (stopping) {
            return;
        }
        try {
            while (publishBatch() == batchSize) {
                // more are waiting
            }
            if (failing) {
                LOG.info("publishing usage events to Kafka works again");
                failing = false;
            }
        } catch (RuntimeException e) {
            if (!failing && !stopping) {
                LOG.warnf("cannot publish usage events to Kafka (%s); they stay in the outbox", e.getMessage());
                failing = true;
            }
        }
    }

    /** Publishes one batch; how many events it published. */
    public int publishBatch() {
        SqlConnection conn = pool.getConnection().await().atMost(TIMEOUT);
        try {
            var tx = conn.begin().await().atMost(TIMEOUT);
            try {
                List<UUID> ids = new ArrayList<>();
                List<Uni<Void>> sends = new ArrayList<>();
                for (Row row : conn.preparedQuery("SELECT id, topic, key, payload FROM outbox ORDER BY created_at"
                                + " LIMIT $1 FOR UPDATE SKIP LOCKED")
                        .execute(Tuple.of(batchSize))
                        .await()
                        .atMost(TIMEOUT)) {
                    ids.add(row.getUUID("id"));
                    OutgoingKafkaRecordMetadata<String> metadata = OutgoingKafkaRecordMetadata.<String>builder()
                            .withTopic(row.getString("topic"))
                            .withKey(row.getString("key"))
                            .build();
                    sends.add(usage.sendMessage(
                            Message.of(row.getString("payload")).addMetadata(metadata)));
                }
                if (!ids.isEmpty()) {
                    Uni.join().all(sends).andFailFast().await().atMost(TIMEOUT);
                    conn.preparedQuery("DELETE FROM outbox WHERE id = ANY($1)")
                            .execute(Tuple.of(ids.toArray(new UUID[0])))
                            .await()
                            .atMost(TIMEOUT);
                }
                tx.commit().await().atMost(TIMEOUT);
                return ids.size();
            } catch (RuntimeException e) {
                tx.rollback().await().atMost(TIMEOUT);
                throw e;
            }
        } finally {
            conn.close().await().atMost(TIMEOUT);
        }
    }
}
