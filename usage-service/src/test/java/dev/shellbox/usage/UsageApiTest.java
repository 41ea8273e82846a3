package dev.shellbox.usage;

import static dev.shellbox.usage.support.Admin.asUser;
import static dev.shellbox.usage.support.Events.newUser;
import static dev.shellbox.usage.support.Events.usage;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.Operation;
import dev.shellbox.platform.testing.PostgresTestResource;
import dev.shellbox.usage.config.UsageConfig;
import dev.shellbox.usage.messaging.UsageTopicsConsumer;
import dev.shellbox.usage.support.TestKafka;
import dev.shellbox.usage.support.UsageApi;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class UsageApiTest {
    @Inject
    ObjectMapper json;

    @Inject
    UsageConfig config;

    private static LocalDate today() {
        return LocalDate.now(ZoneOffset.UTC);
    }

    @Test
    void showsTheCallerOnlyTheirOwnUsage() {
        String alice = newUser();
        String bob = newUser();
        try (TestKafka kafka = new TestKafka(json)) {
            kafka.sendAll(List.of(usage(alice, Operation.EXEC, Instant.now())));
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> kafka.caughtUp(config.consumer().groupId(), UsageTopicsConsumer.TOPICS));
        }

        assertThat(UsageApi.total(alice, today(), "execs_per_day")).isEqualTo(1);
        asUser(bob)
                .get("/v1/usage")
                .then()
                .statusCode(200)
                .body("userId", equalTo(bob))
                .body("days", empty());
    }

    @Test
    void coversTheLast30DaysByDefault() {
        asUser(newUser())
                .get("/v1/usage")
                .then()
                .statusCode(200)
                .body("to", equalTo(today().toString()))
                .body("from", equalTo(today().minusDays(29).toString()))
                .body("plan", equalTo("free"))
                .body("concurrentSandboxes", equalTo(0));
    }

    @Test
    void rejectsRangesItCannotAnswer() {
        asUser("u")
                .queryParam("from", "2025-02-01")
                .queryParam("to", "2025-01-01")
                .get("/v1/usage")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("after"));
        asUser("u")
                .queryParam("from", "yesterday")
                .get("/v1/usage")
                .then()
                .statusCode(400)
                .body("detail", containsString("from"));
        asUser("u")
                .queryParam("from", "2020-01-01")
                .queryParam("to", "2025-01-01")
                .get("/v1/usage")
                .then()
                .statusCode(400)
                .body("detail", containsString("366"));
    }
}
