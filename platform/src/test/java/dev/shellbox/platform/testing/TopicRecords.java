package dev.shellbox.platform.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reads the JSON records of a topic from its beginning, for tests that check what a service published. */
public final class TopicRecords {
    private static final ObjectMapper JSON = new ObjectMapper();

    private TopicRecords() {}

    /** One record: its key and its JSON value. */
    public record Message(String key, JsonNode value) {}

    /**
     * The records of {@code topic} whose value {@code mine} accepts, in order, read until {@code expected} of them
     * arrived and then for {@code settle} more (to see that nothing else follows), or until 60 s passed. Records that
     * are not JSON are skipped: the topics are shared with other suites, some of which publish malformed records on
     * purpose.
     */
    public static List<Message> read(
            String bootstrapServers, String topic, Predicate<JsonNode> mine, int expected, Duration settle) {
        List<Message> records = new ArrayList<>();
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrapServers);
        props.put("group.id", "test-reader-" + UUID.randomUUID());
        props.put("auto.offset.reset", "earliest");
        props.put("key.deserializer", StringDeserializer.class.getName());
        props.put("value.deserializer", StringDeserializer.class.getName());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            long settleUntil = Long.MAX_VALUE;
            while (System.nanoTime() < Math.min(deadline, settleUntil)) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(300))) {
                    JsonNode e = parse(r.value());
                    if (e != null && mine.test(e)) {
                        records.add(new Message(r.key(), e));
                    }
                }
                if (records.size() >= expected && settleUntil == Long.MAX_VALUE) {
                    settleUntil = System.nanoTime() + settle.toNanos();
                }
            }
        }
        return records;
    }

    private static JsonNode parse(String value) {
        try {
            return JSON.readTree(value);
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
