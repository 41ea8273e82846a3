package dev.shellbox.vfs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.Topics;
import dev.shellbox.contracts.UsageEvent;
import dev.shellbox.platform.testing.PostgresTestResource;
import dev.shellbox.platform.testing.TopicRecords;
import dev.shellbox.vfs.repository.SchemaInitializer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Events that an earlier release left undelivered in its own outbox table are delivered after the upgrade. */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(UsagePlanStub.class)
class LegacyOutboxTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Inject
    Pool pool;

    @Inject
    SchemaInitializer schema;

    @Inject
    ObjectMapper json;

    @ConfigProperty(name = "kafka.bootstrap.servers")
    String kafka;

    @AfterEach
    void dropLegacyTable() {
        pool.query("DROP TABLE IF EXISTS outbox").execute().await().atMost(TIMEOUT);
    }

    @Test
    void eventsLeftInTheOldOutboxAreMovedAndPublishedOnStart() throws Exception {
        pool.query("""
                        CREATE TABLE outbox (
                            id         uuid PRIMARY KEY,
                            topic      text NOT NULL,
                            key        text,
                            payload    text NOT NULL,
                            created_at timestamptz NOT NULL DEFAULT now()
                        )""").execute().await().atMost(TIMEOUT);
        String user = "legacy-" + UUID.randomUUID();
        String volume = "legacy-" + UUID.randomUUID();
        UsageEvent event = UsageEvent.of(user, volume, "file.write", null, 1, 3, 0, 42, 0);
        pool.preparedQuery("INSERT INTO outbox (id, topic, key, payload) VALUES ($1, $2, $3, $4)")
                .execute(Tuple.of(event.id(), Topics.USAGE, user, json.writeValueAsString(event)))
                .await()
                .atMost(TIMEOUT);

        schema.apply();

        assertThat(pool.query("SELECT count(*) FROM outbox")
                        .execute()
                        .await()
                        .atMost(TIMEOUT)
                        .iterator()
                        .next()
                        .getLong(0))
                .isZero();
        List<TopicRecords.Message> published = TopicRecords.read(
                kafka, Topics.USAGE, e -> volume.equals(e.path("sandboxId").asText()), 1, Duration.ofSeconds(2));
        assertThat(published).hasSize(1);
        assertThat(published.get(0).key()).isEqualTo(user);
        assertThat(published.get(0).value().get("id").asText())
                .isEqualTo(event.id().toString());
        assertThat(published.get(0).value().get("bytesOut").asLong()).isEqualTo(42);
    }
}
