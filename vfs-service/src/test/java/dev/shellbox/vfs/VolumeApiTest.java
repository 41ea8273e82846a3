package dev.shellbox.vfs;

import static dev.shellbox.vfs.Volumes.files;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(UsagePlanStub.class)
class VolumeApiTest {

    @Test
    void createIsIdempotentForTheSameUserAndRefusedForAnother() {
        String id = "v-" + UUID.randomUUID();
        Map<String, String> body = Map.of("volumeId", id, "userId", "alice");
        given().contentType(ContentType.JSON)
                .body(body)
                .post("/internal/v1/volumes")
                .then()
                .statusCode(201);
        given().contentType(ContentType.JSON)
                .body(body)
                .post("/internal/v1/volumes")
                .then()
                .statusCode(200)
                .body("userId", equalTo("alice"))
                .body("files", equalTo(4));
        given().contentType(ContentType.JSON)
                .body(Map.of("volumeId", id, "userId", "mallory"))
                .post("/internal/v1/volumes")
                .then()
                .statusCode(409)
                .body("errno", equalTo("EEXIST"));
    }

    @Test
    void rejectsInvalidVolumeIds() {
        given().contentType(ContentType.JSON)
                .body(Map.of("volumeId", "snapshot:x", "userId", "u"))
                .post("/internal/v1/volumes")
                .then()
                .statusCode(400)
                .body("errno", equalTo("EINVAL"));
    }

    @Test
    void countsFilesAndBytes() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/a.txt", "12345").then().statusCode(200);
        Volumes.put(v, "/workspace/d/b.bin", Volumes.random(1, 100_000)).then().statusCode(200);
        given().get("/internal/v1/volumes/" + v)
                .then()
                .statusCode(200)
                .body("files", equalTo(7))
                .body("bytes", equalTo(100_005));
    }

    @Test
    void hidesAnotherUsersVolume() {
        String v = Volumes.create("owner-" + UUID.randomUUID());
        Volumes.put(v, "/workspace/a.txt", "x").then().statusCode(200);
        given().header("X-Shellbox-User", "someone-else")
                .queryParam("path", "/workspace/a.txt")
                .get(files(v))
                .then()
                .statusCode(404);
        given().header("X-Shellbox-User", "someone-else")
                .header("X-Shellbox-Roles", "user,admin")
                .queryParam("path", "/workspace/a.txt")
                .get(files(v))
                .then()
                .statusCode(200);
    }

    @Test
    void treeHasEveryEntryWithSmallFilesInline() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/p/small.txt", "tiny").then().statusCode(200);
        byte[] big = Volumes.random(2, 3 * 1024 * 1024);
        Volumes.put(v, "/workspace/p/big.bin", big).then().statusCode(200);
        JsonPath tree = given().queryParam("path", "/workspace")
                .get("/internal/v1/volumes/" + v + "/tree")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(tree.getList("entries.path"))
                .containsExactly("/workspace", "/workspace/p", "/workspace/p/big.bin", "/workspace/p/small.txt");
        assertThat(tree.getString("entries.find { it.path == '/workspace/p/small.txt' }.content"))
                .isEqualTo(Base64.getEncoder().encodeToString("tiny".getBytes(StandardCharsets.UTF_8)));
        assertThat(tree.getString("entries.find { it.path == '/workspace/p/big.bin' }.content"))
                .isNull();
        assertThat(tree.getString("entries.find { it.path == '/workspace/p/big.bin' }.sha256"))
                .isEqualTo(Volumes.sha256(big));
        assertThat(tree.getLong("version")).isEqualTo(CommitTest.version(v));
    }

    @Test
    void changeFeedListsWhatChangedSinceAVersion() {
        String v = Volumes.create();
        long base = CommitTest.version(v);
        Volumes.put(v, "/workspace/one.txt", "1").then().statusCode(200);
        Volumes.put(v, "/workspace/deep/two.txt", "2").then().statusCode(200);
        given().queryParam("path", "/workspace/one.txt").delete(files(v)).then().statusCode(200);
        given().queryParam("since", base)
                .get("/internal/v1/volumes/" + v + "/changes")
                .then()
                .statusCode(200)
                .body("version", equalTo((int) base + 3))
                .body("truncated", equalTo(false))
                .body("changed", equalTo(List.of("/workspace/one.txt", "/workspace/deep", "/workspace/deep/two.txt")));
        given().queryParam("since", base + 3)
                .get("/internal/v1/volumes/" + v + "/changes")
                .then()
                .body("changed", equalTo(List.of()));
    }

    @Test
    void servesContentByHash() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/s.txt", "small").then().statusCode(200);
        byte[] big = Volumes.random(3, 4 * 1024 * 1024 + 1);
        Volumes.put(v, "/workspace/b.bin", big).then().statusCode(200);
        assertThat(given().get("/internal/v1/volumes/" + v + "/content/" + Volumes.sha256("small".getBytes()))
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .isEqualTo("small");
        byte[] back = given().get("/internal/v1/volumes/" + v + "/content/" + Volumes.sha256(big))
                .then()
                .statusCode(200)
                .extract()
                .asByteArray();
        assertThat(Volumes.sha256(back)).isEqualTo(Volumes.sha256(big));
    }

    @Test
    void snapshotAndRestoreADirectory() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/proj/a.txt", "version 1").then().statusCode(200);
        Volumes.put(v, "/workspace/proj/big.bin", Volumes.random(4, 5 * 1024 * 1024))
                .then()
                .statusCode(200);
        Volumes.put(v, "/workspace/keep.txt", "untouched").then().statusCode(200);
        String snap = given().contentType(ContentType.JSON)
                .body(Map.of("path", "/workspace/proj"))
                .post("/internal/v1/volumes/" + v + "/snapshots")
                .then()
                .statusCode(201)
                .body("files", equalTo(2))
                .extract()
                .path("snapshotId");
        Volumes.put(v, "/workspace/proj/a.txt", "version 2").then().statusCode(200);
        Volumes.put(v, "/workspace/proj/new.txt", "new").then().statusCode(200);
        given().queryParam("path", "/workspace/proj/big.bin")
                .delete(files(v))
                .then()
                .statusCode(200);
        Volumes.put(v, "/workspace/keep.txt", "changed outside").then().statusCode(200);

        given().post("/internal/v1/volumes/" + v + "/snapshots/" + snap + "/restore")
                .then()
                .statusCode(200);

        assertThat(Volumes.readString(v, "/workspace/proj/a.txt")).isEqualTo("version 1");
        assertThat(Volumes.sha256(Volumes.read(v, "/workspace/proj/big.bin")))
                .isEqualTo(Volumes.sha256(Volumes.random(4, 5 * 1024 * 1024)));
        given().queryParam("path", "/workspace/proj/new.txt")
                .get(files(v))
                .then()
                .statusCode(404);
        assertThat(Volumes.readString(v, "/workspace/keep.txt")).isEqualTo("changed outside");
        given().get("/internal/v1/volumes/" + v + "/snapshots").then().body("snapshotId", hasItem(snap));
    }

    @Test
    void snapshotOfTheWholeVolumeRestoresEverything() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/a.txt", "a").then().statusCode(200);
        String snap = given().contentType(ContentType.JSON)
                .body("{}")
                .post("/internal/v1/volumes/" + v + "/snapshots")
                .then()
                .statusCode(201)
                .extract()
                .path("snapshotId");
        given().queryParam("path", "/workspace")
                .queryParam("recursive", true)
                .delete(files(v))
                .then()
                .statusCode(200);
        Volumes.put(v, "/elsewhere/b.txt", "b").then().statusCode(200);
        given().post("/internal/v1/volumes/" + v + "/snapshots/" + snap + "/restore")
                .then()
                .statusCode(200);
        assertThat(Volumes.readString(v, "/workspace/a.txt")).isEqualTo("a");
        given().queryParam("path", "/elsewhere").get(files(v) + "/info").then().statusCode(404);
        given().get("/internal/v1/volumes/" + v).then().body("files", equalTo(5));
    }

    @Test
    void forkSharesContentAndThenDiverges() {
        String v = Volumes.create();
        byte[] big = Volumes.random(5, 4 * 1024 * 1024 + 7);
        Volumes.put(v, "/workspace/big.bin", big).then().statusCode(200);
        Volumes.put(v, "/workspace/a.txt", "original").then().statusCode(200);
        String fork = "fork-" + UUID.randomUUID();
        given().contentType(ContentType.JSON)
                .body(Map.of("newVolumeId", fork, "userId", "forker"))
                .post("/internal/v1/volumes/" + v + "/fork")
                .then()
                .statusCode(201)
                .body("version", equalTo((int) CommitTest.version(v)))
                .body("files", equalTo(6));
        assertThat(Volumes.sha256(Volumes.read(fork, "/workspace/big.bin"))).isEqualTo(Volumes.sha256(big));
        Volumes.put(fork, "/workspace/a.txt", "forked").then().statusCode(200);
        assertThat(Volumes.readString(v, "/workspace/a.txt")).isEqualTo("original");
        assertThat(Volumes.readString(fork, "/workspace/a.txt")).isEqualTo("forked");
        given().delete("/internal/v1/volumes/" + v).then().statusCode(204);
        assertThat(Volumes.sha256(Volumes.read(fork, "/workspace/big.bin"))).isEqualTo(Volumes.sha256(big));
        given().get("/internal/v1/volumes/" + fork).then().body("userId", equalTo("forker"));
        given().get("/internal/v1/volumes/" + v).then().statusCode(404).body("errno", equalTo("ENOENT"));
        given().get("/internal/v1/volumes/" + fork + "/snapshots").then().body("snapshotId", not(hasItem("x")));
    }
}
