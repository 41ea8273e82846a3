package dev.shellbox.usage;

import static dev.shellbox.usage.support.Admin.asAdmin;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * JSON is read as written: a wrong type, a missing required field, an unknown field or text that is not JSON is a 400
 * problem+json naming where (a JSON pointer, or the line and column). These bodies would otherwise meet Quarkus's own
 * mapper for Jackson's errors, which answers an empty 400: each test also pins that ours answers.
 */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class StrictInputTest {
    @Test
    void returns400NamingLimitsWhenAPlanPutHasNone() {
        asAdmin()
                .body("{\"name\": \"pro\"}")
                .put("/v1/admin/plans/pro")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/limits"))
                .body("detail", containsString("required"));
    }

    @Test
    void returns400ForAFractionWhereALimitNeedsAnInteger() {
        asAdmin()
                .body("{\"limits\": {\"execs_per_day\": 1.5}}")
                .put("/v1/admin/plans/pro")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/limits/execs_per_day"))
                .body("expected", equalTo("an integer"));
    }

    @Test
    void returns400ForANumberWrittenAsAString() {
        asAdmin()
                .body("{\"limits\": {\"execs_per_day\": \"10\"}}")
                .put("/v1/admin/plans/pro")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/limits/execs_per_day"))
                .body("detail", containsString("got a string"));
    }

    @Test
    void returns400NamingAnUnknownField() {
        asAdmin()
                .body("{\"limits\": {}, \"limtis\": {}}")
                .put("/v1/admin/plans/pro")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/limtis"))
                .body("detail", containsString("unknown field 'limtis'"));
    }

    @Test
    void returns400WhenTheBodyIsAnArrayInsteadOfAnObject() {
        asAdmin()
                .body("[1, 2]")
                .put("/v1/admin/plans/pro")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo(""))
                .body("expected", equalTo("an object"))
                .body("detail", containsString("got an array"));
    }

    @Test
    void returns400WithLineAndColumnForMalformedJson() {
        asAdmin()
                .body("{\n  \"limits\": {\n    \"execs_per_day\" 5\n  }\n}")
                .put("/v1/admin/plans/pro")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("line", equalTo(3))
                .body("column", equalTo(21))
                .body("detail", containsString("line 3"));
    }

    @Test
    void returns400NamingAMissingPlanInAnAssignment() {
        asAdmin()
                .body("{}")
                .put("/v1/admin/users/carol/plan")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/plan"));
    }
}
