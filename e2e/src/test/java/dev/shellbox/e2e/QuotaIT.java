package dev.shellbox.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
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

    private static long execCount(JsonNode usage) {
        long total = 0;
        for (JsonNode day : usage.path("days")) {
            for (JsonNode op : day.path("operations")) {
                if ("exec".equals(op.path("operation").asText())) {
                    total += op.path("count").asLong();
                }
            }
        }
        return total;
    }
}
