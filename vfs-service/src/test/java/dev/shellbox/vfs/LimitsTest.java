package dev.shellbox.vfs;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(UsagePlanStub.class)
class LimitsTest {
    /** {@code %test.vfs.limits.max-file-bytes}. */
    static final int MAX_FILE_BYTES = 20_000_000;

    @Test
    void writesOverThePlansStorageLimitFailWithEnospcNamingTheLimit() {
        String v = Volumes.create("tiny-" + UUID.randomUUID());
        Volumes.put(v, "/workspace/a.bin", Volumes.random(51, 30_000)).then().statusCode(200);
        Volumes.put(v, "/workspace/b.bin", Volumes.random(52, 30_000))
                .then()
                .statusCode(413)
                .contentType("application/problem+json")
                .body("errno", equalTo("ENOSPC"))
                .body("limit", equalTo("storage_bytes"))
                .body("plan", equalTo("tiny"))
                .body("maximum", equalTo((int) UsagePlanStub.TINY_BYTES))
                .body("current", equalTo(60_000))
                .body("detail", containsString("/workspace/b.bin"));
        given().queryParam("path", "/workspace/b.bin")
                .get(Volumes.files(v))
                .then()
                .statusCode(404);
        Volumes.put(v, "/workspace/a.bin", Volumes.random(53, 40_000)).then().statusCode(200);
    }

    @Test
    void aVolumeOverItsLimitCanStillShrink() {
        String v = Volumes.create("tiny-" + UUID.randomUUID());
        Volumes.put(v, "/workspace/a.bin", Volumes.random(54, 45_000)).then().statusCode(200);
        given().queryParam("path", "/workspace/a.bin")
                .delete(Volumes.files(v))
                .then()
                .statusCode(200);
        Volumes.put(v, "/workspace/c.bin", Volumes.random(55, 45_000)).then().statusCode(200);
    }

    @Test
    void copiesCountAgainstTheLimit() {
        String v = Volumes.create("tiny-" + UUID.randomUUID());
        Volumes.put(v, "/workspace/a.bin", Volumes.random(56, 30_000)).then().statusCode(200);
        given().queryParam("from", "/workspace/a.bin")
                .queryParam("to", "/workspace/a2.bin")
                .post(Volumes.files(v) + "/copy")
                .then()
                .statusCode(413)
                .body("errno", equalTo("ENOSPC"));
    }

    @Test
    void fallsBackToTheConfiguredLimitVisiblyWhenUsageServiceFails() {
        double before = fallbacks();
        String v = Volumes.create("broken-" + UUID.randomUUID());
        Volumes.put(v, "/workspace/a.bin", Volumes.random(57, 80_000)).then().statusCode(200);
        assertThat(fallbacks()).isGreaterThan(before);
    }

    @Test
    void refusesFilesLargerThanTheFileLimitWithEfbig() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/huge", new byte[MAX_FILE_BYTES + 1])
                .then()
                .statusCode(413)
                .body("errno", equalTo("EFBIG"))
                .body("limit", equalTo("file_bytes"));
        given().queryParam("path", "/workspace/huge")
                .get(Volumes.files(v))
                .then()
                .statusCode(404);
    }

    static double fallbacks() {
        String metrics =
                given().get("/q/metrics").then().statusCode(200).extract().asString();
        return metrics.lines()
                .filter(l -> l.startsWith("vfs_plan_fallbacks_total"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
                .sum();
    }
}
