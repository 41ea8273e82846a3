package dev.shellbox.usage.messaging;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.SandboxLifecycleEvent;
import dev.shellbox.contracts.Topics;
import dev.shellbox.contracts.UsageEvent;
import dev.shellbox.platform.reactive.Blocking;
import dev.shellbox.usage.config.UsageConfig;
import dev.shellbox.usage.service.FoldService;
import dev.shellbox.usage.service.UsageMetrics;
import io.smallrye.common.annotation.Identifier;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RebalanceInProgressException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jboss.logging.Logger;

/**
 * Consumes {@link Topics#USAGE} and {@link Topics#SANDBOX_LIFECYCLE} and folds each polled batch in one database
 * transaction. Offsets are committed to Kafka only after that transaction committed; a crash in between redelivers
 * the batch, and the fold, idempotent by event id, counts none of it twice.
 */
@ApplicationScoped
public class UsageTopicsConsumer {
    /** The topics folded by this consumer. */
    public static final List<String> TOPICS = List.of(Topics.USAGE, Topics.SANDBOX_LIFECYCLE);

    private static final Logger LOG = Logger.getLogger(UsageTopicsConsumer.class);

    private final FoldService fold;
    private final UsageMetrics metrics;
    private final UsageConfig config;
    private final ObjectMapper json;
    private final Map<String, Object> kafka;

    private volatile Run current;

    /** One start-to-stop span of the consumer: its client, its thread and whether it should go on. */
    private static final class Run {
        final KafkaConsumer<String, String> consumer;
        volatile boolean running = true;
        Thread thread;

        Run(KafkaConsumer<String, String> consumer) {
            this.consumer = consumer;
        }
    }

    public UsageTopicsConsumer(
            FoldService fold,
            UsageMetrics metrics,
            UsageConfig config,
            ObjectMapper json,
            @Identifier("default-kafka-broker") Map<String, Object> kafka) {
        this.fold = fold;
        this.metrics = metrics;
        this.config = config;
        this.json = json;
        this.kafka = kafka;
    }

    /** Starts consuming on a thread of its own, from the group's committed offsets (earliest for a new group). */
    public synchronized void start() {
        if (current != null) {
            return;
        }
        Map<String, Object> props = new HashMap<>(kafka);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, config.consumer().groupId());
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, config.consumer().maxBatch());
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG, "usage-service-folder");
        Run run = new Run(new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer()));
        run.thread = new Thread(() -> consume(run), "usage-fold-consumer");
        run.thread.setDaemon(true);
        current = run;
        run.thread.start();
        LOG.infof("consuming %s as group %s", TOPICS, config.consumer().groupId());
    }

    /**
     * Stops consuming. A batch being folded finishes its transaction but its offsets are not committed, exactly as
     * when the process dies there: the next consumer of the group gets it again.
     */
    public void stop() {
        Run run;
        synchronized (this) {
            run = current;
            if (run == null) {
                return;
            }
            current = null;
            run.running = false;
            run.consumer.wakeup();
        }
        try {
            run.thread.join(Duration.ofSeconds(30).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether a consumer thread is folding (false once stopped, or if the thread died). */
    public boolean isRunning() {
        Run run = current;
        return run != null && run.running && run.thread.isAlive();
    }

    private void consume(Run run) {
        KafkaConsumer<String, String> c = run.consumer;
        try {
            c.subscribe(TOPICS);
            while (run.running) {
                try {
                    ConsumerRecords<String, String> records =
                            c.poll(config.consumer().pollTimeout());
                    if (!records.isEmpty()) {
                        foldUntilDone(run, records);
                    }
                    reportLag(c);
                } catch (WakeupException e) {
                    if (run.running) {
                        LOG.warn("consumer woken up while running; continuing");
                    }
                } catch (RuntimeException e) {
                    LOG.errorf(
                            e,
                            "consuming failed; retrying in %s",
                            config.consumer().retryBackoff());
                    sleep(run, config.consumer().retryBackoff());
                }
            }
        } finally {
            run.running = false;
            try {
                c.close(Duration.ofSeconds(5));
            } catch (RuntimeException e) {
                LOG.debug("closing the consumer failed", e);
            }
        }
    }

    /** Folds one batch, retrying it until its transaction commits, then commits its offsets. */
    private void foldUntilDone(Run run, ConsumerRecords<String, String> records) {
        Batch batch = parse(records);
        while (true) {
            try {
                Blocking.await(() -> fold.fold(batch.usage, batch.lifecycle));
                break;
            } catch (Throwable e) {
                if (!run.running) {
                    throw new WakeupException();
                }
                LOG.errorf(
                        e,
                        "folding %d records failed; retrying in %s",
                        records.count(),
                        config.consumer().retryBackoff());
                sleep(run, config.consumer().retryBackoff());
            }
        }
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition tp : records.partitions()) {
            List<ConsumerRecord<String, String>> part = records.records(tp);
            offsets.put(tp, new OffsetAndMetadata(part.get(part.size() - 1).offset() + 1));
        }
        try {
            run.consumer.commitSync(offsets);
        } catch (CommitFailedException | RebalanceInProgressException e) {
            // The partitions moved on while the batch was folded; whoever has them now gets the batch again, and the
            // fold skips what is already counted.
            LOG.warnf("offsets of a folded batch could not be committed (%s); it will be redelivered", e.getMessage());
        }
    }

    private record Batch(List<UsageEvent> usage, List<SandboxLifecycleEvent> lifecycle) {}

    private Batch parse(ConsumerRecords<String, String> records) {
        List<UsageEvent> usage = new ArrayList<>();
        List<SandboxLifecycleEvent> lifecycle = new ArrayList<>();
        for (ConsumerRecord<String, String> r : records) {
            if (r.value() == null) {
                continue;
            }
            try {
                if (Topics.USAGE.equals(r.topic())) {
                    usage.add(json.readValue(r.value(), UsageEvent.class));
                } else {
                    lifecycle.add(json.readValue(r.value(), SandboxLifecycleEvent.class));
                }
            } catch (JsonProcessingException e) {
                metrics.events(r.topic(), "invalid", 1);
                LOG.warnf(
                        "%s-%d@%d is not a valid event and is skipped: %s",
                        r.topic(), r.partition(), r.offset(), e.getOriginalMessage());
            }
        }
        return new Batch(usage, lifecycle);
    }

    private void reportLag(KafkaConsumer<String, String> c) {
        Set<TopicPartition> assigned = c.assignment();
        for (TopicPartition tp : assigned) {
            c.currentLag(tp).ifPresent(lag -> metrics.consumerLag(tp.topic(), tp.partition(), lag));
        }
    }

    private static void sleep(Run run, Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            run.running = false;
        }
    }
}
