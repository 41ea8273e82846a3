package dev.shellbox.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Plans through the gateway: what users see of them, and how admins delete them. */
@ExtendWith(Suite.class)
class PlansIT {
    @Test
    void aUserSeesTheBuiltInPlansAndTheirOwnButNotAPlanOfAnotherUser() {
        Api admin = Suite.admin();
        Api grace = Suite.newUser("grace-plans");
        Suite.newUser("heidi-plans");
        DataSafetyIT.definePlan(admin, "grace-team", Map.of("execs_per_day", 100L));
        DataSafetyIT.definePlan(admin, "heidi-team", Map.of("execs_per_day", 200L));
        assertThat(admin.putJson("/v1/admin/users/grace-plans/plan", "{\"plan\":\"grace-team\"}")
                        .status())
                .isEqualTo(200);
        assertThat(admin.putJson("/v1/admin/users/heidi-plans/plan", "{\"plan\":\"heidi-team\"}")
                        .status())
                .isEqualTo(200);

        assertThat(names(grace.get("/v1/plans").json()))
                .contains("free", "pro", "enterprise", "grace-team")
                .doesNotContain("heidi-team");
        assertThat(names(admin.get("/v1/admin/plans").json())).contains("grace-team", "heidi-team");
    }

    @Test
    void anAdminDeletesAPlanOnceNoUserIsOnIt() {
        Api admin = Suite.admin();
        Suite.newUser("ivan-plans");
        DataSafetyIT.definePlan(admin, "ivan-team", Map.of("execs_per_day", 300L));
        assertThat(admin.putJson("/v1/admin/users/ivan-plans/plan", "{\"plan\":\"ivan-team\"}")
                        .status())
                .isEqualTo(200);

        Api.Response inUse = admin.delete("/v1/admin/plans/ivan-team");
        assertThat(inUse.status()).as(inUse.text()).isEqualTo(409);
        assertThat(inUse.header("Content-Type")).startsWith("application/problem+json");
        assertThat(inUse.json().get("users").asLong()).isEqualTo(1);

        assertThat(admin.putJson("/v1/admin/users/ivan-plans/plan", "{\"plan\":\"free\"}")
                        .status())
                .isEqualTo(200);
        assertThat(admin.delete("/v1/admin/plans/ivan-team").status()).isEqualTo(204);
        assertThat(admin.get("/v1/admin/plans/ivan-team").status()).isEqualTo(404);
        assertThat(admin.delete("/v1/admin/plans/ivan-team").status()).isEqualTo(404);
    }

    @Test
    void builtInPlansCannotBeDeletedAndUsersCannotDeleteAtAll() {
        Api.Response builtIn = Suite.admin().delete("/v1/admin/plans/pro");
        assertThat(builtIn.status()).as(builtIn.text()).isEqualTo(409);
        assertThat(builtIn.json().get("detail").asText()).contains("built in");

        Api.Response notAdmin = Suite.newUser("judy-plans").delete("/v1/admin/plans/pro");
        assertThat(notAdmin.status()).as(notAdmin.text()).isEqualTo(403);
        assertThat(Suite.admin().get("/v1/admin/plans/pro").status()).isEqualTo(200);
    }

    private static List<String> names(JsonNode plans) {
        List<String> names = new ArrayList<>();
        plans.forEach(plan -> names.add(plan.get("name").asText()));
        return names;
    }
}
