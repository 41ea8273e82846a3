package dev.shellbox.sandbox;

import static dev.shellbox.sandbox.Requests.as;
import static dev.shellbox.sandbox.Requests.createSandbox;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import dev.shellbox.platform.testing.PostgresTestResource;
import dev.shellbox.platform.testing.ServiceProcessTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(
        value = ServiceProcessTestResource.class,
        initArgs = {
            @ResourceArg(name = "module", value = "vfs-service"),
            @ResourceArg(name = "portVariable", value = "SHELLBOX_VFS_PORT"),
            @ResourceArg(name = "urlProperty", value = "quarkus.rest-client.vfs.url")
        })
class SandboxLifecycleTest {

    @Test
    void createsOrReturnsASandboxByName() {
        String id = createSandbox("lc-alice", "{\"name\":\"dev\",\"labels\":{\"team\":\"x\"},\"env\":{\"A\":\"1\"}}");
        as("lc-alice")
                .body("{\"name\":\"dev\"}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(200)
                .body("id", equalTo(id))
                .body("state", equalTo("running"))
                .body("labels.team", equalTo("x"))
                .body("provider", equalTo("local"))
                .body("network", equalTo(false));
        String other = createSandbox("lc-bob", "{\"name\":\"dev\"}");
        org.assertj.core.api.Assertions.assertThat(other).isNotEqualTo(id);
    }

    @Test
    void listsTheCallersSandboxesFilteredByLabelAndState() {
        String a = createSandbox("lc-carol", "{\"labels\":{\"env\":\"ci\"}}");
        createSandbox("lc-carol", "{\"labels\":{\"env\":\"dev\"}}");
        as("lc-carol")
                .get("/v1/sandboxes?label=env=ci")
                .then()
                .statusCode(200)
                .body("id", hasSize(1))
                .body("[0].id", equalTo(a));
        as("lc-carol")
                .post("/v1/sandboxes/" + a + "/pause")
                .then()
                .statusCode(200)
                .body("state", equalTo("paused"));
        as("lc-carol").get("/v1/sandboxes?state=paused").then().body("id", hasSize(1));
        as("lc-dan").get("/v1/sandboxes").then().body("$", hasSize(0));
    }

    @Test
    void anotherUsersSandboxIsNotFound() {
        String id = createSandbox("lc-erin", "{}");
        as("lc-frank").get("/v1/sandboxes/" + id).then().statusCode(404).contentType("application/problem+json");
        as("lc-frank").delete("/v1/sandboxes/" + id).then().statusCode(404);
        as("lc-frank")
                .body("{\"command\":\"ls\"}")
                .post("/v1/sandboxes/" + id + "/exec")
                .then()
                .statusCode(404);
    }

    @Test
    void pausesResumesAndDestroys() {
        String id = createSandbox("lc-gina", "{}");
        as("lc-gina")
                .post("/v1/sandboxes/" + id + "/pause")
                .then()
                .statusCode(200)
                .body("state", equalTo("paused"));
        as("lc-gina")
                .post("/v1/sandboxes/" + id + "/resume")
                .then()
                .statusCode(200)
                .body("state", equalTo("running"));
        as("lc-gina").delete("/v1/sandboxes/" + id).then().statusCode(204);
        as("lc-gina").get("/v1/sandboxes/" + id).then().statusCode(404);
        // The name is free again once its sandbox is destroyed.
        createSandbox("lc-gina", "{\"name\":\"reused\"}");
    }

    @Test
    void aPausedSandboxResumesOnItsNextExec() {
        String id = createSandbox("lc-hal", "{}");
        Requests.exec("lc-hal", id, "echo kept > /workspace/f.txt");
        as("lc-hal").post("/v1/sandboxes/" + id + "/pause").then().statusCode(200);
        Requests.exec("lc-hal", id, "cat /workspace/f.txt").body("stdout", equalTo("kept\n"));
        as("lc-hal").get("/v1/sandboxes/" + id).then().body("state", equalTo("running"));
    }

    @Test
    void anIdleSandboxPausesItself() {
        String id = createSandbox("lc-ivy", "{\"idleTimeoutSeconds\":10}");
        Awaitility.await()
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofSeconds(1))
                .untilAsserted(
                        () -> as("lc-ivy").get("/v1/sandboxes/" + id).then().body("state", equalTo("paused")));
    }

    @Test
    void rejectsBadInputWithActionableProblems() {
        as("lc-jo")
                .body("{\"name\":\"bad name!\"}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("name"));
        as("lc-jo")
                .body("{\"provider\":\"vmware\"}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(400)
                .body("detail", containsString("in-process"));
        as("lc-jo")
                .body("{\"idleTimeoutSeconds\":1}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(400);
        as("lc-jo")
                .body("{\"env\":{\"1BAD\":\"x\"}}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(400);
        as("lc-jo").body("{\"name\":").post("/v1/sandboxes").then().statusCode(400);
        io.restassured.RestAssured.given()
                .get("/v1/sandboxes")
                .then()
                .statusCode(401)
                .contentType("application/problem+json");
    }
}
