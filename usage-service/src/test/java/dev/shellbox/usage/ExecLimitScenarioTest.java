package dev.shellbox.usage;

import static dev.shellbox.usage.support.Admin.asAdmin;
import static dev.shellbox.usage.support.Admin.assign;
import static dev.shellbox.usage.support.Admin.check;
import static dev.shellbox.usage.support.Events.newUser;
import static dev.shellbox.usage.support.Events.usage;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
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
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The acceptance scenario at this service's level: the gateway's quota check and sandbox-service's usage
 * event are played by the test, against the real broker and database.
 */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class ExecLimitScenarioTest {
    @Inject
    ObjectMapper json;

    @Inject
    UsageConfig config;

    @Test
    void refusesTheSixthExecOfAFiveExecPlanUntilAnAdminRaisesTheLimit() {
        String user = newUser();
        asAdmin()
                .body(Map.of("name", "five-execs", "limits", Map.of("execs_per_day", 5)))
                .put("/v1/admin/plans/five-execs")
                .then()
                .statusCode(201);
        assign(user, "five-execs");

        try (TestKafka kafka = new TestKafka(json)) {
            for (int i = 1; i <= 5; i++) {
                check(user, "execs_per_day", 1).then().statusCode(200).body("allowed", equalTo(true));
                kafka.send(usage(user, Operation.EXEC, Instant.now()));
            }
            kafka.flush();

            check(user, "execs_per_day", 1)
                    .then()
                    .statusCode(429)
                    .body("limit", equalTo("execs_per_day"))
                    .body("plan", equalTo("five-execs"))
                    .body("current", equalTo(5))
                    .body("maximum", equalTo(5));

            await().atMost(Duration.ofSeconds(60))
                    .until(() -> kafka.caughtUp(config.consumer().groupId(), UsageTopicsConsumer.TOPICS));
        }
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        assertThat(UsageApi.total(user, today, "execs_per_day")).isEqualTo(5);
        assertThat(UsageApi.operation(user, today, Operation.EXEC)).containsEntry("events", 5);
        check(user, "execs_per_day", 1).then().statusCode(429).body("current", equalTo(5));

        asAdmin()
                .body(Map.of("limits", Map.of("execs_per_day", 6)))
                .put("/v1/admin/plans/five-execs")
                .then()
                .statusCode(200)
                .body("limits.execs_per_day", equalTo(6));

        check(user, "execs_per_day", 1)
                .then()
                .statusCode(200)
                .body("current", equalTo(5))
                .body("maximum", equalTo(6));
    }
}
