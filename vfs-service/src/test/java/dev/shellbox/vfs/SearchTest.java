package dev.shellbox.vfs;

import static dev.shellbox.vfs.Volumes.files;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(UsagePlanStub.class)
class SearchTest {

    static JsonPath search(String v, String path, String pattern, String glob) {
        var request = given().queryParam("path", path);
        if (pattern != null) {
            request.queryParam("pattern", pattern);
        }
        if (glob != null) {
            request.queryParam("glob", glob);
        }
        return request.get(files(v) + "/search")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    @Test
    void findsMatchingLinesWithLineNumbersLikeGrepRn() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/app/main.py", "import os\ndef main():\n    return TODO\n")
                .then()
                .statusCode(200);
        Volumes.put(v, "/workspace/app/util/helpers.py", "# TODO: tidy\nx = 1\n")
                .then()
                .statusCode(200);
        Volumes.put(v, "/workspace/app/README.md", "TODO in docs\n").then().statusCode(200);
        JsonPath all = search(v, "/workspace/app", "TODO", null);
        assertThat(all.getList("matches.path"))
                .containsExactly(
                        "/workspace/app/README.md", "/workspace/app/main.py", "/workspace/app/util/helpers.py");
        assertThat(all.getList("matches.line", Integer.class)).containsExactly(1, 3, 1);
        assertThat(all.getList("matches.text")).containsExactly("TODO in docs", "    return TODO", "# TODO: tidy");
        assertThat(all.getBoolean("truncated")).isFalse();

        JsonPath python = search(v, "/workspace/app", "TODO", "*.py");
        assertThat(python.getList("matches.path"))
                .containsExactly("/workspace/app/main.py", "/workspace/app/util/helpers.py");
        JsonPath deep = search(v, "/workspace/app", "TODO", "util/**");
        assertThat(deep.getList("matches.path")).containsExactly("/workspace/app/util/helpers.py");
    }

    @Test
    void ignoresCaseWhenAskedAndSkipsBinaryFiles() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/a.txt", "Hello\nhello\n").then().statusCode(200);
        Volumes.put(v, "/workspace/b.bin", new byte[] {'h', 'e', 'l', 'l', 'o', 0, 1, 2})
                .then()
                .statusCode(200);
        assertThat(search(v, "/workspace", "hello", null).getList("matches.line", Integer.class))
                .containsExactly(2);
        assertThat(given().queryParam("path", "/workspace")
                        .queryParam("pattern", "hello")
                        .queryParam("ignoreCase", true)
                        .get(files(v) + "/search")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("matches.line", Integer.class))
                .containsExactly(1, 2);
    }

    @Test
    void searchesLargeChunkedFiles() {
        String v = Volumes.create();
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 300_000; i++) {
            text.append(i == 250_000 ? "needle here" : "hay " + i).append('\n');
        }
        Volumes.put(v, "/workspace/big.log", text.toString().getBytes(StandardCharsets.UTF_8))
                .then()
                .statusCode(200);
        JsonPath r = search(v, "/workspace", "needle", null);
        assertThat(r.getList("matches.line", Integer.class)).containsExactly(250_000);
    }

    @Test
    void findsEntriesByName() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/p/Makefile", "all:").then().statusCode(200);
        Volumes.put(v, "/workspace/p/src/Makefile", "all:").then().statusCode(200);
        Volumes.put(v, "/workspace/p/src/main.c", "int main;").then().statusCode(200);
        JsonPath r = search(v, "/workspace/p", null, "Make*");
        assertThat(r.getList("matches.path")).containsExactly("/workspace/p/Makefile", "/workspace/p/src/Makefile");
        assertThat(r.getList("matches.type")).containsOnly("file");
        assertThat(search(v, "/workspace/p", null, "{src,lib}").getList("matches.type"))
                .containsExactly("directory");
    }

    @Test
    void stopsAtMaxResultsAndSaysSo() {
        String v = Volumes.create();
        Volumes.put(v, "/workspace/many.txt", "x\n".repeat(50)).then().statusCode(200);
        given().queryParam("path", "/workspace")
                .queryParam("pattern", "x")
                .queryParam("maxResults", 10)
                .get(files(v) + "/search")
                .then()
                .statusCode(200)
                .body("matches.size()", equalTo(10))
                .body("truncated", equalTo(true));
    }

    @Test
    void rejectsAnInvalidPattern() {
        String v = Volumes.create();
        given().queryParam("path", "/workspace")
                .queryParam("pattern", "a(b")
                .get(files(v) + "/search")
                .then()
                .statusCode(400)
                .body("errno", equalTo("EINVAL"));
    }
}
