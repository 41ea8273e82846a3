package dev.shellbox.sandbox;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.shellbox.platform.testing.ServiceProcess;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * sandbox-service killed with SIGKILL while a sandbox's processes run, and started again: the processes went on in the
 * sandbox's container, a server still answers, each log is byte for byte what the program wrote (checked against the
 * copy the program kept itself), and a process that ended during the outage reports its real status.
 */
class ServiceCrashIT {
    private static final String USER = "crash-user";
    /** The writer's rate and duration: 10 MB/s for 4 s. */
    private static final int CHUNK = 100_000;

    private static final int CHUNKS = 400;

    private static ServiceProcess vfs;
    private static ServiceProcess sandboxes;

    @BeforeAll
    static void start() {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/bwrap")), "bubblewrap is not installed");
        vfs = new ServiceProcess("vfs-service", "SHELLBOX_VFS_PORT", Map.of()).startFresh();
        sandboxes = new ServiceProcess(
                        "sandbox-service",
                        "SHELLBOX_SANDBOX_PORT",
                        Map.of(
                                "SHELLBOX_VFS_URL", vfs.url(),
                                "SHELLBOX_USAGE_URL", "http://127.0.0.1:1",
                                "SHELLBOX_DEFAULT_PROVIDER", "local",
                                "SHELLBOX_KEEP_CONTAINERS_ON_STOP", "false",
                                "SHELLBOX_SANDBOX_LOCAL_STATE_DIRECTORY",
                                        Path.of("target/crash-workspaces")
                                                .toAbsolutePath()
                                                .toString()))
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
    void processesOutliveAKilledServiceWithTheirLogsIntact() throws Exception {
        String id = as().body("{\"name\":\"crash\"}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        String writer = startProcess(
                id,
                "python3 -c '"
                        + "import os, sys, time\n"
                        + "ref = open(\"/dev/shm/reference\", \"wb\")\n"
                        + "for i in range(" + CHUNKS + "):\n"
                        + "    chunk = os.urandom(" + CHUNK + ")\n"
                        + "    sys.stdout.buffer.write(chunk); sys.stdout.buffer.flush()\n"
                        + "    ref.write(chunk); ref.flush()\n"
                        + "    time.sleep(0.01)\n"
                        + "'");
        // a server that logs each request to its stdout and to a copy of its own
        String server = startProcess(
                id,
                "python3 -c '"
                        + "import http.server, sys\n"
                        + "ref = open(\"/dev/shm/server-reference\", \"w\")\n"
                        + "class Handler(http.server.BaseHTTPRequestHandler):\n"
                        + "    def do_GET(self):\n"
                        + "        line = \"served \" + self.path + \"\\n\"\n"
                        + "        sys.stdout.write(line); sys.stdout.flush(); ref.write(line); ref.flush()\n"
                        + "        self.send_response(200); self.end_headers(); self.wfile.write(b\"ok\")\n"
                        + "    def log_message(self, *args):\n"
                        + "        pass\n"
                        + "http.server.HTTPServer((\"127.0.0.1\", 8123), Handler).serve_forever()\n"
                        + "'");
        String exiting = startProcess(id, "sleep 2; echo bye; exit 7");
        // the writer is under way when the service dies
        Thread.sleep(1000);
        sandboxes.kill();
        Thread.sleep(3000);
        sandboxes.start();

        long deadline = System.nanoTime() + 30_000_000_000L;
        String answer = "";
        while (System.nanoTime() < deadline && !answer.equals("200\n")) {
            answer = exec(
                            id,
                            "python3 -c 'import urllib.request;"
                                    + " print(urllib.request.urlopen(\"http://127.0.0.1:8123/\").status)' 2>/dev/null")
                    .extract()
                    .path("stdout");
        }
        assertThat(answer).as("the server started before the crash answers").isEqualTo("200\n");
        process(id, exiting).body("running", equalTo(false)).body("exitCode", equalTo(7));
        assertThat(new String(readLog(id, exiting), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo("bye\n");
        process(id, server).body("running", equalTo(true));
        String served = exec(id, "python3 -c 'print(open(\"/dev/shm/server-reference\").read(), end=\"\")'")
                .extract()
                .path("stdout");
        assertThat(served).startsWith("served /");
        assertThat(new String(readLiveLog(id, server, served.length()), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo(served);

        while (System.nanoTime() < deadline && process(id, writer).extract().<Boolean>path("running")) {
            Thread.sleep(200);
        }
        process(id, writer).body("running", equalTo(false)).body("exitCode", equalTo(0));
        byte[] log = readLog(id, writer);
        assertThat(log.length).isEqualTo(CHUNK * CHUNKS);
        // the reference lives in the container's own /dev/shm, which only programs see
        String reference = exec(
                        id,
                        "python3 -c 'import hashlib;"
                                + " print(hashlib.sha256(open(\"/dev/shm/reference\", \"rb\").read()).hexdigest())'")
                .extract()
                .path("stdout");
        assertThat(reference).isEqualTo(sha256(log) + "\n");
    }

    private static String startProcess(String id, String command) {
        return as().body(Map.of("command", command))
                .post("/v1/sandboxes/" + id + "/processes")
                .then()
                .statusCode(201)
                .body("running", equalTo(true))
                .extract()
                .path("id");
    }

    private static io.restassured.response.ValidatableResponse process(String id, String process) {
        return as().get("/v1/sandboxes/" + id + "/processes/" + process).then().statusCode(200);
    }

    /** The whole stdout log, read by offset as a client would, until the process ended and nothing follows. */
    private static byte[] readLog(String id, String process) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        long offset = 0;
        while (true) {
            Response r = as().queryParam("offset", offset)
                    .get("/v1/sandboxes/" + id + "/processes/" + process + "/logs/stdout");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(Long.parseLong(r.header("Shellbox-Log-Offset"))).isEqualTo(offset);
            byte[] bytes = r.asByteArray();
            all.writeBytes(bytes);
            offset = Long.parseLong(r.header("Shellbox-Log-Next-Offset"));
            if (bytes.length == 0 && Boolean.parseBoolean(r.header("Shellbox-Log-Ended"))) {
                return all.toByteArray();
            }
            assertThat(bytes.length)
                    .as("a log read that is not at the end returns bytes")
                    .isPositive();
        }
    }

    /** The first {@code length} bytes of a running process's stdout log. */
    private static byte[] readLiveLog(String id, String process, int length) {
        Response r = as().queryParam("offset", 0)
                .queryParam("limit", length)
                .get("/v1/sandboxes/" + id + "/processes/" + process + "/logs/stdout");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.header("Shellbox-Log-Ended")).isEqualTo("false");
        return r.asByteArray();
    }

    private static String sha256(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
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
