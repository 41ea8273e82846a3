package dev.shellbox.usage.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.SandboxLifecycleEvent;
import dev.shellbox.contracts.Topics;
import dev.shellbox.contracts.UsageEvent;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.ConfigProvider;

/** Publishes events to the real test broker, as the other services would, and inspects consumer groups. */
public final class TestKafka implements AutoCloseable {
    private final ObjectMapper json;
    private final KafkaProducer<String, String> producer;
    private final Admin admin;

    public TestKafka(ObjectMapper json) {
        this(json, ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class));
    }

    public TestKafka(ObjectMapper json, String bootstrap) {
        this.json = json;
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        this.producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
        Properties a = new Properties();
        a.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        this.admin = Admin.create(a);
    }

    public void send(UsageEvent event) {
        send(Topics.USAGE, event.userId(), write(event));
    }

    public void send(SandboxLifecycleEvent event) {
        send(Topics.SANDBOX_LIFECYCLE, event.sandboxId(), write(event));
    }

    /** Sends a raw record, e.g. one that is not valid JSON. */
    public void send(String topic, String key, String value) {
        producer.send(new ProducerRecord<>(topic, key, value));
    }

    public void sendAll(Collection<UsageEvent> events) {
        events.forEach(this::send);
        flush();
    }

    public void flush() {
        producer.flush();
    }

    /** Whether the group has committed, on every partition of the topics, the end offset. */
    public boolean caughtUp(String group, List<String> topics) {
        try {
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get();
            Map<TopicPartition, Long> ends = endOffsets(topics);
            for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
                if (end.getValue() == 0) {
                    continue;
                }
                OffsetAndMetadata c = committed.get(end.getKey());
                if (c == null || c.offset() < end.getValue()) {
                    return false;
                }
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            return false;
        }
    }

    /** Moves the group's committed offsets back to the start of every partition (the group must be idle). */
    public void rewind(String group, List<String> topics) throws Exception {
        Map<TopicPartition, Long> ends = endOffsets(topics);
        Map<TopicPartition, OffsetAndMetadata> start =
                ends.keySet().stream().collect(Collectors.toMap(tp -> tp, tp -> new OffsetAndMetadata(0)));
        admin.alterConsumerGroupOffsets(group, start).all().get();
    }

    private Map<TopicPartition, Long> endOffsets(List<String> topics) throws InterruptedException, ExecutionException {
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        admin.describeTopics(topics)
                .allTopicNames()
                .get()
                .forEach((topic, description) -> description
                        .partitions()
                        .forEach(p -> request.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest())));
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> result =
                admin.listOffsets(request).all().get();
        Map<TopicPartition, Long> ends = new HashMap<>();
        result.forEach((tp, info) -> ends.put(tp, info.offset()));
        return ends;
    }

    private String write(Object event) {
        try {
            return json.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
        admin.close(Duration.ofSeconds(5));
    }
}
