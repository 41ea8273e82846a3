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

/** Metrics and health live on the management interface; the port users call answers them like any unknown path. */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class ManagementInterfaceTest {
    @TestHTTPResource(value = "/metrics", management = true)
    URL metrics;

    @TestHTTPResource(value = "/health/ready", management = true)
    URL ready;

    @Test
    void answersMetricsOnThePublicPortWithA404Problem() {
        given().get("/q/metrics")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("status", equalTo(404))
                .body("instance", equalTo("/q/metrics"));
    }

    @Test
    void answersHealthOnThePublicPortWithA404Problem() {
        given().get("/q/health/ready")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("instance", equalTo("/q/health/ready"));
    }

    @Test
    void servesMetricsOnTheManagementPort() {
        given().get(metrics).then().statusCode(200).body(containsString("jvm_memory_used_bytes"));
    }

    @Test
    void servesHealthOnTheManagementPort() {
        given().get(ready).then().statusCode(200).body("status", equalTo("UP"));
    }
}
