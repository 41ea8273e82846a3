package dev.shellbox.usage;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class ServiceEndpointsTest {
    @Test
    void reportsHealthyWithItsDatabase() {
        given().when()
                .get("/q/health")
                .then()
                .statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", org.hamcrest.Matchers.hasItem(containsString("Reactive PostgreSQL")));
    }

    @Test
    void reportsItsCountersReadyAndItsConsumerAlive() {
        given().when()
                .get("/q/health/ready")
                .then()
                .statusCode(200)
                .body("checks.name", org.hamcrest.Matchers.hasItem("quota counters"));
        given().when()
                .get("/q/health/live")
                .then()
                .statusCode(200)
                .body("checks.name", org.hamcrest.Matchers.hasItem("usage consumer"));
    }

    @Test
    void answersAnUnknownPathWithAProblem() {
        given().header("X-Shellbox-User", "someone")
                .when()
                .get("/v1/nothing-here")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("status", equalTo(404))
                .body("instance", equalTo("/v1/nothing-here"));
    }

    @Test
    void servesItsOpenApiDocument() {
        given().accept("application/json")
                .when()
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .body("info.title", equalTo("Shellbox usage-service"));
    }

    @Test
    void exposesPrometheusMetrics() {
        given().when().get("/q/metrics").then().statusCode(200).body(containsString("jvm_memory_used_bytes"));
    }
}
