package dev.shellbox.vfs;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.Topics;
import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(UsagePlanStub.class)
class UsageMeteringTest {
    @Inject
    ObjectMapper json;

    @ConfigProperty(name = "kafka.bootstrap.servers")
    String kafka;

    @Test
    void publishesAUsageEventPerFileOperationWithBytes() throws Exception {
        String user = "meter-" + UUID.randomUUID();
        String v = Volumes.create(user);
        byte[] content = Volumes.random(41, 5000);
        Volumes.put(v, "/workspace/m.bin", content).then().statusCode(200);
        Volumes.read(v, "/workspace/m.bin");
        given().queryParam("path", "/workspace/m.bin")
                .delete(Volumes.files(v))
                .then()
                .statusCode(200);

        List<JsonNode> events = new ArrayList<>();
        Properties props = new Properties();
        props.put("bootstrap.servers", kafka);
        props.put("group.id", "meter-test-" + UUID.randomUUID());
        props.put("auto.offset.reset", "earliest");
        props.put("key.deserializer", StringDeserializer.class.getName());
        props.put("value.deserializer", StringDeserializer.class.getName());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
            consumer.subscribe(List.of(Topics.USAGE));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (events.size() < 3 && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    JsonNode e = parse(r.value());
                    if (e != null && v.equals(e.path("sandboxId").asText())) {
                        assertThat(r.key()).isEqualTo(user);
                        events.add(e);
                    }
                }
            }
        }
        assertThat(events)
                .extracting(e -> e.get("operation").asText())
                .containsExactly("file.write", "file.read", "file.op");
        assertThat(events.get(0).get("bytesOut").asLong()).isEqualTo(5000);
        assertThat(events.get(1).get("bytesIn").asLong()).isEqualTo(5000);
        assertThat(events).allSatisfy(e -> {
            assertThat(e.get("userId").asText()).isEqualTo(user);
            assertThat(e.get("type").asText()).isEqualTo("usage");
            assertThat(e.get("count").asLong()).isEqualTo(1);
        });
    }

    /** The topic is shared with other suites, some of which publish deliberately malformed records. */
    private JsonNode parse(String value) {
        try {
            return json.readTree(value);
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
