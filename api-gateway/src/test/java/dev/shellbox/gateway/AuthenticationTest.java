package dev.shellbox.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class AuthenticationTest {
    static final String ADMIN = "Bearer sbx_TestBootstrapAdminKey0123456789abcdef";

    @Test
    void answers401WithProblemAndChallengeWhenCredentialsAreMissing() {
        given().when()
                .get("/v1/sandboxes")
                .then()
                .statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", startsWith("Bearer"))
                .body("status", equalTo(401))
                .body("detail", containsString("missing credentials"));
    }

    @Test
    void answers401ForAMalformedOrUnknownKey() {
        given().header("Authorization", "Basic dXNlcjpwYXNz")
                .get("/v1/sandboxes")
                .then()
                .statusCode(401)
                .body("detail", containsString("Bearer"));
        given().header("Authorization", "Bearer sbx_short")
                .get("/v1/sandboxes")
                .then()
                .statusCode(401);
        given().header("Authorization", "Bearer sbx_UnknownKey0000000000000000000000000000")
                .get("/v1/sandboxes")
                .then()
                .statusCode(401)
                .body("detail", containsString("unknown or revoked"));
    }

    @Test
    void answers401ForATokenThatIsNotAValidJwt() {
        given().header("Authorization", "Bearer not-a-jwt")
                .get("/v1/plans")
                .then()
                .statusCode(401);
    }

    @Test
    void answers404ProblemForAnUnknownEndpoint() {
        given().header("Authorization", ADMIN)
                .get("/v1/nothing-here")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("detail", containsString("no such endpoint"));
    }

    @Test
    void issuesAKeyOnceStoresOnlyItsHashAndRevokesIt() {
        String key = given().header("Authorization", ADMIN)
                .contentType(ContentType.JSON)
                .body("{\"user\":\"alice\",\"name\":\"laptop\"}")
                .post("/v1/admin/api-keys")
                .then()
                .statusCode(201)
                .body("key", startsWith("sbx_"))
                .body("user", equalTo("alice"))
                .body("roles", hasItem("user"))
                .extract()
                .path("key");
        String id = given().header("Authorization", ADMIN)
                .get("/v1/admin/api-keys?user=alice")
                .then()
                .statusCode(200)
                .body("[0].name", equalTo("laptop"))
                .body("[0]", not(org.hamcrest.Matchers.hasKey("key")))
                .extract()
                .path("[0].id");

        // The new key authenticates, but is not an admin.
        given().header("Authorization", "Bearer " + key)
                .get("/v1/admin/api-keys")
                .then()
                .statusCode(403)
                .contentType("application/problem+json")
                .body("detail", containsString("admin role"));

        given().header("Authorization", ADMIN)
                .delete("/v1/admin/api-keys/" + id)
                .then()
                .statusCode(204);
        given().header("Authorization", "Bearer " + key)
                .get("/v1/admin/api-keys")
                .then()
                .statusCode(401)
                .body("detail", containsString("unknown or revoked"));
    }

    @Test
    void rejectsInvalidKeyRequestsWithAnActionableMessage() {
        given().header("Authorization", ADMIN)
                .contentType(ContentType.JSON)
                .body("{\"user\":\"bob\"}")
                .post("/v1/admin/api-keys")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("name"));
        given().header("Authorization", ADMIN)
                .contentType(ContentType.JSON)
                .body("{\"user\":\"bob\",\"name\":\"x\",\"roles\":[\"root\"]}")
                .post("/v1/admin/api-keys")
                .then()
                .statusCode(400)
                .body("detail", containsString("roles"));
        given().header("Authorization", ADMIN)
                .contentType(ContentType.JSON)
                .body("{not json")
                .post("/v1/admin/api-keys")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
    }

    @Test
    void answers503WhenTheServiceBehindIsDown() {
        // No usage-service runs in this test: a routed request must fail fast with a problem, never hang.
        given().header("Authorization", ADMIN)
                .get("/v1/plans")
                .then()
                .statusCode(503)
                .contentType("application/problem+json")
                .body("detail", containsString("usage-service"));
    }
}
