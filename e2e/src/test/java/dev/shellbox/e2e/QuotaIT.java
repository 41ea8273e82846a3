package dev.shellbox.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(Suite.class)
class QuotaIT {

    @Test
    void theSixthExecOfAFiveExecPlanIsRefusedUntilAnAdminRaisesTheLimit() {
        Api admin = Suite.admin();
        Api user = Suite.newUser("frank-quota");
        JsonNode free = admin.get("/v1/admin/plans/free").json();
        var five = free.deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) five).put("name", "five");
        ((com.fasterxml.jackson.databind.node.ObjectNode) five.get("limits")).put("execs_per_day", 5);
        Api.Response defined = admin.putJson("/v1/admin/plans/five", five.toString());
        assertThat(defined.status()).as(defined.text()).isIn(200, 201);
        assertThat(admin.putJson("/v1/admin/users/frank-quota/plan", "{\"plan\":\"five\"}")
                        .status())
                .isEqualTo(200);

        String id = user.post("/v1/sandboxes", "{}").json().get("id").asText();
        for (int i = 1; i <= 5; i++) {
            assertThat(user.exec(id, "echo " + i).get("exitCode").asInt()).isZero();
        }
        Api.Response refused = user.post("/v1/sandboxes/" + id + "/exec", "{\"command\":\"echo 6\"}");
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.json().get("limit").asText()).isEqualTo("execs_per_day");
        assertThat(refused.header("Retry-After")).isNotBlank();

        String today = LocalDate.now(ZoneOffset.UTC).toString();
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            JsonNode usage =
                    user.get("/v1/usage?from=" + today + "&to=" + today).json();
            assertThat(execCount(usage)).isEqualTo(5);
        });

        ((com.fasterxml.jackson.databind.node.ObjectNode) five.get("limits")).put("execs_per_day", 10);
        assertThat(admin.putJson("/v1/admin/plans/five", five.toString()).status())
                .isEqualTo(200);
        await().atMost(Duration.ofSeconds(15))
                .untilAsserted(
                        () -> assertThat(user.post("/v1/sandboxes/" + id + "/exec", "{\"command\":\"echo after\"}")
                                        .status())
                                .isEqualTo(200));
    }

    @Test
    void aRunawayLoopStopsAtTheDailyCommandLimitAndIsBilledAtMostOnePercentOver() {
        Api admin = Suite.admin();
        Api user = Suite.newUser("gina-loop");
        DataSafetyIT.definePlan(admin, "twenty-thousand", Map.of("commands_per_day", 20_000L));
        assertThat(admin.putJson("/v1/admin/users/gina-loop/plan", "{\"plan\":\"twenty-thousand\"}")
                        .status())
                .isEqualTo(200);
        String id = user.post("/v1/sandboxes", "{}").json().get("id").asText();

        JsonNode loop = user.exec(id, "while true; do echo x; done > /dev/null");

        assertThat(loop.get("exitCode").asInt()).as(loop.toString()).isEqualTo(126);
        assertThat(loop.get("stderr").asText()).contains("commands_per_day");
        assertThat(loop.get("limit").asText()).isEqualTo("commands_per_day");
        String today = LocalDate.now(ZoneOffset.UTC).toString();
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            long billed =
                    count(user.get("/v1/usage?from=" + today + "&to=" + today).json(), "command");
            assertThat(billed).isBetween(19_000L, 20_200L);
        });
        // the day's commands are used up: refused at the door, or stopped at its first command
        Api.Response next = user.post("/v1/sandboxes/" + id + "/exec", "{\"command\":\"echo still; echo here\"}");
        if (next.status() == 429) {
            assertThat(next.json().get("limit").asText()).isEqualTo("commands_per_day");
        } else {
            assertThat(next.json().get("exitCode").asInt()).as(next.text()).isEqualTo(126);
        }
        await().pollDelay(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            long billed =
                    count(user.get("/v1/usage?from=" + today + "&to=" + today).json(), "command");
            assertThat(billed).isLessThanOrEqualTo(20_200L);
        });
    }

    @Test
    void getOrCreateAndRefusedCreatesTakeNoQuota() {
        Api admin = Suite.admin();
        Api user = Suite.newUser("hugo-creates");
        DataSafetyIT.definePlan(
                admin, "one-live-two-a-day", Map.of("concurrent_sandboxes", 1L, "sandbox_creates_per_day", 2L));
        assertThat(admin.putJson("/v1/admin/users/hugo-creates/plan", "{\"plan\":\"one-live-two-a-day\"}")
                        .status())
                .isEqualTo(200);
        for (int i = 0; i < 3; i++) {
            assertThat(user.post("/v1/sandboxes", "{\"provider\":\"nope\"}").status())
                    .isEqualTo(400);
        }
        Api.Response first = user.post("/v1/sandboxes", "{\"name\":\"one\"}");
        assertThat(first.status()).as(first.text()).isEqualTo(201);
        for (int i = 0; i < 3; i++) {
            Api.Response again = user.post("/v1/sandboxes", "{\"name\":\"one\"}");
            assertThat(again.status()).as(again.text()).isEqualTo(200);
        }

        Api.Response second = user.post("/v1/sandboxes", "{\"name\":\"two\"}");
        assertThat(second.status()).as(second.text()).isEqualTo(429);
        assertThat(second.json().get("limit").asText()).isEqualTo("concurrent_sandboxes");

        String one = first.json().get("id").asText();
        assertThat(user.delete("/v1/sandboxes/" + one).status()).isIn(200, 204);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(
                                user.post("/v1/sandboxes", "{\"name\":\"two\"}").status())
                        .isEqualTo(201));
        String two = user.post("/v1/sandboxes", "{\"name\":\"two\"}")
                .json()
                .get("id")
                .asText();
        assertThat(user.delete("/v1/sandboxes/" + two).status()).isIn(200, 204);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            Api.Response third = user.post("/v1/sandboxes", "{\"name\":\"three\"}");
            assertThat(third.status()).as(third.text()).isEqualTo(429);
            assertThat(third.json().get("limit").asText()).isEqualTo("sandbox_creates_per_day");
        });
    }

    private static long execCount(JsonNode usage) {
        return count(usage, "exec");
    }

    private static long count(JsonNode usage, String operation) {
        long total = 0;
        for (JsonNode day : usage.path("days")) {
            for (JsonNode op : day.path("operations")) {
                if (operation.equals(op.path("operation").asText())) {
                    total += op.path("count").asLong();
                }
            }
        }
        return total;
    }
}
