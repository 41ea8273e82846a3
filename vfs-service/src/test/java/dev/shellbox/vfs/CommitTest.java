package dev.shellbox.vfs;

import static dev.shellbox.vfs.Volumes.files;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(UsagePlanStub.class)
class CommitTest {

    static long version(String volume) {
        return given().get("/internal/v1/volumes/" + volume)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("version");
    }

    static Response commit(String volume, long base, List<Map<String, Object>> changes) {
        return given().contentType(ContentType.JSON)
                .body(Map.of("baseVersion", base, "changes", changes))
                .post("/internal/v1/volumes/" + volume + "/commit");
    }

    static Map<String, Object> write(String path, String content) {
        return Map.of(
                "op",
                "write",
                "path",
                path,
                "inline",
                Base64.getEncoder().encodeToString(content.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void appliesAllChangesAtomicallyAndBumpsTheVersionOnce() {
        String v = Volumes.create();
        long base = version(v);
        commit(
                        v,
                        base,
                        List.of(
                                Map.of("op", "mkdir", "path", "/workspace/src"),
                                write("/workspace/src/a.txt", "A"),
                                Map.of("op", "symlink", "path", "/workspace/link", "target", "src/a.txt"),
                                Map.of("op", "chmod", "path", "/workspace/src/a.txt", "mode", 0600),
                                write("/workspace/tmp.txt", "T"),
                                Map.of("op", "rename", "path", "/workspace/tmp.txt", "to", "/workspace/final.txt")))
                .then()
                .statusCode(200)
                .body("version", equalTo((int) base + 1));
        assertThat(Volumes.readString(v, "/workspace/link")).isEqualTo("A");
        assertThat(Volumes.readString(v, "/workspace/final.txt")).isEqualTo("T");
        given().queryParam("path", "/workspace/src/a.txt")
                .get(files(v) + "/info")
                .then()
                .body("mode", equalTo(0600));
        given().queryParam("path", "/workspace/link")
                .get(files(v) + "/info")
                .then()
                .body("type", equalTo("symlink"))
                .body("target", equalTo("src/a.txt"));
    }

    @Test
    void appliesNothingWhenOneChangeFails() {
        String v = Volumes.create();
        long base = version(v);
        commit(v, base, List.of(write("/workspace/ok.txt", "ok"), Map.of("op", "delete", "path", "/workspace/nope")))
                .then()
                .statusCode(404)
                .body("errno", equalTo("ENOENT"));
        given().queryParam("path", "/workspace/ok.txt").get(files(v)).then().statusCode(404);
        assertThat(version(v)).isEqualTo(base);
    }

    @Test
    void rejectsAChangeToAPathChangedAfterTheBaseVersion() {
        String v = Volumes.create();
        long base = version(v);
        commit(v, base, List.of(write("/workspace/shared.txt", "first"))).then().statusCode(200);
        commit(v, base, List.of(write("/workspace/shared.txt", "second"), write("/workspace/other.txt", "o")))
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("conflicts", equalTo(List.of("/workspace/shared.txt")))
                .body("baseVersion", equalTo((int) base));
        assertThat(Volumes.readString(v, "/workspace/shared.txt")).isEqualTo("first");
        given().queryParam("path", "/workspace/other.txt").get(files(v)).then().statusCode(404);
    }

    @Test
    void acceptsChangesToOtherPathsEvenInADirectoryBothCreated() {
        String v = Volumes.create();
        long base = version(v);
        commit(v, base, List.of(write("/workspace/new/a.txt", "a"))).then().statusCode(200);
        commit(v, base, List.of(write("/workspace/new/b.txt", "b"))).then().statusCode(200);
        assertThat(Volumes.readString(v, "/workspace/new/a.txt")).isEqualTo("a");
        assertThat(Volumes.readString(v, "/workspace/new/b.txt")).isEqualTo("b");
    }

    @Test
    void rejectsDeletingADirectoryInWhichAnotherWriterCreatedAFile() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/dir/old.txt", "o").then().statusCode(200);
        long base = version(v);
        commit(v, base, List.of(write("/workspace/dir/new.txt", "n"))).then().statusCode(200);
        commit(v, base, List.of(Map.of("op", "delete", "path", "/workspace/dir", "recursive", true)))
                .then()
                .statusCode(409)
                .body("conflicts", equalTo(List.of("/workspace/dir")));
        assertThat(Volumes.readString(v, "/workspace/dir/new.txt")).isEqualTo("n");
    }

    @Test
    void rejectsWritingIntoADirectoryAnotherWriterRemoved() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/gone/x.txt", "x").then().statusCode(200);
        long base = version(v);
        given().queryParam("path", "/workspace/gone")
                .queryParam("recursive", true)
                .delete(files(v))
                .then()
                .statusCode(200);
        commit(v, base, List.of(write("/workspace/gone/y.txt", "y")))
                .then()
                .statusCode(409)
                .body("conflicts", equalTo(List.of("/workspace/gone/y.txt")));
    }

    @Test
    void racingCommitsOnTheSamePathNeverLoseAnAcknowledgedWrite() throws Exception {
        String v = Volumes.create();
        long base = version(v);
        int writers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        Map<Integer, Integer> statuses = new ConcurrentHashMap<>();
        List<Future<?>> futures = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            int id = i;
            futures.add(pool.submit(() -> statuses.put(
                    id,
                    commit(v, base, List.of(write("/workspace/race.txt", "writer " + id)))
                            .statusCode())));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        pool.shutdown();
        List<Integer> winners = statuses.entrySet().stream()
                .filter(e -> e.getValue() == 200)
                .map(Map.Entry::getKey)
                .toList();
        assertThat(winners).hasSize(1);
        assertThat(statuses.values()).containsOnly(200, 409);
        assertThat(Volumes.readString(v, "/workspace/race.txt")).isEqualTo("writer " + winners.get(0));
    }

    @Test
    void writesByHashOfAnUploadedBlob() {
        String v = Volumes.create();
        byte[] big = Volumes.random(21, 6 * 1024 * 1024);
        String sha = given().contentType("application/octet-stream")
                .body(big)
                .post("/internal/v1/volumes/" + v + "/blobs")
                .then()
                .statusCode(200)
                .body("size", equalTo(big.length))
                .extract()
                .path("sha256");
        assertThat(sha).isEqualTo(Volumes.sha256(big));
        commit(v, version(v), List.of(Map.of("op", "write", "path", "/workspace/blob.bin", "sha256", sha)))
                .then()
                .statusCode(200);
        assertThat(Volumes.sha256(Volumes.read(v, "/workspace/blob.bin"))).isEqualTo(sha);
    }

    @Test
    void refusesAHashTheVolumeDoesNotReference() {
        String owner = Volumes.create();
        Volumes.put(owner, "/workspace/secret.bin", Volumes.random(22, 100_000))
                .then()
                .statusCode(200);
        String sha = Volumes.sha256(Volumes.random(22, 100_000));
        String other = Volumes.create();
        commit(other, version(other), List.of(Map.of("op", "write", "path", "/workspace/stolen", "sha256", sha)))
                .then()
                .statusCode(404)
                .body("errno", equalTo("ENOENT"));
        given().get("/internal/v1/volumes/" + other + "/content/" + sha).then().statusCode(404);
        given().get("/internal/v1/volumes/" + owner + "/content/" + sha).then().statusCode(200);
    }

    @Test
    void rejectsAnUnknownOp() {
        String v = Volumes.create();
        commit(v, version(v), List.of(Map.of("op", "explode", "path", "/workspace/x")))
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("pointer", equalTo("/changes/0/op"));
    }

    @Test
    void oldBasesGetATruncatedFeedAndAConflictOnceTheChangeLogIsTrimmed() {
        String v = Volumes.create();
        long base = version(v);
        for (int i = 0; i < 45; i++) {
            Volumes.put(v, "/workspace/log/" + i + ".txt", "x").then().statusCode(200);
        }
        given().queryParam("graceSeconds", 3600)
                .post("/internal/v1/gc/sweep")
                .then()
                .statusCode(200);
        given().queryParam("since", base)
                .get("/internal/v1/volumes/" + v + "/changes")
                .then()
                .statusCode(200)
                .body("truncated", equalTo(true));
        given().queryParam("since", version(v) - 5)
                .get("/internal/v1/volumes/" + v + "/changes")
                .then()
                .body("truncated", equalTo(false))
                .body("changed.size()", equalTo(5));
        commit(v, base, List.of(write("/workspace/elsewhere.txt", "e")))
                .then()
                .statusCode(409)
                .body("conflicts", equalTo(List.of("/workspace/elsewhere.txt")));
    }
}
