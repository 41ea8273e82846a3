package dev.shellbox.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** What the gateway answers itself, before any service: every 4xx with a problem+json body. */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class ProblemAnswersTest {
    @Test
    void answers414WithAProblemForAnOverlongUrl() {
        given().header("Authorization", AuthenticationTest.ADMIN)
                .queryParam("path", "/workspace/" + "a".repeat(9000))
                .get("/v1/sandboxes/sb-x/files")
                .then()
                .statusCode(414)
                .contentType("application/problem+json")
                .body("status", equalTo(414))
                .body("title", equalTo("URI Too Long"))
                .body("detail", containsString("8192"));
    }

    @Test
    void answers431WithAProblemForOverlargeHeaders() {
        given().header("Authorization", AuthenticationTest.ADMIN)
                .header("X-Padding", "p".repeat(25_000))
                .get("/v1/sandboxes")
                .then()
                .statusCode(431)
                .contentType("application/problem+json")
                .body("status", equalTo(431));
    }

    @Test
    void answersAnUnknownPathOutsideTheApiWithAProblem() {
        given().get("/nothing-here")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("instance", equalTo("/nothing-here"));
    }

    @Test
    void answersAWrongMethodWithAProblemAndAllow() {
        given().header("Authorization", AuthenticationTest.ADMIN)
                .patch("/v1/sandboxes")
                .then()
                .statusCode(405)
                .contentType("application/problem+json")
                .header("Allow", containsString("POST"));
    }

    @Test
    void answersWrongJsonTypesOfItsOwnEndpointsWithAProblemNamingTheField() {
        given().header("Authorization", AuthenticationTest.ADMIN)
                .contentType("application/json")
                .body("{\"user\": 5, \"name\": \"k\"}")
                .post("/v1/admin/api-keys")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/user"))
                .body("instance", equalTo("/v1/admin/api-keys"));
        given().header("Authorization", AuthenticationTest.ADMIN)
                .contentType("application/json")
                .body("{\"name\": \"k\"}")
                .post("/v1/admin/api-keys")
                .then()
                .statusCode(400)
                .body("pointer", equalTo("/user"));
    }
}
