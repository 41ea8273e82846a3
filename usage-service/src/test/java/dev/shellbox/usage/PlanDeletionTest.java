package dev.shellbox.usage;

import static dev.shellbox.usage.support.Admin.asAdmin;
import static dev.shellbox.usage.support.Admin.asUser;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import dev.shellbox.platform.testing.PostgresTestResource;
import dev.shellbox.usage.support.Admin;
import dev.shellbox.usage.support.Events;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** DELETE /v1/admin/plans/{plan}: a plan no user is on goes, from the database and from memory; others stay. */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class PlanDeletionTest {
    @Inject
    Pool database;

    @Test
    void deletesAPlanNoUserIsOnWithItsLimits() {
        String plan = Admin.definePlan(Map.of("execs_per_day", 21L));

        given().header("X-Shellbox-User", "admin-1")
                .header("X-Shellbox-Roles", "user,admin")
                .when()
                .delete("/v1/admin/plans/" + plan)
                .then()
                .statusCode(204);

        asAdmin().get("/v1/admin/plans/" + plan).then().statusCode(404);
        asAdmin().get("/v1/admin/plans").then().body("name", not(hasItem(plan)));
        asAdmin()
                .body(Map.of("plan", plan))
                .put("/v1/admin/users/bob/plan")
                .then()
                .statusCode(404);
        assertThat(rows("SELECT count(*) FROM plan WHERE name = $1", plan)).isZero();
        assertThat(rows("SELECT count(*) FROM plan_limit WHERE plan_name = $1", plan))
                .isZero();
    }

    @Test
    void definesAPlanAnewAfterItWasDeleted() {
        String plan = Admin.definePlan(Map.of("execs_per_day", 22L));
        asAdmin().delete("/v1/admin/plans/" + plan).then().statusCode(204);

        asAdmin()
                .body(Map.of("limits", Map.of("execs_per_day", 23)))
                .put("/v1/admin/plans/" + plan)
                .then()
                .statusCode(201)
                .body("limits.execs_per_day", equalTo(23));
    }

    @Test
    void refusesToDeleteAPlanUsersAreOnNamingHowMany() {
        String plan = Admin.definePlan(Map.of("execs_per_day", 24L));
        String first = Events.newUser();
        Admin.assign(first, plan);
        Admin.assign(Events.newUser(), plan);

        asAdmin()
                .delete("/v1/admin/plans/" + plan)
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("status", equalTo(409))
                .body("users", equalTo(2))
                .body("detail", containsString("2 users are on it"))
                .body("instance", equalTo("/v1/admin/plans/" + plan));
        asAdmin().get("/v1/admin/plans/" + plan).then().statusCode(200);
        given().get("/internal/v1/users/" + first + "/plan").then().body("name", equalTo(plan));
    }

    @Test
    void deletesAPlanOnceItsUsersAreOnAnotherOne() {
        String plan = Admin.definePlan(Map.of("execs_per_day", 25L));
        String user = Events.newUser();
        Admin.assign(user, plan);
        asAdmin().delete("/v1/admin/plans/" + plan).then().statusCode(409).body("users", equalTo(1));

        Admin.assign(user, "pro");

        asAdmin().delete("/v1/admin/plans/" + plan).then().statusCode(204);
    }

    @Test
    void refusesToDeleteABuiltInPlan() {
        for (String plan : new String[] {"free", "pro", "Enterprise"}) {
            asAdmin()
                    .delete("/v1/admin/plans/" + plan)
                    .then()
                    .statusCode(409)
                    .contentType("application/problem+json")
                    .body("detail", containsString("built in"));
        }
        asAdmin().get("/v1/admin/plans/enterprise").then().statusCode(200);
    }

    @Test
    void returns404ForAnUnknownPlan() {
        asAdmin()
                .delete("/v1/admin/plans/no-such-plan")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("detail", containsString("no-such-plan"));
    }

    @Test
    void returns403WithoutTheAdminRole() {
        String plan = Admin.definePlan(Map.of("execs_per_day", 26L));

        asUser("mallory")
                .delete("/v1/admin/plans/" + plan)
                .then()
                .statusCode(403)
                .contentType("application/problem+json");
        asAdmin().get("/v1/admin/plans/" + plan).then().statusCode(200);
    }

    private long rows(String sql, String plan) {
        return database.preparedQuery(sql)
                .execute(Tuple.of(plan))
                .await()
                .indefinitely()
                .iterator()
                .next()
                .getLong(0);
    }
}
