package dev.shellbox.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class ServiceEndpointsTest {
    @TestHTTPResource(value = "/health", management = true)
    URL health;

    @TestHTTPResource(value = "/metrics", management = true)
    URL metrics;

    @Test
    void reportsHealthyWithItsDatabase() {
        given().when()
                .get(health)
                .then()
                .statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", org.hamcrest.Matchers.hasItem(containsString("Reactive PostgreSQL")));
    }

    @Test
    void servesItsOpenApiDocument() {
        given().accept("application/json")
                .when()
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .body("info.title", equalTo("Shellbox API"));
    }

    @Test
    void exposesPrometheusMetrics() {
        given().when().get(metrics).then().statusCode(200).body(containsString("jvm_memory_used_bytes"));
    }
}
