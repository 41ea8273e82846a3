package dev.shellbox.vfs;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shellbox.contracts.Topics;
import dev.shellbox.platform.testing.PostgresTestResource;
import dev.shellbox.platform.testing.TopicRecords;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(UsagePlanStub.class)
class UsageMeteringTest {
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

        List<TopicRecords.Message> messages = TopicRecords.read(
                kafka, Topics.USAGE, e -> v.equals(e.path("sandboxId").asText()), 3, Duration.ZERO);
        assertThat(messages).allSatisfy(m -> assertThat(m.key()).isEqualTo(user));
        List<JsonNode> events =
                messages.stream().map(TopicRecords.Message::value).toList();
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
}
