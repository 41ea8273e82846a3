package dev.shellbox.usage;

import static dev.shellbox.usage.support.Admin.asAdmin;
import static dev.shellbox.usage.support.Admin.asUser;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.shellbox.contracts.Limit;
import dev.shellbox.platform.testing.PostgresTestResource;
import dev.shellbox.usage.support.Admin;
import dev.shellbox.usage.support.Events;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class PlanAdminTest {
    private static final List<String> ALL_LIMITS =
            Arrays.stream(Limit.values()).map(Limit::key).toList();

    @Test
    void seedsFreeProAndEnterpriseWithAValueForEveryLimit() {
        List<Map<String, Object>> plans = asUser("someone")
                .when()
                .get("/v1/plans")
                .then()
                .statusCode(200)
                .header("Cache-Control", containsString("max-age=5"))
                .extract()
                .jsonPath()
                .getList("$");

        assertThat(plans.subList(0, 3)).extracting(p -> p.get("name")).containsExactly("free", "pro", "enterprise");
        for (Map<String, Object> plan : plans.subList(0, 3)) {
            @SuppressWarnings("unchecked")
            Map<String, Number> limits = (Map<String, Number>) plan.get("limits");
            assertThat(limits.keySet()).containsExactlyElementsOf(ALL_LIMITS);
            assertThat(limits.values())
                    .allSatisfy(v -> assertThat(v.longValue()).isPositive());
        }
        @SuppressWarnings("unchecked")
        Map<String, Number> free = (Map<String, Number>) plans.get(0).get("limits");
        @SuppressWarnings("unchecked")
        Map<String, Number> pro = (Map<String, Number>) plans.get(1).get("limits");
        assertThat(pro.get("execs_per_day").longValue())
                .isGreaterThan(free.get("execs_per_day").longValue());
    }

    @Test
    void returns401WithoutACaller() {
        given().when()
                .get("/v1/plans")
                .then()
                .statusCode(401)
                .contentType("application/problem+json")
                .body("status", equalTo(401))
                .body("title", equalTo("Unauthorized"));
    }

    @Test
    void returns403OnAdminPathsWithoutTheAdminRole() {
        asUser("mallory")
                .body(Map.of("limits", Map.of("execs_per_day", 1_000_000_000)))
                .when()
                .put("/v1/admin/plans/free")
                .then()
                .statusCode(403)
                .contentType("application/problem+json")
                .body("detail", containsString("admin role"));
        asUser("mallory")
                .body(Map.of("plan", "enterprise"))
                .when()
                .put("/v1/admin/users/mallory/plan")
                .then()
                .statusCode(403);
    }

    @Test
    void definesANewPlanTakingUnnamedLimitsFromTheDefaultPlan() {
        Map<String, Object> free = asAdmin()
                .get("/v1/admin/plans/free")
                .then()
                .extract()
                .jsonPath()
                .getMap("limits");

        asAdmin()
                .body(Map.of("name", "team", "limits", Map.of("execs_per_day", 7)))
                .when()
                .put("/v1/admin/plans/team")
                .then()
                .statusCode(201)
                .header("Location", endsWith("/v1/admin/plans/team"))
                .body("name", equalTo("team"))
                .body("limits.execs_per_day", equalTo(7))
                .body("limits.commands_per_day", equalTo(free.get("commands_per_day")));

        asAdmin().get("/v1/admin/plans").then().body("name", org.hamcrest.Matchers.hasItem("team"));
    }

    @Test
    void changesTheNamedLimitsOfAPlanAndKeepsTheOthers() {
        String plan = Admin.definePlan(Map.of("execs_per_day", 10L, "max_output_bytes", 1000L));

        asAdmin()
                .body(Map.of("limits", Map.of("execs_per_day", 20, "storage_bytes", 5)))
                .when()
                .put("/v1/admin/plans/" + plan)
                .then()
                .statusCode(200)
                .body("limits.execs_per_day", equalTo(20))
                .body("limits.storage_bytes", equalTo(5))
                .body("limits.max_output_bytes", equalTo(1000));

        asAdmin().get("/v1/admin/plans/" + plan).then().statusCode(200).body("limits.execs_per_day", equalTo(20));
    }

    @Test
    void changesALimitOfASeededPlan() {
        long before = asAdmin()
                .get("/v1/admin/plans/enterprise")
                .then()
                .extract()
                .jsonPath()
                .getLong("limits.max_exec_timeout_ms");
        try {
            asAdmin()
                    .body(Map.of("limits", Map.of("max_exec_timeout_ms", before + 1)))
                    .put("/v1/admin/plans/Enterprise")
                    .then()
                    .statusCode(200)
                    .body("name", equalTo("enterprise"));
            given().get("/internal/v1/users/" + enterpriseUser() + "/plan")
                    .then()
                    .body("limits.max_exec_timeout_ms", equalTo((int) (before + 1)));
        } finally {
            asAdmin()
                    .body(Map.of("limits", Map.of("max_exec_timeout_ms", before)))
                    .put("/v1/admin/plans/enterprise")
                    .then()
                    .statusCode(200);
        }
    }

    private static String enterpriseUser() {
        String user = Events.newUser();
        Admin.assign(user, "enterprise");
        return user;
    }

    @Test
    void rejectsAnUnknownLimitANegativeValueAndAMismatchedName() {
        asAdmin()
                .body(Map.of("limits", Map.of("execs_per_hour", 5)))
                .put("/v1/admin/plans/pro")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("execs_per_hour"));
        asAdmin()
                .body(Map.of("limits", Map.of("execs_per_day", -1)))
                .put("/v1/admin/plans/pro")
                .then()
                .statusCode(400)
                .body("detail", containsString(">= 0"));
        asAdmin()
                .body(Map.of("name", "enterprise", "limits", Map.of()))
                .put("/v1/admin/plans/pro")
                .then()
                .statusCode(400)
                .body("detail", containsString("path"));
        asAdmin()
                .body(Map.of("limits", Map.of()))
                .put("/v1/admin/plans/no spaces!")
                .then()
                .statusCode(400);
    }

    @Test
    void answersMalformedJsonWithAProblemThatNamesNoClass() {
        asAdmin()
                .body("{\"limits\": {\"execs_per_day\": \"many\"}}")
                .put("/v1/admin/plans/pro")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", not(containsString("java")))
                .body("detail", containsString("execs_per_day"));
        asAdmin()
                .body("{not json")
                .put("/v1/admin/plans/pro")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", not(containsString("java")));
    }

    @Test
    void returns404ForAnUnknownPlan() {
        asAdmin()
                .get("/v1/admin/plans/nonexistent")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("detail", containsString("nonexistent"));
        asAdmin()
                .body(Map.of("plan", "nonexistent"))
                .put("/v1/admin/users/bob/plan")
                .then()
                .statusCode(404);
    }

    @Test
    void putsUsersOnTheDefaultPlanUntilAnAdminAssignsOne() {
        String user = Events.newUser();
        asAdmin()
                .get("/v1/admin/users/" + user + "/plan")
                .then()
                .statusCode(200)
                .body("plan", equalTo("free"))
                .body("assigned", equalTo(false));
        given().get("/internal/v1/users/" + user + "/plan")
                .then()
                .statusCode(200)
                .header("Cache-Control", containsString("max-age=5"))
                .body("name", equalTo("free"));

        asAdmin()
                .body(Map.of("plan", "pro"))
                .put("/v1/admin/users/" + user + "/plan")
                .then()
                .statusCode(200)
                .body("userId", equalTo(user))
                .body("plan", equalTo("pro"))
                .body("assigned", equalTo(true));

        given().get("/internal/v1/users/" + user + "/plan")
                .then()
                .body("name", equalTo("pro"))
                .body("limits.keySet()", org.hamcrest.Matchers.hasItems(ALL_LIMITS.toArray(new String[0])));
        asUser(user).get("/v1/usage").then().statusCode(200).body("plan", equalTo("pro"));
    }

    @Test
    void rejectsAnAssignmentWithoutAPlan() {
        asAdmin()
                .contentType(ContentType.JSON)
                .body("{}")
                .put("/v1/admin/users/carol/plan")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
    }
}
