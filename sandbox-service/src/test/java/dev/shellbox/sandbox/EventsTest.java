package dev.shellbox.sandbox;

import static dev.shellbox.sandbox.Requests.as;
import static dev.shellbox.sandbox.Requests.createSandbox;
import static dev.shellbox.sandbox.Requests.exec;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shellbox.contracts.Topics;
import dev.shellbox.platform.testing.TopicRecords;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/** What leaves the service on Kafka: lifecycle events and usage events, through the outbox. */
@QuarkusTest
class EventsTest {
    private static final String USER = "events-user";

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
        return TopicRecords.read(kafka, topic, mine, expected, Duration.ofSeconds(2)).stream()
                .map(TopicRecords.Message::value)
                .toList();
    }
}
