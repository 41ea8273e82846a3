package dev.shellbox.gateway;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The gateway routes every path under /v1 itself; its HTTP server metrics still name requests by the endpoint's
 * template, so that no sandbox, user or plan becomes a series of its own.
 */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class MetricUrisTest {
    private static final Pattern URI = Pattern.compile("uri=\"([^\"]*)\"");

    @TestHTTPResource(value = "/metrics", management = true)
    URL metrics;

    @Test
    void tagsExecsInTwoSandboxesWithOneTemplateAndNeitherId() {
        for (String sandbox : List.of("sb-metrics-first", "sb-metrics-second")) {
            // Unauthenticated: 401. As admin: the ownership check cannot reach sandbox-service here, 503.
            given().contentType("application/json")
                    .body("{\"command\":\"true\"}")
                    .post("/v1/sandboxes/" + sandbox + "/exec")
                    .then()
                    .statusCode(401);
            given().header("Authorization", AuthenticationTest.ADMIN)
                    .contentType("application/json")
                    .body("{\"command\":\"true\"}")
                    .post("/v1/sandboxes/" + sandbox + "/exec")
                    .then()
                    .statusCode(503);
            given().header("Authorization", AuthenticationTest.ADMIN)
                    .patch("/v1/sandboxes/" + sandbox + "/exec")
                    .then()
                    .statusCode(405);
            given().header("Authorization", AuthenticationTest.ADMIN)
                    .queryParam("path", "/workspace/" + "a".repeat(9000))
                    .get("/v1/sandboxes/" + sandbox + "/files")
                    .then()
                    .statusCode(414);
        }

        List<String> series = requestSeries();
        assertNoSeriesNames("sb-metrics-", series);
        assertEquals(
                List.of("/v1/sandboxes/{id}/exec"),
                series.stream()
                        .filter(line -> line.contains("method=\"POST\"") && line.contains("/exec\""))
                        .map(MetricUrisTest::uri)
                        .distinct()
                        .toList());
    }

    @Test
    void tagsAnAdminRequestForAUserWithTheTemplate() {
        given().header("Authorization", "Bearer sbx_UnknownKey0000000000000000000000000000")
                .get("/v1/admin/users/metrics-user-1/plan")
                .then()
                .statusCode(401);

        List<String> series = requestSeries();
        assertNoSeriesNames("metrics-user-1", series);
        assertTrue(
                series.stream().map(MetricUrisTest::uri).anyMatch("/v1/admin/users/{user}/plan"::equals),
                series.toString());
    }

    private static void assertNoSeriesNames(String id, List<String> series) {
        for (String line : series) {
            assertFalse(line.contains(id), line);
        }
    }

    @Test
    void tagsTheRevocationOfAKeyWithTheTemplateTheGatewayRoutesItBy() {
        given().header("Authorization", AuthenticationTest.ADMIN)
                .delete("/v1/admin/api-keys/0b8e8c4e-6f5e-4d7b-9a39-000000000042")
                .then()
                .statusCode(404);

        List<String> series = requestSeries();
        assertNoSeriesNames("0b8e8c4e", series);
        assertTrue(
                series.stream().map(MetricUrisTest::uri).anyMatch("/v1/admin/api-keys/{keyId}"::equals),
                series.toString());
    }

    /** The series of http_server_requests_seconds_count, one line each. */
    private List<String> requestSeries() {
        String text = given().get(metrics).then().statusCode(200).extract().asString();
        return text.lines()
                .filter(line -> line.startsWith("http_server_requests_seconds_count{"))
                .toList();
    }

    private static String uri(String series) {
        Matcher m = URI.matcher(series);
        return m.find() ? m.group(1) : "";
    }
}
