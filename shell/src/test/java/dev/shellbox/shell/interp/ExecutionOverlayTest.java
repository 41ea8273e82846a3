package dev.shellbox.shell.interp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.shell.fs.Errno;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Shell#execute(Execution)}: a working directory and variables for one call, and the session afterwards. */
class ExecutionOverlayTest {
    private final ShellSession s = ShellSession.create();

    @Test
    void runsInTheGivenDirectoryAndComesBackToTheSessionsDirectory() {
        s.output("mkdir -p /workspace/src; cd /tmp; cd /workspace");
        String before = s.output("declare -p PWD OLDPWD; dirs");

        ShellSession.Run r = s.run(Execution.builder("pwd; echo \"$PWD\"; cd /home; pushd /tmp >/dev/null; pwd")
                .workingDirectory("/workspace/src"));

        assertThat(r.stdout()).isEqualTo("/workspace/src\n/workspace/src\n/tmp\n");
        assertThat(s.shell.workingDirectory()).isEqualTo("/workspace");
        assertThat(s.output("pwd")).isEqualTo("/workspace\n");
        assertThat(s.output("declare -p PWD OLDPWD; dirs")).isEqualTo(before);
    }

    @Test
    void aRelativeDirectoryIsTakenFromTheSessionsDirectory() {
        s.output("mkdir -p /workspace/src/lib");

        assertThat(s.run(Execution.builder("pwd").workingDirectory("src/lib")).stdout())
                .isEqualTo("/workspace/src/lib\n");
    }

    @Test
    void withoutADirectoryTheScriptsCdPersists() {
        s.output("cd /tmp");

        assertThat(s.shell.workingDirectory()).isEqualTo("/tmp");
        assertThat(s.output("pwd; echo $OLDPWD")).isEqualTo("/tmp\n/workspace\n");
    }

    @Test
    void aMissingDirectoryFailsTheCallWithENOENTBeforeAnythingRuns() {
        assertThatThrownBy(() -> s.run(Execution.builder("touch /workspace/ran").workingDirectory("/workspace/nope")))
                .isInstanceOfSatisfying(ExecutionRejectedException.class, e -> {
                    assertThat(e.field()).isEqualTo(ExecutionRejectedException.Field.WORKING_DIRECTORY);
                    assertThat(e.value()).isEqualTo("/workspace/nope");
                    assertThat(e.errno()).isEqualTo(Errno.ENOENT);
                    assertThat(e.getMessage()).contains("/workspace/nope").contains("No such file or directory");
                });

        assertThat(s.fs.exists("/workspace/ran")).isFalse();
        assertThat(s.shell.workingDirectory()).isEqualTo("/workspace");
    }

    @Test
    void aFileAsDirectoryFailsTheCallWithENOTDIR() {
        s.output("echo x > /workspace/file");

        assertThatThrownBy(() -> s.run(Execution.builder("true").workingDirectory("/workspace/file")))
                .isInstanceOfSatisfying(
                        ExecutionRejectedException.class,
                        e -> assertThat(e.errno()).isEqualTo(Errno.ENOTDIR));
        assertThatThrownBy(() -> s.run(Execution.builder("true").workingDirectory("/workspace/file/sub")))
                .isInstanceOfSatisfying(
                        ExecutionRejectedException.class,
                        e -> assertThat(e.errno()).isEqualTo(Errno.ENOTDIR));
    }

    @Test
    void variablesAreExportedForTheCallOnly() {
        ShellSession.Run r = s.run(Execution.builder("echo \"$GREETING\"; env | grep '^GREETING='; declare -p GREETING")
                .environment(Map.of("GREETING", "hello world")));

        assertThat(r.stdout()).isEqualTo("hello world\nGREETING=hello world\ndeclare -x GREETING=\"hello world\"\n");
        assertThat(s.output("declare -p GREETING 2>&1; echo ${GREETING-unset}"))
                .isEqualTo("bash: line 1: declare: GREETING: not found\nunset\n");
        assertThat(s.shell.environment()).doesNotContainKey("GREETING");
    }

    @Test
    void anExistingVariableComesBackWithItsValueAndAttributes() {
        s.output("""
                plain=1
                export exported=2
                declare -i number=3
                declare -a list=(a b)
                declare -A map=([k]=v)
                declare -l lower=abc
                """);
        String before = s.output("declare -p plain exported number list map lower");

        ShellSession.Run r = s.run(Execution.builder(
                        "echo $plain $exported $number $list $lower; plain=changed; unset exported; number+=1")
                .environment(
                        Map.of("plain", "p", "exported", "e", "number", "n", "list", "l", "map", "m", "lower", "LOW")));

        assertThat(r.stdout()).isEqualTo("p e n l LOW\n");
        assertThat(s.output("declare -p plain exported number list map lower")).isEqualTo(before);
    }

    @Test
    void variablesTheScriptAssignsUnderOtherNamesStay() {
        s.run(Execution.builder("other=$K; export also=1").environment(Map.of("K", "v")));

        assertThat(s.output("declare -p other also")).isEqualTo("declare -- other=\"v\"\ndeclare -x also=\"1\"\n");
    }

    @Test
    void theSessionIsRestoredWhenALimitStopsTheScript() {
        ShellSession limited = ShellSession.create(Shell.builder().limits(ExecutionLimits.DEFAULT.withMaxCommands(10)));
        limited.output("mkdir /workspace/d");

        ShellSession.Run r = limited.run(Execution.builder("cd /tmp; while true; do :; done")
                .workingDirectory("/workspace/d")
                .environment(Map.of("K", "v")));

        assertThat(r.status()).isEqualTo(ExecutionLimits.STATUS);
        assertThat(limited.shell.workingDirectory()).isEqualTo("/workspace");
        assertThat(limited.shell.variable("K")).isNull();
    }

    @Test
    void theSessionIsRestoredAfterExit() {
        s.run(Execution.builder("K=other; exit 3").workingDirectory("/tmp").environment(Map.of("K", "v")));

        assertThat(s.shell.workingDirectory()).isEqualTo("/workspace");
        assertThat(s.shell.variable("K")).isNull();
    }

    @Test
    void readonlySpecialAndInvalidNamesAreRejected() {
        s.output("readonly fixed=1");

        for (String name : new String[] {"fixed", "UID", "RANDOM", "SECONDS", "1abc", "a-b", ""}) {
            assertThatThrownBy(() ->
                            s.run(Execution.builder("touch /workspace/ran").variable(name, "x")))
                    .as(name)
                    .isInstanceOfSatisfying(ExecutionRejectedException.class, e -> {
                        assertThat(e.field()).isEqualTo(ExecutionRejectedException.Field.ENVIRONMENT);
                        assertThat(e.value()).isEqualTo(name);
                        assertThat(e.errno()).isNull();
                    });
        }
        assertThat(s.fs.exists("/workspace/ran")).isFalse();
    }

    @Test
    void aRejectedVariableLeavesTheDirectoryUnchanged() {
        assertThatThrownBy(() ->
                        s.run(Execution.builder("true").workingDirectory("/tmp").variable("UID", "0")))
                .isInstanceOf(ExecutionRejectedException.class);

        assertThat(s.shell.workingDirectory()).isEqualTo("/workspace");
        assertThat(s.output("echo $PWD")).isEqualTo("/workspace\n");
    }

    @Test
    void aCallCancelledBeforeItStartsEndsWith130() {
        dev.shellbox.shell.io.Cancellation cancelled = dev.shellbox.shell.io.Cancellation.create();
        cancelled.cancel("the client went away");

        ShellSession.Run r = s.run(Execution.builder("touch /workspace/ran").cancellation(cancelled));

        assertThat(r.status()).isEqualTo(130);
        assertThat(s.fs.exists("/workspace/ran")).isFalse();
        assertThat(s.output("echo next")).isEqualTo("next\n");
    }

    @Test
    void theCallersCancellationAndDeadlineStillApply() {
        ShellSession timed = ShellSession.create(
                Shell.builder().limits(ExecutionLimits.DEFAULT.withTimeout(Duration.ofMillis(200))));

        ShellSession.Run r = timed.run(Execution.builder("sleep 30").workingDirectory("/tmp"));

        assertThat(r.result().limitExceeded()).isEqualTo("timeout");
        assertThat(timed.shell.workingDirectory()).isEqualTo("/workspace");
    }
}
