package dev.shellbox.usage.support;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import java.util.UUID;

/** Requests as the gateway forwards them for an admin, and quota checks as the services make them. */
public final class Admin {
    private Admin() {}

    public static RequestSpecification asAdmin() {
        return given().header("X-Shellbox-User", "admin-1")
                .header("X-Shellbox-Roles", "user,admin")
                .contentType(ContentType.JSON);
    }

    public static RequestSpecification asUser(String user) {
        return given().header("X-Shellbox-User", user)
                .header("X-Shellbox-Roles", "user")
                .contentType(ContentType.JSON);
    }

    /** Defines a new plan with the given limits (the others from the default plan) and returns its name. */
    public static String definePlan(Map<String, Long> limits) {
        String name = "plan-" + UUID.randomUUID().toString().substring(0, 8);
        asAdmin()
                .body(Map.of("name", name, "limits", limits))
                .when()
                .put("/v1/admin/plans/" + name)
                .then()
                .statusCode(201);
        return name;
    }

    public static void assign(String user, String plan) {
        asAdmin()
                .body(Map.of("plan", plan))
                .when()
                .put("/v1/admin/users/" + user + "/plan")
                .then()
                .statusCode(200);
    }

    public static io.restassured.response.Response check(String user, String limit, long amount) {
        return given().contentType(ContentType.JSON)
                .body(Map.of("userId", user, "limit", limit, "amount", amount))
                .when()
                .post("/internal/v1/quota/check");
    }
}
