package dev.shellbox.usage;

import static dev.shellbox.usage.support.Admin.asAdmin;
import static dev.shellbox.usage.support.Admin.asUser;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.platform.testing.PostgresTestResource;
import dev.shellbox.usage.support.Events;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The HTTP server metrics name requests by their path templates: no user or plan becomes a series of its own. */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class MetricUrisTest {
    private static final Pattern URI = Pattern.compile("uri=\"([^\"]*)\"");

    @Test
    void tagsRequestsForTwoUsersWithOneTemplateAndNeitherUser() {
        String first = Events.newUser();
        String second = Events.newUser();
        for (String user : List.of(first, second)) {
            asAdmin().get("/v1/admin/users/" + user + "/plan").then().statusCode(200);
            asUser(user).get("/v1/admin/users/" + user + "/plan").then().statusCode(403);
            given().get("/v1/admin/users/" + user + "/plan").then().statusCode(401);
            asAdmin().post("/v1/admin/users/" + user + "/plan").then().statusCode(405);
            asAdmin().get("/v1/admin/plans/" + user).then().statusCode(404);
            given().get("/internal/v1/users/" + user + "/plan").then().statusCode(200);
        }

        List<String> series = requestSeries();
        assertThat(series).noneMatch(line -> line.contains(first) || line.contains(second));
        assertThat(series.stream().map(MetricUrisTest::uri))
                .contains("/v1/admin/users/{user}/plan", "/internal/v1/users/{userId}/plan");
    }

    /** The series of http_server_requests_seconds_count, one line each. */
    private static List<String> requestSeries() {
        String metrics =
                given().get("/q/metrics").then().statusCode(200).extract().asString();
        return metrics.lines()
                .filter(line -> line.startsWith("http_server_requests_seconds_count{"))
                .toList();
    }

    private static String uri(String series) {
        Matcher m = URI.matcher(series);
        return m.find() ? m.group(1) : "";
    }
}
