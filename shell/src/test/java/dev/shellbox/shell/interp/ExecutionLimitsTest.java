package dev.shellbox.shell.interp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every engine limit stops the script with 126 and names itself in snake_case, in the message and the result. */
class ExecutionLimitsTest {
    private static final ExecutionLimits ROOMY = new ExecutionLimits(
            Duration.ofSeconds(20), 100_000, 100_000, 100, 1 << 20, 1 << 20, 100_000, 100_000, 16, 64);

    record Case(String name, String script, ExecutionLimits limits) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        ExecutionLimits r = ROOMY;
        return Stream.of(
                new Case("max_commands", "while :; do :; done", r.withMaxCommands(20)),
                new Case("max_loop_iterations", "while :; do :; done", r.withMaxLoopIterations(20)),
                new Case("max_call_depth", "f() { f; }; f", r.withMaxCallDepth(10)),
                new Case("max_output_bytes", "echo 0123456789abcdef", r.withMaxOutputBytes(10)),
                new Case("max_string_length", "x=0123456789abcdef", r.withMaxStringLength(10)),
                new Case("max_array_elements", "a=(1 2 3 4 5 6 7 8 9 10 11 12)", with(r, 10, 64, 16)),
                new Case("max_brace_expansion", "echo {1..100}", with(r, 100_000, 10, 16)),
                new Case("max_background_jobs", "sleep 5 & sleep 5 & sleep 5 & wait", with(r, 100_000, 64, 2)),
                new Case("max_processes", "sleep 5 | sleep 5 | sleep 5 | sleep 5 | sleep 5", withProcesses(r, 3)),
                new Case("timeout", "sleep 30", r.withTimeout(Duration.ofMillis(100))));
    }

    private static ExecutionLimits with(ExecutionLimits r, long arrayElements, int braceWords, int jobs) {
        return new ExecutionLimits(
                r.timeout(),
                r.maxCommands(),
                r.maxLoopIterations(),
                r.maxCallDepth(),
                r.maxOutputBytes(),
                r.maxStringLength(),
                arrayElements,
                braceWords,
                jobs,
                r.maxProcesses());
    }

    private static ExecutionLimits withProcesses(ExecutionLimits r, int processes) {
        return new ExecutionLimits(
                r.timeout(),
                r.maxCommands(),
                r.maxLoopIterations(),
                r.maxCallDepth(),
                r.maxOutputBytes(),
                r.maxStringLength(),
                r.maxArrayElements(),
                r.maxBraceExpansion(),
                r.maxBackgroundJobs(),
                processes);
    }

    @Test
    void theDeadlineIsTheScriptsNotTheMomentItsJobsGetAfterIt() {
        Escalator nothing = new Escalator() {
            @Override
            public Optional<String> locate(String name, Map<String, String> env) {
                return Optional.empty();
            }

            @Override
            public EscalatedProcess start(EscalationRequest request) throws IOException {
                throw new IOException("nothing runs here");
            }
        };
        ShellSession s = ShellSession.create(
                Shell.builder().escalator(nothing).limits(ROOMY.withTimeout(Duration.ofMillis(300))));

        ShellSession.Run r = s.run("sleep 1 &");

        assertThat(r.status()).isZero();
        assertThat(r.result().limitExceeded()).isNull();
    }

    @ParameterizedTest
    @MethodSource("cases")
    void stopsTheScriptAndNamesTheLimit(Case c) {
        ShellSession s = ShellSession.create(Shell.builder().limits(c.limits()));

        ShellSession.Run r = s.run(c.script() + "\necho not reached");

        assertThat(r.status()).isEqualTo(ExecutionLimits.STATUS);
        assertThat(r.result().limitExceeded()).isEqualTo(c.name());
        assertThat(r.stderr()).contains("shellbox: limit exceeded: " + c.name() + " (");
        assertThat(r.stdout()).doesNotContain("not reached");
    }
}
