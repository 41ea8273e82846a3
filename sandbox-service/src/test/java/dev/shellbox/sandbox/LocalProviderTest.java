package dev.shellbox.sandbox;

import static dev.shellbox.sandbox.Requests.as;
import static dev.shellbox.sandbox.Requests.createSandbox;
import static dev.shellbox.sandbox.Requests.exec;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.Operation;
import dev.shellbox.contracts.Topics;
import dev.shellbox.platform.outbox.OutboxMessage;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import java.net.ServerSocket;
import java.util.List;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The local provider through the public API: real bubblewrap, python3 and node. */
@QuarkusTest
class LocalProviderTest {
    private static final String USER = "local-user";

    @Test
    void escalatedProgramsShareFilesWithBuiltInsAndTheFilesApi() throws Throwable {
        String id = createSandbox(USER, "{\"provider\":\"local\"}");
        exec(USER, id, "python3 -c 'open(\"/workspace/p.txt\", \"w\").write(\"from python\\n\")'; grep python p.txt")
                .body("exitCode", equalTo(0))
                .body("stdout", equalTo("from python\n"))
                .body("location", equalTo("mixed"));
        String vfs = ConfigProvider.getConfig().getValue("quarkus.rest-client.vfs.url", String.class);
        String read = given().baseUri(vfs)
                .header("X-Shellbox-User", USER)
                .get("/v1/volumes/" + id + "/files?path=/workspace/p.txt")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(read).isEqualTo("from python\n");
        exec(USER, id, "node -e 'console.log(require(\"fs\").readFileSync(\"p.txt\", \"utf8\").trim())'")
                .body("stdout", equalTo("from python\n"))
                .body("location", equalTo("container"));
        assertThat(containerMillisOfExecs(id)).anyMatch(ms -> ms > 0);
    }

    @Test
    void aLargeFileAProgramWroteGoesStraightToTheVolumeAndReadsBackEverywhere() {
        String id = createSandbox(USER, "{}");
        // 5 MiB: stored in vfs-service as it comes back, then loaded by the built-ins that read it
        exec(
                        USER,
                        id,
                        "python3 -c 'open(\"/workspace/big.bin\", \"wb\").write(bytes(range(256)) * 20480)';"
                                + " wc -c < big.bin; tail -c 2 big.bin | od -An -tx1 | tr -d ' '")
                .body("exitCode", equalTo(0))
                .body("stdout", equalTo("5242880\nfeff\n"));
        String vfs = ConfigProvider.getConfig().getValue("quarkus.rest-client.vfs.url", String.class);
        byte[] read = given().baseUri(vfs)
                .header("X-Shellbox-User", USER)
                .get("/v1/volumes/" + id + "/files?path=/workspace/big.bin")
                .then()
                .statusCode(200)
                .extract()
                .asByteArray();
        assertThat(read).hasSize(5 << 20);
        assertThat(read[1000]).isEqualTo((byte) (1000 % 256));
    }

    @Test
    void unknownProgramsAre127AsInBash() {
        String id = createSandbox(USER, "{}");
        as(USER).get("/v1/sandboxes/" + id).then().body("provider", equalTo("local"));
        exec(USER, id, "nosuchprog; echo $?")
                .body("stdout", equalTo("127\n"))
                .body("stderr", org.hamcrest.Matchers.endsWith("nosuchprog: command not found\n"));
    }

    @Test
    void aBackgroundServerServesLaterExecsUntilTheSandboxPauses() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String client = "python3 - $N <<'EOF'\n"
                + "import sys, time, urllib.request\n"
                + "for i in range(int(sys.argv[1])):\n"
                + "    try:\n"
                + "        print(urllib.request.urlopen('http://127.0.0.1:" + port + "/').status); break\n"
                + "    except OSError:\n"
                + "        time.sleep(0.1)\n"
                + "else:\n"
                + "    print('refused')\n"
                + "EOF";
        String id = createSandbox(USER, "{\"network\":true}");
        as(USER).get("/v1/sandboxes/" + id).then().body("network", equalTo(true));
        exec(USER, id, "python3 -m http.server " + port + " --bind 127.0.0.1 >/dev/null 2>&1 &")
                .body("exitCode", equalTo(0));
        exec(USER, id, "N=100; " + client).body("stdout", equalTo("200\n"));
        String offline = createSandbox(USER, "{}");
        exec(USER, offline, "N=1; " + client).body("stdout", equalTo("refused\n"));
        as(USER).post("/v1/sandboxes/" + id + "/pause").then().statusCode(200);
        exec(USER, id, "N=1; " + client).body("stdout", equalTo("refused\n"));
    }

    @Test
    void aProgramThatFillsItsWorkspaceGetsNoSpaceLeftAndTheServiceGoesOn() {
        Assumptions.assumeTrue(
                "root".equals(System.getProperty("user.name")), "workspace images are mounted by a root service");
        String id = createSandbox(USER, "{}");
        // 4 MiB files, each below the file-size limit, until the workspace (64 MiB in tests) is full
        exec(USER, id, """
                        mkdir /workspace/fill && python3 - <<'EOF'
                        import errno
                        try:
                            for i in range(1000):
                                with open('/workspace/fill/%d' % i, 'wb') as f:
                                    for _ in range(4):
                                        f.write(bytes(1 << 20))
                            print('wrote 4000 MiB')
                        except OSError as e:
                            print(errno.errorcode[e.errno])
                        EOF""").body("stdout", equalTo("ENOSPC\n"));
        given().get("/q/health/ready").then().statusCode(200);
        exec(USER, id, "rm -r /workspace/fill && python3 -c 'open(\"/workspace/ok\", \"w\").write(\"room\")'; cat ok")
                .body("stdout", equalTo("room"));
    }

    private static List<Long> containerMillisOfExecs(String sandboxId) throws Throwable {
        ObjectMapper json = new ObjectMapper();
        List<OutboxMessage> messages = VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(
                () -> OutboxMessage.<OutboxMessage>list("topic = ?1 and messageKey = ?2", Topics.USAGE, USER)));
        return messages.stream()
                .map(m -> readTree(json, m.payload))
                .filter(e -> sandboxId.equals(e.path("sandboxId").asText())
                        && Operation.EXEC.equals(e.path("operation").asText()))
                .map(e -> e.path("containerMs").asLong())
                .toList();
    }

    private static JsonNode readTree(ObjectMapper json, String payload) {
        try {
            return json.readTree(payload);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
