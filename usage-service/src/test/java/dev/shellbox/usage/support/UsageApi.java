package dev.shellbox.usage.support;

import static io.restassured.RestAssured.given;

import io.restassured.path.json.JsonPath;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/** Reads {@code GET /v1/usage} as a user. */
public final class UsageApi {
    private UsageApi() {}

    public static JsonPath usage(String user, LocalDate from, LocalDate to) {
        return given().header("X-Shellbox-User", user)
                .queryParam("from", from.toString())
                .queryParam("to", to.toString())
                .when()
                .get("/v1/usage")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** One day's total of a daily limit, 0 when the day had no usage. */
    public static long total(String user, LocalDate day, String limit) {
        List<Map<String, Object>> days = usage(user, day, day).getList("days");
        if (days.isEmpty()) {
            return 0;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> totals = (Map<String, Object>) days.get(0).get("totals");
        return ((Number) totals.get(limit)).longValue();
    }

    /** One day's row of one operation, or null. */
    public static Map<String, Object> operation(String user, LocalDate day, String operation) {
        List<Map<String, Object>> days = usage(user, day, day).getList("days");
        if (days.isEmpty()) {
            return null;
        }
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> operations =
                (List<Map<String, Object>>) days.get(0).get("operations");
        return operations.stream()
                .filter(o -> operation.equals(o.get("operation")))
                .findFirst()
                .orElse(null);
    }
}
