package dev.shellbox.usage;

import static dev.shellbox.usage.support.Admin.asAdmin;
import static dev.shellbox.usage.support.Admin.asUser;
import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.platform.testing.PostgresTestResource;
import dev.shellbox.usage.support.Admin;
import dev.shellbox.usage.support.Events;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A user sees the built-in plans and the plan the user is on; plans defined for other users only admins see. */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class PlanVisibilityTest {
    @Test
    void showsAUserTheBuiltInPlansAndTheirOwnButNotOtherUsersPlans() {
        String ours = Admin.definePlan(Map.of("execs_per_day", 11L));
        String theirs = Admin.definePlan(Map.of("execs_per_day", 12L));
        String user = Events.newUser();
        Admin.assign(user, ours);
        Admin.assign(Events.newUser(), theirs);

        assertThat(planNames(user)).containsExactly("free", "pro", "enterprise", ours);
    }

    @Test
    void showsAUserOnTheDefaultPlanOnlyTheBuiltInPlans() {
        Admin.definePlan(Map.of("execs_per_day", 13L));

        assertThat(planNames(Events.newUser())).containsExactly("free", "pro", "enterprise");
    }

    @Test
    void showsAdminsEveryPlan() {
        String plan = Admin.definePlan(Map.of("execs_per_day", 14L));

        List<String> all = asAdmin()
                .get("/v1/admin/plans")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("name", String.class);
        assertThat(all).contains("free", "pro", "enterprise", plan);
    }

    private static List<String> planNames(String user) {
        return asUser(user)
                .get("/v1/plans")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("name", String.class);
    }
}
