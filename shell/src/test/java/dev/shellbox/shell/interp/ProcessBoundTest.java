package dev.shellbox.shell.interp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A {@link ProcessBound} shared by the shells of one sandbox: a fork bomb hits it, is stopped with a message naming
 * the limit, and its threads end; the other shells keep working, and threads of jobs that end normally end too.
 */
@Timeout(120)
class ProcessBoundTest {
    /** An escalator that runs nothing but is one, as a sandbox without a container has. */
    private static final Escalator NOTHING = new Escalator() {
        @Override
        public Optional<String> locate(String name, Map<String, String> env) {
            return Optional.empty();
        }

        @Override
        public EscalatedProcess start(EscalationRequest request) throws IOException {
            throw new IOException("nothing runs here");
        }
    };

    private final ProcessBound bound = ProcessBound.of(64);
    private final int baselineThreads = engineThreads();

    private ShellSession session() {
        return ShellSession.create(Shell.builder().processes(bound).escalator(NOTHING));
    }

    @Test
    void aForkBombIsStoppedWithTheLimitNamedAndItsThreadsEnd() {
        ShellSession bomb = session();
        ShellSession neighbour = session();

        ShellSession.Run r = bomb.run(":(){ :|:& };:");

        assertThat(r.status()).isEqualTo(ExecutionLimits.STATUS);
        assertThat(r.result().limitExceeded()).isEqualTo("max_processes");
        assertThat(r.stderr()).contains("shellbox: limit exceeded: max_processes (");
        awaitAtMost(bound::live, 0);
        awaitAtMost(ProcessBoundTest::engineThreads, baselineThreads);
        assertThat(neighbour.output("echo hi")).isEqualTo("hi\n");
        assertThat(bomb.output("echo hi")).isEqualTo("hi\n");
    }

    @Test
    void aBombThatWaitsForItsChildrenIsStoppedWithoutAnEscalator() {
        ShellSession bomb = ShellSession.create(Shell.builder().processes(bound));

        ShellSession.Run r = bomb.run(":(){ :|:& wait; };:\necho not reached");

        assertThat(r.status()).isEqualTo(ExecutionLimits.STATUS);
        assertThat(r.result().limitExceeded()).isEqualTo("max_processes");
        assertThat(r.stderr()).contains("shellbox: limit exceeded: max_processes (");
        assertThat(r.stdout()).doesNotContain("not reached");
        awaitAtMost(bound::live, 0);
        awaitAtMost(ProcessBoundTest::engineThreads, baselineThreads);
    }

    @Test
    void theLimitOfOneShellDoesNotStopAnotherOnesNextExecution() {
        ShellSession bomb = session();
        ShellSession neighbour = session();
        neighbour.output("x=1");

        bomb.run(":(){ :|:& };:");
        awaitAtMost(bound::live, 0);

        ShellSession.Run r = neighbour.run("sleep 0.2 | cat; echo $x");
        assertThat(r.status()).isZero();
        assertThat(r.stdout()).isEqualTo("1\n");
    }

    @Test
    void commandsThatCommandsRunCountAgainstTheBound() {
        ShellSession s = session();

        ShellSession.Run r = s.run("seq 200 | xargs -P 0 -n 1 sleep 5");

        assertThat(r.status()).isEqualTo(ExecutionLimits.STATUS);
        assertThat(r.result().limitExceeded()).isEqualTo("max_processes");
        awaitAtMost(bound::live, 0);
    }

    @Test
    void threadsOfJobsThatEndNormallyEnd() {
        ShellSession s = session();

        ShellSession.Run r = s.run("""
                sleep 0.1 &
                sleep 0.1 | cat &
                echo a | cat | cat
                cat <(echo b) >(cat >/dev/null)
                coproc { read x; echo "got $x"; }
                echo c >&${COPROC[1]}; read -u ${COPROC[0]} y; echo $y
                wait
                """);

        assertThat(r.status()).isZero();
        assertThat(r.stdout()).isEqualTo("a\nb\ngot c\n");
        awaitAtMost(bound::live, 0);
        awaitAtMost(ProcessBoundTest::engineThreads, baselineThreads);
    }

    @Test
    void threadsOfJobsStillRunningWhenTheExecutionEndsEnd() {
        ShellSession s = session();

        assertThat(s.run("sleep 30 & sleep 30 | cat &").status()).isZero();

        awaitAtMost(bound::live, 0);
        awaitAtMost(ProcessBoundTest::engineThreads, baselineThreads);
    }

    @Test
    void withoutASharedBoundEachShellHasItsOwn() {
        ExecutionLimits limits =
                new ExecutionLimits(null, 1_000_000, 1_000_000, 100, 1 << 20, 1 << 20, 1000, 1000, 16, 8);
        ShellSession a = ShellSession.create(Shell.builder().limits(limits));
        ShellSession b = ShellSession.create(Shell.builder().limits(limits));

        ShellSession.Run r = a.run(":(){ :|:& wait; };:");

        assertThat(r.result().limitExceeded()).isEqualTo("max_processes");
        assertThat(b.output("echo a | cat | cat")).isEqualTo("a\n");
    }

    /** The engine's threads alive now, busy or idle. */
    private static int engineThreads() {
        return (int) Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().equals("shellbox-worker"))
                .count();
    }

    /** Waits until {@code value} is at most {@code max} (the class's timeout bounds the wait). */
    private static void awaitAtMost(IntSupplier value, int max) {
        while (value.getAsInt() > max) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
