package dev.shellbox.sandbox;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;

/** Requests as the gateway forwards them: with the caller in X-Shellbox-User. */
final class Requests {
    private Requests() {}

    static RequestSpecification as(String user) {
        return given().header("X-Shellbox-User", user).contentType(ContentType.JSON);
    }

    static String createSandbox(String user, String body) {
        return as(user).body(body)
                .post("/v1/sandboxes")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    static ValidatableResponse exec(String user, String sandbox, String command) {
        return as(user).body(java.util.Map.of("command", command))
                .post("/v1/sandboxes/" + sandbox + "/exec")
                .then()
                .statusCode(200);
    }
}
