package dev.shellbox.sandbox;

import static dev.shellbox.sandbox.Requests.as;
import static dev.shellbox.sandbox.Requests.createSandbox;
import static dev.shellbox.sandbox.Requests.exec;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.Topics;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/** What leaves the service on Kafka: lifecycle events and usage events, through the outbox. */
@QuarkusTest
class EventsTest {
    private static final String USER = "events-user";

    @Inject
    ObjectMapper json;

    @ConfigProperty(name = "kafka.bootstrap.servers")
    String kafka;

    @Test
    void theLifecycleOfASandboxIsPublishedInOrder() {
        String id = createSandbox(USER, "{}");
        as(USER).post("/v1/sandboxes/" + id + "/pause").then().statusCode(200);
        as(USER).post("/v1/sandboxes/" + id + "/resume").then().statusCode(200);
        as(USER).delete("/v1/sandboxes/" + id).then().statusCode(204);

        List<JsonNode> events = read(
                Topics.SANDBOX_LIFECYCLE, e -> id.equals(e.path("sandboxId").asText()), 4);
        assertThat(events)
                .extracting(e -> e.get("type").asText())
                .containsExactly("sandbox.created", "sandbox.paused", "sandbox.resumed", "sandbox.destroyed");
        assertThat(events).allSatisfy(e -> assertThat(e.get("userId").asText()).isEqualTo(USER));
    }

    @Test
    void everyCreateAndExecIsMetered() {
        String id = createSandbox(USER, "{}");
        exec(USER, id, "echo hi | grep h; true");

        List<JsonNode> events =
                read(Topics.USAGE, e -> id.equals(e.path("sandboxId").asText()), 3);
        assertThat(events)
                .extracting(e -> e.get("operation").asText())
                .containsExactly("sandbox.create", "exec", "command");
        JsonNode execEvent = events.get(1);
        assertThat(execEvent.get("location").asText()).isEqualTo("worker");
        assertThat(execEvent.get("bytesOut").asLong()).isEqualTo(3);
        assertThat(events.get(2).get("count").asLong()).isEqualTo(3);
        assertThat(events).allSatisfy(e -> assertThat(e.get("userId").asText()).isEqualTo(USER));
    }

    @Test
    void builtInAndEscalatedCommandsAreCountedApart() {
        String id = createSandbox(USER, "{\"provider\":\"local\"}");
        exec(USER, id, "echo hi | python3 -c 'import sys; print(sys.stdin.read().strip())' | grep h");

        List<JsonNode> events =
                read(Topics.USAGE, e -> id.equals(e.path("sandboxId").asText()), 4);
        assertThat(events)
                .extracting(e -> e.get("operation").asText() + "/"
                        + e.get("location").asText() + "/" + e.get("count").asLong())
                .containsExactly("sandbox.create/worker/1", "exec/mixed/1", "command/worker/2", "command/container/1");
        assertThat(events.get(1).get("containerMs").asLong()).isPositive();
    }

    private List<JsonNode> read(String topic, Predicate<JsonNode> mine, int expected) {
        List<JsonNode> events = new ArrayList<>();
        Properties props = new Properties();
        props.put("bootstrap.servers", kafka);
        props.put("group.id", "sandbox-events-test-" + UUID.randomUUID());
        props.put("auto.offset.reset", "earliest");
        props.put("key.deserializer", StringDeserializer.class.getName());
        props.put("value.deserializer", StringDeserializer.class.getName());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            // a short grace period after the expected count shows that nothing more arrives
            long settleUntil = Long.MAX_VALUE;
            while (System.nanoTime() < Math.min(deadline, settleUntil)) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(300))) {
                    JsonNode e = parse(r.value());
                    if (e != null && mine.test(e)) {
                        events.add(e);
                    }
                }
                if (events.size() >= expected && settleUntil == Long.MAX_VALUE) {
                    settleUntil = System.nanoTime() + Duration.ofSeconds(2).toNanos();
                }
            }
        }
        return events;
    }

    /** The topics are shared with other suites, some of which publish deliberately malformed records. */
    private JsonNode parse(String value) {
        try {
            return json.readTree(value);
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
