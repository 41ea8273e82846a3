package dev.shellbox.sandbox;

import static dev.shellbox.sandbox.Requests.as;
import static dev.shellbox.sandbox.Requests.createSandbox;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.shellbox.platform.testing.PostgresTestResource;
import dev.shellbox.platform.testing.ServiceProcessTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** Requests of the wrong shape are refused with a 400 naming the field; nothing is coerced into shape. */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(
        value = ServiceProcessTestResource.class,
        initArgs = {
            @ResourceArg(name = "module", value = "vfs-service"),
            @ResourceArg(name = "portVariable", value = "SHELLBOX_VFS_PORT"),
            @ResourceArg(name = "urlProperty", value = "quarkus.rest-client.vfs.url")
        })
class StrictInputTest {
    @Test
    void returns400WhenANameIsANumber() {
        as("strict-a")
                .body("{\"name\": 5}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/name"))
                .body("expected", equalTo("a string"))
                .body("detail", containsString("got the number 5"));
    }

    @Test
    void returns400WhenNetworkIsNotABoolean() {
        as("strict-a")
                .body("{\"network\": \"yes\"}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/network"))
                .body("expected", containsString("boolean"));
    }

    @Test
    void returns400ListingTheProvidersThisInstallationRuns() {
        as("strict-a")
                .body("{\"provider\": \"docker\"}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/provider"))
                .body("detail", containsString("'docker' cannot run on this installation"))
                .body("detail", containsString("in-process, local"));
    }

    @Test
    void returns400NamingAnUnknownFieldOfACreate() {
        as("strict-a")
                .body("{\"nmae\": \"x\"}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/nmae"));
    }

    @Test
    void returns400WhenACommandIsANumberOrMissingOrTheTimeoutIsNotAnInteger() {
        String sandbox = createSandbox("strict-b", "{}");
        String exec = "/v1/sandboxes/" + sandbox + "/exec";
        as("strict-b")
                .body("{\"command\": 123}")
                .post(exec)
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/command"));
        as("strict-b")
                .body("{\"cwd\": \"/workspace\"}")
                .post(exec)
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/command"))
                .body("detail", containsString("required"));
        as("strict-b")
                .body("{\"command\": \"echo hi\", \"timeoutMs\": 1.5}")
                .post(exec)
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/timeoutMs"))
                .body("expected", equalTo("an integer"));
        as("strict-b")
                .body("{\"command\": \"echo hi\", \"timeoutMs\": \"abc\"}")
                .post(exec + "/stream")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/timeoutMs"));
    }
}
