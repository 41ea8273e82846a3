package dev.shellbox.sandbox;

import static dev.shellbox.sandbox.Requests.as;
import static dev.shellbox.sandbox.Requests.createSandbox;
import static dev.shellbox.sandbox.Requests.exec;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ExecTest {
    private static final String USER = "exec-user";

    @Test
    void runsAPipelineOfBuiltInsInProcess() {
        String id = createSandbox(USER, "{}");
        exec(USER, id, "printf 'b\\na\\nb\\n' | sort | uniq -c")
                .body("exitCode", equalTo(0))
                .body("stdout", equalTo("      1 a\n      2 b\n"))
                .body("location", equalTo("worker"));
    }

    @Test
    void aFailingCommandIsA200WithItsExitCodeAndUnknownCommandsAre127InProcess() {
        String id = createSandbox(USER, "{\"provider\":\"in-process\"}");
        exec(USER, id, "ls /nope").body("exitCode", equalTo(2)).body("stderr", containsString("No such file"));
        exec(USER, id, "python3 -c 'print(1)'")
                .body("exitCode", equalTo(127))
                .body("stderr", containsString("python3: command not found"))
                .body("stderr", containsString("provider \"in-process\""));
    }

    @Test
    void theDefaultSessionKeepsDirectoryVariablesAndFunctions() {
        String id = createSandbox(USER, "{}");
        exec(USER, id, "mkdir -p /workspace/src && cd /workspace/src && export G=hi && greet() { echo \"$G $1\"; }");
        exec(USER, id, "pwd; greet you").body("stdout", equalTo("/workspace/src\nhi you\n"));
    }

    @Test
    void namedSessionsAreIndependentOverTheSameFiles() {
        String id = createSandbox(USER, "{}");
        as(USER).body("{\"name\":\"other\"}")
                .post("/v1/sandboxes/" + id + "/sessions")
                .then()
                .statusCode(201);
        as(USER).body(Map.of("command", "cd /tmp; X=1; echo x > /tmp/x", "session", "other"))
                .post("/v1/sandboxes/" + id + "/exec")
                .then()
                .statusCode(200);
        exec(USER, id, "pwd; echo \"[$X]\"; cat /tmp/x").body("stdout", equalTo("/workspace\n[]\nx\n"));
        as(USER).get("/v1/sandboxes/" + id + "/sessions").then().body("name", hasItem("other"));
        as(USER).delete("/v1/sandboxes/" + id + "/sessions/other").then().statusCode(204);
        as(USER).delete("/v1/sandboxes/" + id + "/sessions/other").then().statusCode(404);
    }

    @Test
    void cwdEnvAndStdinApplyToOneExecOnly() {
        String id = createSandbox(USER, "{\"env\":{\"FROM_SANDBOX\":\"s\"}}");
        as(USER).body(Map.of(
                        "command", "pwd; echo $ONCE $FROM_SANDBOX; cat",
                        "cwd", "/tmp",
                        "env", Map.of("ONCE", "1"),
                        "stdin", "input\n"))
                .post("/v1/sandboxes/" + id + "/exec")
                .then()
                .statusCode(200)
                .body("stdout", equalTo("/tmp\n1 s\ninput\n"));
        exec(USER, id, "pwd; echo \"[$ONCE]\"").body("stdout", equalTo("/workspace\n[]\n"));
    }

    @Test
    void aScriptThatRunsTooLongStopsAtItsTimeout() {
        String id = createSandbox(USER, "{}");
        as(USER).body(Map.of("command", "while true; do :; done", "timeoutMs", 500))
                .post("/v1/sandboxes/" + id + "/exec")
                .then()
                .statusCode(200)
                .body("exitCode", equalTo(126))
                .body("limit", equalTo("max_exec_timeout_ms"));
        exec(USER, id, "echo still usable").body("stdout", equalTo("still usable\n"));
    }

    @Test
    void outputBeyondThePlanLimitIsTruncatedWithAWarning() {
        String id = createSandbox(USER, "{}");
        exec(USER, id, "yes | head -c 200000")
                .body("truncated", equalTo(true))
                .body("stdout.length()", equalTo(65536))
                .body("warnings", hasItem(containsString("max_output_bytes")));
    }

    @Test
    void streamsOutputAsServerSentEvents() {
        String id = createSandbox(USER, "{}");
        String body = given().header("X-Shellbox-User", USER)
                .contentType(ContentType.JSON)
                .accept("text/event-stream")
                .body(Map.of("command", "echo one; echo two >&2; exit 3"))
                .post("/v1/sandboxes/" + id + "/exec/stream")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(body)
                .containsPattern("event: ?stdout")
                .containsPattern("event: ?stderr")
                .contains("\"exitCode\":3");
        assertThat(body.indexOf("exit")).isGreaterThan(body.indexOf("stdout"));
        assertThat(body).contains("{\"text\":\"one\\n\"}");
    }

    @Test
    void aClientThatDisconnectsFromTheStreamCancelsTheScript() throws Exception {
        String id = createSandbox(USER, "{}");
        String script = "i=0; while true; do i=$((i+1)); echo $i > /tmp/ticks; echo tick; sleep 0.05; done";
        try (BufferedReader events = openStream(id, script)) {
            awaitLine(events, "tick");
        }

        // The default session is free again, and the loop no longer advances (seen from another session).
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> exec(USER, id, "echo free").body("stdout", equalTo("free\n")));
        String first = as(USER).body(Map.of("command", "cat /tmp/ticks", "session", "observer"))
                .post("/v1/sandboxes/" + id + "/exec")
                .then()
                .extract()
                .path("stdout");
        Thread.sleep(500);
        as(USER).body(Map.of("command", "cat /tmp/ticks", "session", "observer"))
                .post("/v1/sandboxes/" + id + "/exec")
                .then()
                .body("stdout", equalTo(first));
    }

    @Test
    void syncSavesTheFilesWhileTheScriptRuns() throws Exception {
        String id = createSandbox(USER, "{}");
        String vfs = ConfigProvider.getConfig().getValue("quarkus.rest-client.vfs.url", String.class);
        try (BufferedReader events = openStream(id, "echo early > /workspace/early.txt; sync; echo synced; sleep 60")) {
            awaitLine(events, "synced");
            given().baseUri(vfs)
                    .header("X-Shellbox-User", USER)
                    .get("/v1/volumes/" + id + "/files?path=/workspace/early.txt")
                    .then()
                    .statusCode(200)
                    .body(equalTo("early\n"));
        }
    }

    private static BufferedReader openStream(String sandbox, String script) throws Exception {
        URI uri = URI.create(ConfigProvider.getConfig().getValue("test.url", String.class) + "/v1/sandboxes/" + sandbox
                + "/exec/stream");
        HttpResponse<InputStream> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(uri)
                                .header("X-Shellbox-User", USER)
                                .header("Content-Type", "application/json")
                                .header("Accept", "text/event-stream")
                                .POST(HttpRequest.BodyPublishers.ofString(
                                        new ObjectMapper().writeValueAsString(Map.of("command", script))))
                                .build(),
                        HttpResponse.BodyHandlers.ofInputStream());
        return new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
    }

    /** Reads events until one contains {@code text}; closing the reader afterwards disconnects the client. */
    private static void awaitLine(BufferedReader events, String text) throws Exception {
        String line;
        while ((line = events.readLine()) != null && !line.contains(text)) {
            // not yet
        }
        assertThat(line).as("an event containing %s", text).contains(text);
    }

    @Test
    void filesAreSharedWithTheFilesApiOfVfsService() {
        String id = createSandbox(USER, "{}");
        String vfs = ConfigProvider.getConfig().getValue("quarkus.rest-client.vfs.url", String.class);
        exec(
                USER,
                id,
                "mkdir -p /workspace/out && echo written-by-exec > /workspace/out/a.txt && chmod 600 /workspace/out/a.txt");
        String read = given().baseUri(vfs)
                .header("X-Shellbox-User", USER)
                .get("/v1/volumes/" + id + "/files?path=/workspace/out/a.txt")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(read).isEqualTo("written-by-exec\n");
        given().baseUri(vfs)
                .header("X-Shellbox-User", USER)
                .body("written-by-api\n".getBytes(StandardCharsets.UTF_8))
                .contentType("application/octet-stream")
                .put("/v1/volumes/" + id + "/files?path=/workspace/out/b.txt")
                .then()
                .statusCode(org.hamcrest.Matchers.lessThan(300));
        exec(USER, id, "cat /workspace/out/b.txt; stat -c %a /workspace/out/a.txt")
                .body("stdout", equalTo("written-by-api\n600\n"));
        byte[] big = new byte[300_000];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) ('a' + i % 26);
        }
        given().baseUri(vfs)
                .header("X-Shellbox-User", USER)
                .body(big)
                .contentType("application/octet-stream")
                .put("/v1/volumes/" + id + "/files?path=/workspace/big.bin")
                .then()
                .statusCode(org.hamcrest.Matchers.lessThan(300));
        exec(USER, id, "wc -c < /workspace/big.bin; cp /workspace/big.bin /workspace/copy.bin; rm /workspace/out/b.txt")
                .body("stdout", equalTo("300000\n"));
        given().baseUri(vfs)
                .header("X-Shellbox-User", USER)
                .get("/v1/volumes/" + id + "/files?path=/workspace/copy.bin")
                .then()
                .statusCode(200)
                .header("Content-Length", "300000");
        given().baseUri(vfs)
                .header("X-Shellbox-User", USER)
                .get("/v1/volumes/" + id + "/files?path=/workspace/out/b.txt")
                .then()
                .statusCode(404);
    }

    @Test
    void aHundredSandboxesRunAtOnce() throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            ids.add(createSandbox("many-" + (i % 10), "{}"));
        }
        ExecutorService pool = Executors.newFixedThreadPool(16);
        List<Future<String>> outputs = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            String user = "many-" + (i % 10);
            int n = i;
            outputs.add(pool.submit(() -> exec(user, id, "echo " + n + " > /tmp/n; cat /tmp/n")
                    .extract()
                    .path("stdout")));
        }
        for (int i = 0; i < outputs.size(); i++) {
            assertThat(outputs.get(i).get()).isEqualTo(i + "\n");
        }
        pool.shutdown();
    }

    @Test
    void rejectsAnExecWithoutCommand() {
        String id = createSandbox(USER, "{}");
        as(USER).body("{\"cwd\":\"relative\"}")
                .post("/v1/sandboxes/" + id + "/exec")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("command"));
    }

    @Test
    void aFilesApiWriteDuringAnExecIsWhatTheExecReadsNextAndIsNotUndoneByIt() throws Exception {
        String id = createSandbox(USER, "{}");
        writeThroughSandbox(id, "/workspace/same.txt", "v0\n");
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<String> exec = pool.submit(() -> exec(USER, id, "sleep 1; echo from-exec >> /workspace/same.txt")
                .extract()
                .asString());
        Thread.sleep(400);
        writeThroughSandbox(id, "/workspace/same.txt", "v1-from-api\n");
        assertThat(exec.get()).contains("\"exitCode\":0");
        pool.shutdown();
        exec(USER, id, "cat /workspace/same.txt").body("stdout", equalTo("v1-from-api\nfrom-exec\n"));
        assertThat(readFromVolume(id, "/workspace/same.txt")).isEqualTo("v1-from-api\nfrom-exec\n");
    }

    @Test
    void anAppendThroughTheSandboxLandsAfterWhatTheExecWroteBefore() {
        String id = createSandbox(USER, "{}");
        exec(USER, id, "echo one > /workspace/log.txt");
        // the session's change is in the view; an append must see it, not the volume's older bytes
        try (BufferedReader events = openStream(id, "echo two >> /workspace/log.txt; echo wrote; sleep 60")) {
            awaitLine(events, "wrote");
            given().header("X-Shellbox-User", USER)
                    .body("three\n".getBytes(StandardCharsets.UTF_8))
                    .contentType("application/octet-stream")
                    .post("/v1/sandboxes/" + id + "/files/append?path=/workspace/log.txt")
                    .then()
                    .statusCode(200);
            assertThat(readFromVolume(id, "/workspace/log.txt")).isEqualTo("one\ntwo\nthree\n");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void outputThatIsNotUtf8ComesBackExactlyInBase64() {
        String id = createSandbox(USER, "{}");
        exec(USER, id, "printf '\\377\\376ok'; printf 'caf\\303\\251' >&2")
                .body("stdoutBase64", equalTo("//5vaw=="))
                .body("stderr", equalTo("café"))
                .body("stderrBase64", org.hamcrest.Matchers.nullValue());
    }

    @Test
    void streamedEventsNeverSplitACharacter() throws Exception {
        String id = createSandbox(USER, "{}");
        List<String> data = new ArrayList<>();
        try (BufferedReader events = openStream(id, "printf '\\303'; sleep 0.3; printf '\\251\\n'")) {
            String line;
            while ((line = events.readLine()) != null) {
                if (line.startsWith("data:")) {
                    data.add(line);
                }
            }
        }
        assertThat(data.get(0)).contains("\"text\":\"é\\n\"").doesNotContain("base64");
    }

    @Test
    void aForkBombStopsAtTheSandboxsLimitAndTheServiceThreadsComeBackToTheirBaseline() {
        String id = createSandbox(USER, "{\"provider\":\"in-process\"}");
        exec(USER, id, "echo warm");
        int baseline = java.lang.management.ManagementFactory.getThreadMXBean().getThreadCount();
        exec(USER, id, ":(){ :|:& };:")
                .body("exitCode", equalTo(126))
                .body("limit", equalTo("max_processes"))
                .body("stderr", containsString("limit exceeded: max_processes"));
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(java.lang.management.ManagementFactory.getThreadMXBean()
                                .getThreadCount())
                        .isLessThanOrEqualTo(baseline + 4));
        exec(USER, id, "echo hi").body("stdout", equalTo("hi\n"));
    }

    private static void writeThroughSandbox(String id, String path, String text) {
        given().header("X-Shellbox-User", USER)
                .body(text.getBytes(StandardCharsets.UTF_8))
                .contentType("application/octet-stream")
                .put("/v1/sandboxes/" + id + "/files?path=" + path)
                .then()
                .statusCode(200);
    }

    private static String readFromVolume(String id, String path) {
        String vfs = ConfigProvider.getConfig().getValue("quarkus.rest-client.vfs.url", String.class);
        return given().baseUri(vfs)
                .header("X-Shellbox-User", USER)
                .get("/v1/volumes/" + id + "/files?path=" + path)
                .then()
                .statusCode(200)
                .extract()
                .asString();
    }
}
