package dev.shellbox.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Nothing acknowledged is lost: writers of one sandbox (execs, built-in and escalated, and the Files API) compose as on
 * one disk, and a write past the plan's storage fails in the writer instead of being dropped later. Each case was seen
 * to lose data before the sandbox's files went through one view. The racing cases run {@code
 * shellbox.e2e.rounds} rounds (20 by default; 100 for the full run).
 */
@ExtendWith(Suite.class)
class DataSafetyIT {
    private static final int ROUNDS = Integer.getInteger("shellbox.e2e.rounds", 20);
    private static final ExecutorService POOL = Executors.newFixedThreadPool(24);

    @AfterAll
    static void stopPool() {
        POOL.shutdownNow();
    }

    @Test
    void aFilesApiWriteDuringAnExecIsWhatTheExecReadsNextAndIsNotUndoneByIt() throws Exception {
        Api user = Suite.newUser("dana-during");
        String id = sandbox(user);
        write(user, id, "/workspace/same.txt", "v0\n");
        CompletableFuture<JsonNode> exec = CompletableFuture.supplyAsync(
                () -> user.exec(id, "sleep 1; echo from-exec >> /workspace/same.txt"), POOL);
        Thread.sleep(500);
        assertThat(write(user, id, "/workspace/same.txt", "v1-from-api\n").status())
                .isEqualTo(200);
        assertThat(exec.get().get("exitCode").asInt()).isZero();
        assertThat(read(user, id, "/workspace/same.txt")).isEqualTo("v1-from-api\nfrom-exec\n");
    }

    @Test
    void aFilesApiWriteDuringAnExecIsWhatAnEscalatedProgramAppendsTo() throws Exception {
        Api user = Suite.newUser("dana-python");
        String id = sandbox(user);
        write(user, id, "/workspace/same.txt", "v0\n");
        CompletableFuture<JsonNode> exec = CompletableFuture.supplyAsync(
                () -> user.exec(id, "sleep 1; python3 -c \"open('/workspace/same.txt','a').write('from-python\\n')\""),
                POOL);
        Thread.sleep(500);
        assertThat(write(user, id, "/workspace/same.txt", "v1-from-api\n").status())
                .isEqualTo(200);
        JsonNode result = exec.get();
        assertThat(result.get("exitCode").asInt()).as(result.toString()).isZero();
        assertThat(read(user, id, "/workspace/same.txt")).isEqualTo("v1-from-api\nfrom-python\n");
    }

    @Test
    void appendsFromExecsAndTheFilesApiRacingAllLand() throws Exception {
        Api user = Suite.newUser("dana-appends");
        String id = sandbox(user);
        for (int round = 0; round < ROUNDS; round++) {
            String file = "/workspace/mix-" + round + ".txt";
            List<CompletableFuture<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                int n = i;
                calls.add(CompletableFuture.supplyAsync(
                        () -> user.exec(id, "echo exec" + n + " >> " + file)
                                .get("exitCode")
                                .asInt(),
                        POOL));
                calls.add(CompletableFuture.supplyAsync(
                        () -> user.post("/v1/sandboxes/" + id + "/files/append?path=" + file, "api" + n + "\n")
                                .status(),
                        POOL));
            }
            for (CompletableFuture<Integer> c : calls) {
                assertThat(c.get()).isIn(0, 200);
            }
            Set<String> lines = new HashSet<>(List.of(read(user, id, file).split("\n")));
            Set<String> expected = new HashSet<>();
            for (int i = 0; i < 10; i++) {
                expected.add("exec" + i);
                expected.add("api" + i);
            }
            assertThat(lines).as("round " + round).isEqualTo(expected);
        }
    }

    @Test
    void everyAcknowledgedWriteOfRacingWritersIsThereAfterwardsAndAfterAPause() throws Exception {
        Api user = Suite.newUser("dana-race");
        String id = sandbox(user);
        List<CompletableFuture<Map.Entry<String, String>>> writes = new ArrayList<>();
        for (int i = 0; i < ROUNDS * 5; i++) {
            int n = i;
            writes.add(CompletableFuture.supplyAsync(
                    () -> {
                        String path = "/workspace/race/api-" + n;
                        return write(user, id, path, "api " + n).status() == 200 ? Map.entry(path, "api " + n) : null;
                    },
                    POOL));
            writes.add(CompletableFuture.supplyAsync(
                    () -> {
                        String path = "/workspace/race/exec-" + n;
                        JsonNode r = user.exec(id, "mkdir -p /workspace/race; printf 'exec %s' " + n + " > " + path);
                        return r.get("exitCode").asInt() == 0 ? Map.entry(path, "exec " + n) : null;
                    },
                    POOL));
            // the same path from both sides: whichever came last, the file is one of the two, whole
            writes.add(CompletableFuture.supplyAsync(
                    () -> {
                        write(user, id, "/workspace/race/both", "api-" + n);
                        user.exec(id, "printf exec-" + n + " > /workspace/race/both");
                        return null;
                    },
                    POOL));
        }
        List<Map.Entry<String, String>> acknowledged = new ArrayList<>();
        for (var w : writes) {
            Map.Entry<String, String> e = w.get();
            if (e != null) {
                acknowledged.add(e);
            }
        }
        assertThat(acknowledged).hasSize(ROUNDS * 10);
        assertThat(read(user, id, "/workspace/race/both")).matches("(api|exec)-\\d+");
        for (Map.Entry<String, String> e : acknowledged) {
            assertThat(read(user, id, e.getKey())).as(e.getKey()).isEqualTo(e.getValue());
        }
        assertThat(user.post("/v1/sandboxes/" + id + "/pause", "").status()).isEqualTo(200);
        assertThat(user.post("/v1/sandboxes/" + id + "/resume", "").status()).isEqualTo(200);
        JsonNode listed = user.exec(id, "ls /workspace/race | wc -l");
        assertThat(listed.get("stdout").asText().trim()).isEqualTo(String.valueOf(ROUNDS * 10 + 1));
    }

    @Test
    void aWritePastThePlansStorageFailsInTheWriterAndNothingReportedWrittenIsLost() {
        Api admin = Suite.admin();
        Api user = Suite.newUser("dana-storage");
        definePlan(admin, "dana-2mib", Map.of("storage_bytes", 2L * 1024 * 1024));
        assertThat(admin.putJson("/v1/admin/users/dana-storage/plan", "{\"plan\":\"dana-2mib\"}")
                        .status())
                .isEqualTo(200);
        String id = sandbox(user);
        assertThat(user.put("/v1/sandboxes/" + id + "/files?path=/workspace/a.bin", new byte[1536 * 1024])
                        .status())
                .isEqualTo(200);

        JsonNode builtin = user.exec(id, "head -c 1048576 /dev/urandom > /workspace/c.bin; echo rc=$?");
        assertThat(builtin.get("stdout").asText()).doesNotContain("rc=0");
        assertThat(builtin.get("stderr").asText()).contains("No space left on device");
        JsonNode program =
                user.exec(id, "python3 -c \"open('/workspace/p.bin','wb').write(b'x' * 1048576)\"; echo rc=$?");
        assertThat(program.get("stdout").asText()).as(program.toString()).doesNotContain("rc=0");
        assertThat(program.toString()).doesNotContain("not saved");

        String before = user.exec(id, "ls -l /workspace | sort").get("stdout").asText();
        assertThat(user.post("/v1/sandboxes/" + id + "/pause", "").status()).isEqualTo(200);
        assertThat(user.post("/v1/sandboxes/" + id + "/resume", "").status()).isEqualTo(200);
        assertThat(user.exec(id, "ls -l /workspace | sort").get("stdout").asText())
                .isEqualTo(before);
    }

    @Test
    void filesARunningProgramWritesReachTheFilesApiWhileItRuns() {
        Api user = Suite.newUser("dana-background");
        String id = sandbox(user);
        JsonNode started = user.exec(
                id,
                "python3 -c \"import time; f=open('/workspace/bg2.txt','w'); f.write('early\\n'); f.flush();"
                        + " time.sleep(30)\" > /dev/null 2>&1 &");
        assertThat(started.get("exitCode").asInt()).isZero();
        await().atMost(Duration.ofSeconds(3))
                .pollInterval(Duration.ofMillis(100))
                .untilAsserted(
                        () -> assertThat(read(user, id, "/workspace/bg2.txt")).isEqualTo("early\n"));
        assertThat(user.exec(id, "cat /workspace/bg2.txt").get("stdout").asText())
                .isEqualTo("early\n");
        user.exec(id, "kill %1");
    }

    @Test
    void aForkBombStopsAtTheSandboxsProcessLimitAndTheSandboxGoesOn() {
        Api user = Suite.newUser("dana-forkbomb");
        String id = sandbox(user);
        JsonNode bomb = user.exec(id, ":(){ :|:& };:");
        assertThat(bomb.get("exitCode").asInt()).as(bomb.toString()).isEqualTo(126);
        assertThat(bomb.get("limit").asText()).isEqualTo("max_processes");
        assertThat(bomb.get("stderr").asText()).contains("limit exceeded: max_processes");
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(
                        () -> assertThat(user.exec(id, "echo hi").get("stdout").asText())
                                .isEqualTo("hi\n"));
    }

    @Test
    void aSessionsStateSurvivesAPause() {
        Api user = Suite.newUser("dana-session");
        String id = sandbox(user);
        user.exec(
                id,
                "mkdir -p /workspace/d && cd /workspace/d && X=kept; declare -a arr=(1 2); greet() { echo \"hi $1\"; };"
                        + " alias ll='ls -l'; set -o noglob");
        assertThat(user.post("/v1/sandboxes/" + id + "/pause", "").status()).isEqualTo(200);
        JsonNode after = user.exec(id, "pwd; echo $X ${arr[1]}; greet you; alias ll; shopt -po noglob");
        assertThat(after.get("stdout").asText())
                .isEqualTo("/workspace/d\nkept 2\nhi you\nalias ll='ls -l'\nset -o noglob\n");
    }

    @Test
    void aCwdThatDoesNotExistIsA400NamingIt() {
        Api user = Suite.newUser("dana-cwd");
        String id = sandbox(user);
        Api.Response r =
                user.post("/v1/sandboxes/" + id + "/exec", "{\"command\":\"pwd\",\"cwd\":\"/workspace/nope\"}");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().get("errno").asText()).isEqualTo("ENOENT");
        assertThat(r.json().get("detail").asText()).contains("/workspace/nope");
    }

    @Test
    void builtInsAndProgramsSeeOneFileSystemWithReadOnlySystemDirectories() {
        Api user = Suite.newUser("dana-onefs");
        String id = sandbox(user);
        JsonNode builtin =
                user.exec(id, "cat /etc/os-release | head -1; ls /usr/lib | grep -c . ; echo x > /evil; echo rc=$?");
        assertThat(builtin.get("stdout").asText()).startsWith("PRETTY_NAME=").contains("rc=1");
        assertThat(builtin.get("stderr").asText()).contains("Read-only file system");
        JsonNode program = user.exec(id, "python3 -c \"open('/evil','w')\" 2>&1 | tail -1");
        assertThat(program.get("stdout").asText()).contains("Read-only file system");
        Api.Response api = user.put("/v1/sandboxes/" + id + "/files?path=/usr/bin/evil", new byte[] {1});
        assertThat(api.status()).isEqualTo(403);
        assertThat(api.json().get("errno").asText()).isEqualTo("EROFS");
    }

    @Test
    void finishedJobsAreDoneAndOutputThatIsNotUtf8ComesBackExactly() {
        Api user = Suite.newUser("dana-jobs");
        String id = sandbox(user);
        user.exec(id, "sleep 0.1 & python3 -c 'pass' &");
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(
                        () -> assertThat(user.exec(id, "jobs").get("stdout").asText())
                                .contains("Done")
                                .doesNotContain("Terminated")
                                .doesNotContain("Running"));
        JsonNode binary = user.exec(id, "printf '\\377\\376'");
        assertThat(binary.get("stdoutBase64").asText()).isEqualTo("//4=");
    }

    // ---- helpers ----

    private static String sandbox(Api user) {
        Api.Response created = user.post("/v1/sandboxes", "{\"provider\":\"local\"}");
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return created.json().get("id").asText();
    }

    private static Api.Response write(Api user, String id, String path, String text) {
        return user.put("/v1/sandboxes/" + id + "/files?path=" + path, text.getBytes(StandardCharsets.UTF_8));
    }

    private static String read(Api user, String id, String path) {
        Api.Response r = user.get("/v1/sandboxes/" + id + "/files?path=" + path);
        assertThat(r.status()).as(path + ": " + r.text()).isEqualTo(200);
        return r.text();
    }

    /** Defines a plan like the free one with some limits changed. */
    static void definePlan(Api admin, String name, Map<String, Long> limits) {
        ObjectNode plan = admin.get("/v1/admin/plans/free").json().deepCopy();
        plan.put("name", name);
        limits.forEach(((ObjectNode) plan.get("limits"))::put);
        Api.Response defined = admin.putJson("/v1/admin/plans/" + name, plan.toString());
        assertThat(defined.status()).as(defined.text()).isIn(200, 201);
    }
}
