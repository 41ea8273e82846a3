package dev.shellbox.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(Suite.class)
class SandboxApiIT {
    private static Api alice;
    private static String sandbox;

    @BeforeAll
    static void createSandbox() {
        alice = Suite.newUser("alice-api");
        Api.Response created = alice.post("/v1/sandboxes", "{\"name\":\"main\",\"labels\":{\"team\":\"a\"}}");
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        sandbox = created.json().get("id").asText();
    }

    @Test
    void getsOrCreatesByNameListsPausesResumesAndDestroys() {
        Api.Response again = alice.post("/v1/sandboxes", "{\"name\":\"main\"}");
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json().get("id").asText()).isEqualTo(sandbox);

        String other = alice.post("/v1/sandboxes", "{}").json().get("id").asText();
        assertThat(alice.get("/v1/sandboxes?label=team=a").json())
                .extracting(n -> n.get("id").asText())
                .containsExactly(sandbox);

        assertThat(alice.post("/v1/sandboxes/" + other + "/pause", "")
                        .json()
                        .get("state")
                        .asText())
                .isEqualTo("paused");
        assertThat(alice.exec(other, "echo resumed").get("stdout").asText()).isEqualTo("resumed\n");
        assertThat(alice.get("/v1/sandboxes/" + other).json().get("state").asText())
                .isEqualTo("running");

        assertThat(alice.delete("/v1/sandboxes/" + other).status()).isEqualTo(204);
        Api.Response gone = alice.get("/v1/sandboxes/" + other);
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.header("Content-Type")).startsWith("application/problem+json");
    }

    @Test
    void runsABuiltInPipelineInProcess() {
        JsonNode r = alice.exec(sandbox, "printf 'b\\na\\nb\\n' | sort | uniq -c");
        assertThat(r.get("exitCode").asInt()).isZero();
        assertThat(r.get("stdout").asText()).isEqualTo("      1 a\n      2 b\n");
        assertThat(r.get("location").asText()).isEqualTo("worker");
    }

    @Test
    void keepsTheSessionFromOneExecToTheNext() {
        alice.exec(
                sandbox, "mkdir -p /workspace/src && cd /workspace/src && export GREETING=hello && f() { echo fn; }");
        JsonNode r = alice.exec(sandbox, "pwd; echo $GREETING; f");
        assertThat(r.get("stdout").asText()).isEqualTo("/workspace/src\nhello\nfn\n");
    }

    @Test
    void namedSessionsAreIndependentShellsOverTheSameFiles() {
        assertThat(alice.post("/v1/sandboxes/" + sandbox + "/sessions", "{\"name\":\"build\"}")
                        .status())
                .isEqualTo(201);
        alice.post(
                "/v1/sandboxes/" + sandbox + "/exec",
                "{\"command\":\"cd /tmp && X=1 && echo shared > /tmp/shared.txt\",\"session\":\"build\"}");
        JsonNode inDefault = alice.exec(sandbox, "echo \"x=$X\"; cat /tmp/shared.txt");
        assertThat(inDefault.get("stdout").asText()).isEqualTo("x=\nshared\n");
        JsonNode inBuild = alice.post(
                        "/v1/sandboxes/" + sandbox + "/exec", "{\"command\":\"pwd; echo $X\",\"session\":\"build\"}")
                .json();
        assertThat(inBuild.get("stdout").asText()).isEqualTo("/tmp\n1\n");
        assertThat(alice.delete("/v1/sandboxes/" + sandbox + "/sessions/build").status())
                .isEqualTo(204);
    }

    @Test
    void filesWrittenByAnExecAreReadThroughTheFilesApiAndTheOtherWayRound() {
        alice.exec(sandbox, "echo 'from exec' > /workspace/a.txt");
        Api.Response read = alice.get("/v1/sandboxes/" + sandbox + "/files?path=/workspace/a.txt");
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.text()).isEqualTo("from exec\n");

        Api.Response written = alice.put(
                "/v1/sandboxes/" + sandbox + "/files?path=/workspace/b.txt",
                "from the api\n".getBytes(StandardCharsets.UTF_8));
        assertThat(written.status()).isBetween(200, 204);
        assertThat(alice.exec(sandbox, "cat /workspace/b.txt").get("stdout").asText())
                .isEqualTo("from the api\n");
    }

    @Test
    void streamsOutputAsServerSentEventsEndingWithExit() {
        List<Api.Event> events = alice.stream(
                "/v1/sandboxes/" + sandbox + "/exec/stream", "{\"command\":\"echo one; echo two >&2; exit 3\"}");
        assertThat(events)
                .extracting(Api.Event::name)
                .contains("stdout", "stderr")
                .endsWith("exit");
        String out = events.stream()
                .filter(e -> e.name().equals("stdout"))
                .map(e -> e.json().get("text").asText())
                .reduce("", String::concat);
        assertThat(out).isEqualTo("one\n");
        assertThat(events.get(events.size() - 1).json().get("exitCode").asInt()).isEqualTo(3);
    }

    @Test
    void aFailingCommandIsA200WithItsExitCode() {
        JsonNode r = alice.exec(sandbox, "ls /no/such/dir");
        assertThat(r.get("exitCode").asInt()).isEqualTo(2);
        assertThat(r.get("stderr").asText()).contains("No such file or directory");
        JsonNode missing = alice.exec(sandbox, "definitely-not-a-command");
        assertThat(missing.get("exitCode").asInt()).isEqualTo(127);
        assertThat(missing.get("stderr").asText()).contains("command not found");
    }

    @Test
    void rejectsBadInputWithAnActionableProblem() {
        Api.Response r = alice.post("/v1/sandboxes/" + sandbox + "/exec", "{\"cwd\":\"relative\"}");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
        assertThat(r.json().get("detail").asText()).contains("command");
    }
}
