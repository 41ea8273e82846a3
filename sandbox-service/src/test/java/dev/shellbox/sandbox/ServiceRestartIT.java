package dev.shellbox.sandbox;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.shellbox.platform.testing.ServiceProcess;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The packaged service, stopped and started again: sandboxes, their files and their state are still there. */
class ServiceRestartIT {
    private static final String USER = "restart-user";
    private static ServiceProcess vfs;
    private static ServiceProcess sandboxes;

    @BeforeAll
    static void start() {
        vfs = new ServiceProcess("vfs-service", "SHELLBOX_VFS_PORT", Map.of()).startFresh();
        sandboxes = new ServiceProcess(
                        "sandbox-service",
                        "SHELLBOX_SANDBOX_PORT",
                        Map.of(
                                "SHELLBOX_VFS_URL", vfs.url(),
                                "SHELLBOX_USAGE_URL", "http://127.0.0.1:1",
                                "SHELLBOX_DEFAULT_PROVIDER", "in-process"))
                .startFresh();
    }

    @AfterAll
    static void stop() {
        if (sandboxes != null) {
            sandboxes.stop();
        }
        if (vfs != null) {
            vfs.stop();
        }
    }

    @Test
    void sandboxesAndTheirFilesSurviveARestart() {
        String kept = as().body("{\"name\":\"kept\",\"labels\":{\"k\":\"v\"}}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        String paused = as().body("{}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        exec(kept, "mkdir -p /workspace/src && printf 'survives\\n' > /workspace/src/note.txt")
                .body("exitCode", equalTo(0));
        as().post("/v1/sandboxes/" + paused + "/pause").then().statusCode(200);

        sandboxes.stop();
        sandboxes.start();

        as().get("/v1/sandboxes/" + kept)
                .then()
                .statusCode(200)
                .body("state", equalTo("running"))
                .body("labels.k", equalTo("v"));
        as().get("/v1/sandboxes/" + paused).then().statusCode(200).body("state", equalTo("paused"));
        as().body("{\"name\":\"kept\"}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(200)
                .body("id", equalTo(kept));
        exec(kept, "cat /workspace/src/note.txt").body("stdout", equalTo("survives\n"));
        exec(paused, "echo resumed").body("stdout", equalTo("resumed\n"));
        as().get("/v1/sandboxes/" + paused).then().body("state", equalTo("running"));
    }

    private static RequestSpecification as() {
        return given().baseUri(sandboxes.url()).header("X-Shellbox-User", USER).contentType(ContentType.JSON);
    }

    private static io.restassured.response.ValidatableResponse exec(String id, String command) {
        return as().body(Map.of("command", command))
                .post("/v1/sandboxes/" + id + "/exec")
                .then()
                .statusCode(200);
    }
}
