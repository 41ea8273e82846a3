package dev.shellbox.vfs;

import static dev.shellbox.vfs.Volumes.files;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Bad input to the Files API is a 400 problem+json naming what is wrong, never an empty page, a silent default, or a
 * 404 that names this service's paths; and every 4xx, the framework's own included, has a problem+json body.
 */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(UsagePlanStub.class)
class StrictInputTest {
    @Test
    void returns400NamingLimitWhenItIsNotANumber() {
        String v = Volumes.create();
        given().queryParam("path", "/workspace")
                .queryParam("limit", "abc")
                .get(files(v) + "/list")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("parameter", equalTo("limit"))
                .body("expected", equalTo("an integer"))
                .body("detail", containsString("limit"));
    }

    @Test
    void returns400NamingRecursiveWhenItIsNotABoolean() {
        String v = Volumes.create();
        given().queryParam("path", "/workspace")
                .queryParam("recursive", "maybe")
                .get(files(v) + "/list")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("parameter", equalTo("recursive"))
                .body("detail", containsString("true or false"));
    }

    @Test
    void returns400NamingTheCursorWhenItWasNotIssuedByAListing() {
        String v = Volumes.create();
        given().queryParam("path", "/")
                .queryParam("cursor", "garbage")
                .get(files(v) + "/list")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("parameter", equalTo("cursor"))
                .body("errno", equalTo("EINVAL"));
    }

    @Test
    void returns400WhenAnUploadIsNotATarArchive() {
        String v = Volumes.create();
        given().queryParam("path", "/workspace/unpacked")
                .contentType("application/octet-stream")
                .body("just some text, not an archive\n".getBytes(StandardCharsets.UTF_8))
                .post(files(v) + "/upload")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("errno", equalTo("EINVAL"))
                .body("detail", containsString("not a tar or tar.gz archive"));
    }

    @Test
    void returns400WhenAGzipUploadIsCorrupt() {
        String v = Volumes.create();
        byte[] corrupt = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3, 4, 5};
        given().queryParam("path", "/workspace/unpacked")
                .contentType("application/octet-stream")
                .body(corrupt)
                .post(files(v) + "/upload")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("errno", equalTo("EINVAL"));
    }

    @Test
    void answersAnUnknownPathAndAWrongMethodWithProblems() {
        given().get("/nothing-here")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("status", equalTo(404))
                .body("instance", equalTo("/nothing-here"));
        String v = Volumes.create();
        given().queryParam("path", "/workspace")
                .patch(files(v))
                .then()
                .statusCode(405)
                .contentType("application/problem+json")
                .body("status", equalTo(405));
    }

    @Test
    void answersAnUnsupportedBodyTypeWithAProblem() {
        given().contentType("text/plain")
                .body("volumeId=x")
                .post("/internal/v1/volumes")
                .then()
                .statusCode(415)
                .contentType("application/problem+json")
                .body("detail", containsString("text/plain"));
    }

    @Test
    void returns400NamingTheFieldOfAWrongJsonType() {
        given().contentType("application/json")
                .body("{\"volumeId\": 5, \"userId\": \"u\"}")
                .post("/internal/v1/volumes")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/volumeId"))
                .body("expected", equalTo("a string"));
    }

    @Test
    void answers416WithAProblemAndTheContentRange() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/small.txt", "0123456789").then().statusCode(200);
        given().queryParam("path", "/workspace/small.txt")
                .header("Range", "bytes=50-60")
                .get(files(v))
                .then()
                .statusCode(416)
                .contentType("application/problem+json")
                .header("Content-Range", equalTo("bytes */10"))
                .body("errno", equalTo("EINVAL"));
    }
}
