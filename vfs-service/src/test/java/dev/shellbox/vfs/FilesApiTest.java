package dev.shellbox.vfs;

import static dev.shellbox.vfs.Volumes.files;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.nullValue;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(UsagePlanStub.class)
class FilesApiTest {

    @Test
    void newVolumeHasWorkspaceHomeAndTmp() {
        String v = Volumes.create();
        given().queryParam("path", "/")
                .get(files(v) + "/list")
                .then()
                .statusCode(200)
                .body("entries.name", equalTo(List.of("home", "tmp", "workspace")))
                .body("entries.type", equalTo(List.of("directory", "directory", "directory")));
        given().queryParam("path", "/tmp")
                .get(files(v) + "/info")
                .then()
                .statusCode(200)
                .body("mode", equalTo(01777));
    }

    @Test
    void writesAndReadsASmallFile() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/hello.txt", "hello world\n")
                .then()
                .statusCode(200)
                .body("path", equalTo("/workspace/hello.txt"))
                .body("type", equalTo("file"))
                .body("size", equalTo(12))
                .body("mode", equalTo(0644))
                .body("sha256", equalTo(Volumes.sha256("hello world\n".getBytes())));
        assertThat(Volumes.readString(v, "/workspace/hello.txt")).isEqualTo("hello world\n");
    }

    @Test
    void writesAndReadsALargeFileInChunks() {
        String v = Volumes.create();
        byte[] big = Volumes.random(7, 9 * 1024 * 1024 + 123);
        Volumes.put(v, "/workspace/big.bin", big).then().statusCode(200).body("size", equalTo(big.length));
        byte[] back = Volumes.read(v, "/workspace/big.bin");
        assertThat(Volumes.sha256(back)).isEqualTo(Volumes.sha256(big));
    }

    @Test
    void servesByteRangesOfSmallAndLargeFiles() {
        String v = Volumes.create();
        byte[] big = Volumes.random(8, 5 * 1024 * 1024 + 10);
        Volumes.put(v, "/workspace/big.bin", big).then().statusCode(200);
        long from = 4 * 1024 * 1024 - 5;
        byte[] part = given().queryParam("path", "/workspace/big.bin")
                .header("Range", "bytes=" + from + "-" + (from + 99))
                .get(files(v))
                .then()
                .statusCode(206)
                .header("Content-Range", equalTo("bytes " + from + "-" + (from + 99) + "/" + big.length))
                .extract()
                .asByteArray();
        assertThat(part).isEqualTo(Arrays.copyOfRange(big, (int) from, (int) from + 100));

        Volumes.put(v, "/workspace/small.txt", "0123456789").then().statusCode(200);
        given().queryParam("path", "/workspace/small.txt")
                .header("Range", "bytes=-3")
                .get(files(v))
                .then()
                .statusCode(206)
                .body(equalTo("789"));
        given().queryParam("path", "/workspace/small.txt")
                .header("Range", "bytes=10-")
                .get(files(v))
                .then()
                .statusCode(416)
                .header("Content-Range", equalTo("bytes */10"));
    }

    @Test
    void createsParentDirectoriesOnWrite() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/a/b/c.txt", "x").then().statusCode(200);
        given().queryParam("path", "/workspace/a/b")
                .get(files(v) + "/info")
                .then()
                .statusCode(200)
                .body("type", equalTo("directory"));
    }

    @Test
    void returns404WithErrnoWhenFileMissing() {
        String v = Volumes.create();
        given().queryParam("path", "/workspace/missing.txt")
                .get(files(v))
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("errno", equalTo("ENOENT"))
                .body("detail", containsString("/workspace/missing.txt"));
    }

    @Test
    void returns404WhenVolumeMissing() {
        given().queryParam("path", "/workspace/x")
                .get(files("no-such-volume"))
                .then()
                .statusCode(404)
                .body("errno", equalTo("ENOENT"));
    }

    @Test
    void rejectsReadingADirectoryWithEisdir() {
        String v = Volumes.create();
        given().queryParam("path", "/workspace")
                .get(files(v))
                .then()
                .statusCode(409)
                .body("errno", equalTo("EISDIR"));
    }

    @Test
    void rejectsWritingThroughAFileWithEnotdir() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/f", "x").then().statusCode(200);
        Volumes.put(v, "/workspace/f/g", "y").then().statusCode(409).body("errno", equalTo("ENOTDIR"));
    }

    @Test
    void normalizesPathsAndNeverLeavesTheVolume() {
        String v = Volumes.create();
        Volumes.put(v, "/../../../data/passwd", "mine").then().statusCode(200).body("path", equalTo("/data/passwd"));
        Volumes.put(v, "/workspace/./x/../y//z.txt", "z")
                .then()
                .statusCode(200)
                .body("path", equalTo("/workspace/y/z.txt"));
        Volumes.put(v, "rel.txt", "r").then().statusCode(200).body("path", equalTo("/workspace/rel.txt"));
        assertThat(Volumes.readString(v, "/data/passwd")).isEqualTo("mine");
    }

    @Test
    void theSystemDirectoriesAreReadOnly() {
        String v = Volumes.create();
        Volumes.put(v, "/usr/bin/evil", "x").then().statusCode(403).body("errno", equalTo("EROFS"));
        Volumes.put(v, "/../etc/passwd", "x").then().statusCode(403).body("errno", equalTo("EROFS"));
        Volumes.put(v, "/workspace/usr", "fine").then().statusCode(200);
        Volumes.put(v, "/usrlocal/x", "fine").then().statusCode(200);
    }

    @Test
    void rejectsNulBytesAndOverlongNames() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/a\u0000b", "x").then().statusCode(400).body("errno", equalTo("EINVAL"));
        Volumes.put(v, "/workspace/" + "n".repeat(256), "x")
                .then()
                .statusCode(400)
                .body("errno", equalTo("ENAMETOOLONG"));
    }

    @Test
    void deletesFilesAndDirectories() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/d/a.txt", "a").then().statusCode(200);
        given().queryParam("path", "/workspace/d")
                .delete(files(v))
                .then()
                .statusCode(409)
                .body("errno", equalTo("ENOTEMPTY"));
        given().queryParam("path", "/workspace/d")
                .queryParam("recursive", true)
                .delete(files(v))
                .then()
                .statusCode(200);
        given().queryParam("path", "/workspace/d/a.txt").get(files(v)).then().statusCode(404);
        given().queryParam("path", "/workspace/d").delete(files(v)).then().statusCode(404);
    }

    @Test
    void mkdirCreatesParentsAndIsIdempotent() {
        String v = Volumes.create();
        given().queryParam("path", "/workspace/x/y/z")
                .post(files(v) + "/mkdir")
                .then()
                .statusCode(200);
        given().queryParam("path", "/workspace/x/y/z")
                .post(files(v) + "/mkdir")
                .then()
                .statusCode(200);
        given().queryParam("path", "/workspace/x/y/z")
                .queryParam("parents", false)
                .post(files(v) + "/mkdir")
                .then()
                .statusCode(409)
                .body("errno", equalTo("EEXIST"));
        given().queryParam("path", "/workspace/p/q")
                .queryParam("parents", false)
                .post(files(v) + "/mkdir")
                .then()
                .statusCode(404)
                .body("errno", equalTo("ENOENT"));
    }

    @Test
    void movesADirectoryWithEverythingInIt() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/src/a.txt", "a").then().statusCode(200);
        Volumes.put(v, "/workspace/src/sub/b.txt", "b").then().statusCode(200);
        given().queryParam("from", "/workspace/src")
                .queryParam("to", "/workspace/dst")
                .post(files(v) + "/move")
                .then()
                .statusCode(200)
                .body("path", equalTo("/workspace/dst"));
        assertThat(Volumes.readString(v, "/workspace/dst/sub/b.txt")).isEqualTo("b");
        given().queryParam("path", "/workspace/src")
                .get(files(v) + "/info")
                .then()
                .statusCode(404);
        given().queryParam("path", "/workspace/dst/sub")
                .get(files(v) + "/list")
                .then()
                .body("entries.path", equalTo(List.of("/workspace/dst/sub/b.txt")));
    }

    @Test
    void refusesToMoveADirectoryIntoItself() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/d/a.txt", "a").then().statusCode(200);
        given().queryParam("from", "/workspace/d")
                .queryParam("to", "/workspace/d/e")
                .post(files(v) + "/move")
                .then()
                .statusCode(400)
                .body("errno", equalTo("EINVAL"));
    }

    @Test
    void copiesADirectorySharingContent() {
        String v = Volumes.create();
        byte[] big = Volumes.random(9, 5 * 1024 * 1024);
        Volumes.put(v, "/workspace/src/big.bin", big).then().statusCode(200);
        Volumes.put(v, "/workspace/src/small.txt", "s").then().statusCode(200);
        given().queryParam("from", "/workspace/src")
                .queryParam("to", "/workspace/copy")
                .post(files(v) + "/copy")
                .then()
                .statusCode(200);
        assertThat(Volumes.sha256(Volumes.read(v, "/workspace/copy/big.bin"))).isEqualTo(Volumes.sha256(big));
        assertThat(Volumes.readString(v, "/workspace/copy/small.txt")).isEqualTo("s");
        given().queryParam("from", "/workspace/src")
                .queryParam("to", "/workspace/copy")
                .post(files(v) + "/copy")
                .then()
                .statusCode(409)
                .body("errno", equalTo("EEXIST"));
    }

    @Test
    void appendsToSmallAndLargeFiles() {
        String v = Volumes.create();
        given().queryParam("path", "/workspace/log.txt")
                .body("one\n")
                .post(files(v) + "/append")
                .then()
                .statusCode(200);
        given().queryParam("path", "/workspace/log.txt")
                .body("two\n")
                .post(files(v) + "/append")
                .then()
                .statusCode(200);
        assertThat(Volumes.readString(v, "/workspace/log.txt")).isEqualTo("one\ntwo\n");

        byte[] big = Volumes.random(10, 4 * 1024 * 1024 + 500);
        Volumes.put(v, "/workspace/big.bin", big).then().statusCode(200);
        byte[] more = Volumes.random(11, 70_000);
        given().queryParam("path", "/workspace/big.bin")
                .body(more)
                .post(files(v) + "/append")
                .then()
                .statusCode(200)
                .body("size", equalTo(big.length + more.length));
        byte[] expected = new byte[big.length + more.length];
        System.arraycopy(big, 0, expected, 0, big.length);
        System.arraycopy(more, 0, expected, big.length, more.length);
        assertThat(Volumes.sha256(Volumes.read(v, "/workspace/big.bin"))).isEqualTo(Volumes.sha256(expected));
    }

    @Test
    void listsRecursivelyInPages() {
        String v = Volumes.create();
        for (int i = 0; i < 5; i++) {
            Volumes.put(v, "/workspace/t/d" + i + "/f.txt", "x").then().statusCode(200);
        }
        var first = given().queryParam("path", "/workspace/t")
                .queryParam("recursive", true)
                .queryParam("limit", 6)
                .get(files(v) + "/list")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(first.getList("entries.path")).hasSize(6);
        String cursor = first.getString("nextCursor");
        given().queryParam("path", "/workspace/t")
                .queryParam("recursive", true)
                .queryParam("limit", 6)
                .queryParam("cursor", cursor)
                .get(files(v) + "/list")
                .then()
                .statusCode(200)
                .body("entries.path", hasItems("/workspace/t/d4/f.txt"))
                .body("nextCursor", nullValue());
    }

    @Test
    void concurrentAppendsAllLand() throws Exception {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/shared.log", "start\n").then().statusCode(200);
        var pool = java.util.concurrent.Executors.newFixedThreadPool(6);
        List<java.util.concurrent.Future<Integer>> results = new java.util.ArrayList<>();
        for (int t = 0; t < 6; t++) {
            int thread = t;
            for (int i = 0; i < 5; i++) {
                int n = i;
                results.add(pool.submit(() -> given().queryParam("path", "/workspace/shared.log")
                        .body("line " + thread + "-" + n + "\n")
                        .post(files(v) + "/append")
                        .statusCode()));
            }
        }
        for (var r : results) {
            assertThat(r.get()).isEqualTo(200);
        }
        pool.shutdown();
        List<String> lines =
                List.of(Volumes.readString(v, "/workspace/shared.log").split("\n"));
        assertThat(lines).hasSize(31).startsWith("start").doesNotHaveDuplicates();
        for (int t = 0; t < 6; t++) {
            for (int i = 0; i < 5; i++) {
                assertThat(lines).contains("line " + t + "-" + i);
            }
        }
    }

    @Test
    void concurrentAppendsToALargeFileAllLand() throws Exception {
        String v = Volumes.create();
        byte[] big = Volumes.random(12, 4 * 1024 * 1024 + 100);
        Volumes.put(v, "/workspace/big.log", big).then().statusCode(200);
        var pool = java.util.concurrent.Executors.newFixedThreadPool(3);
        List<java.util.concurrent.Future<Integer>> results = new java.util.ArrayList<>();
        for (int t = 0; t < 3; t++) {
            int thread = t;
            for (int i = 0; i < 2; i++) {
                int n = i;
                results.add(pool.submit(() -> given().queryParam("path", "/workspace/big.log")
                        .body("\nline " + thread + "-" + n)
                        .post(files(v) + "/append")
                        .statusCode()));
            }
        }
        for (var r : results) {
            assertThat(r.get()).isEqualTo(200);
        }
        pool.shutdown();
        byte[] back = Volumes.read(v, "/workspace/big.log");
        assertThat(Arrays.copyOf(back, big.length)).isEqualTo(big);
        String tail =
                new String(Arrays.copyOfRange(back, big.length, back.length), java.nio.charset.StandardCharsets.UTF_8);
        for (int t = 0; t < 3; t++) {
            for (int i = 0; i < 2; i++) {
                assertThat(tail).containsOnlyOnce("\nline " + t + "-" + i);
            }
        }
    }
}
