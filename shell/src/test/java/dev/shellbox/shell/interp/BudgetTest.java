package dev.shellbox.shell.interp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Budgets an embedder grants in chunks: commands and milliseconds of escalated programs, inside one execution. */
@Timeout(60)
class BudgetTest {
    private final ShellSession s = ShellSession.create();

    /** Grants chunks of {@code chunk} until {@code total} is given out, and counts the calls. */
    static final class Chunks implements Budget.Grantor {
        final long chunk;
        final long total;
        final AtomicInteger calls = new AtomicInteger();
        final AtomicLong given = new AtomicLong();

        Chunks(long chunk, long total) {
            this.chunk = chunk;
            this.total = total;
        }

        @Override
        public long grant(long needed) {
            calls.incrementAndGet();
            long n = Math.min(Math.max(chunk, needed), total - given.get());
            given.addAndGet(n);
            return n;
        }
    }

    @Test
    void aRunawayLoopStopsWhenTheCommandBudgetIsSpent() {
        Chunks grants = new Chunks(100, 1000);

        ShellSession.Run r = s.run(
                Execution.builder("while true; do echo x; done").commandBudget(Budget.of("commands_per_day", grants)));

        assertThat(r.status()).isEqualTo(ExecutionLimits.STATUS);
        assertThat(r.result().limitExceeded()).isEqualTo("commands_per_day");
        assertThat(r.stderr()).contains("shellbox: limit exceeded: commands_per_day (");
        assertThat(r.result().budgetsUsed()).containsEntry("commands_per_day", 1000L);
        // true and echo: two commands an iteration
        assertThat(r.stdout().lines().count()).isEqualTo(500);
        assertThat(grants.calls.get()).isEqualTo(11);
    }

    @Test
    void theGrantorIsAskedOnlyWhenAChunkRunsOut() {
        Chunks grants = new Chunks(100, 1_000_000);

        ShellSession.Run r = s.run(Execution.builder("for i in {1..250}; do :; done")
                .commandBudget(Budget.of("commands_per_day", grants)));

        assertThat(r.status()).isZero();
        assertThat(r.result().limitExceeded()).isNull();
        assertThat(r.result().budgetsUsed()).containsEntry("commands_per_day", 250L);
        assertThat(grants.calls.get()).isEqualTo(3);
    }

    @Test
    void aBudgetThatCoversTheScriptLetsItFinish() {
        Budget budget = Budget.fixed("commands_per_day", 3);

        ShellSession.Run r =
                s.run(Execution.builder("a=1; echo $a; [[ $a == 1 ]]").commandBudget(budget));

        assertThat(r.status()).isZero();
        assertThat(r.stdout()).isEqualTo("1\n");
        assertThat(budget.used()).isEqualTo(3);
        assertThat(budget.isSpent()).isFalse();
    }

    @Test
    void commandsThatCommandsRunAreCounted() {
        ShellSession.Run r = s.run(
                Execution.builder("seq 20 | xargs -n 1 true").commandBudget(Budget.fixed("commands_per_day", 10)));

        assertThat(r.result().limitExceeded()).isEqualTo("commands_per_day");
        assertThat(r.result().budgetsUsed()).containsEntry("commands_per_day", 10L);
    }

    @Test
    void backgroundJobsShareTheBudget() {
        ShellSession.Run r = s.run(Execution.builder("for i in 1 2 3; do (while :; do :; done) & done; wait")
                .commandBudget(Budget.fixed("commands_per_day", 3000)));

        assertThat(r.status()).isEqualTo(ExecutionLimits.STATUS);
        assertThat(r.result().limitExceeded()).isEqualTo("commands_per_day");
        assertThat(r.result().budgetsUsed()).containsEntry("commands_per_day", 3000L);
    }

    @Test
    void aGrantorThatFailsCountsAsOneWithNothingLeft() {
        ShellSession.Run r =
                s.run(Execution.builder("echo never").commandBudget(Budget.of("commands_per_day", needed -> {
                    throw new IllegalStateException("quota service down");
                })));

        assertThat(r.status()).isEqualTo(ExecutionLimits.STATUS);
        assertThat(r.stdout()).isEmpty();
        assertThat(r.result().limitExceeded()).isEqualTo("commands_per_day");
    }

    @Test
    void aBudgetTakenFromManyThreadsGivesOutExactlyWhatWasGranted() throws InterruptedException {
        Chunks grants = new Chunks(100, 50_000);
        Budget budget = Budget.of("units", grants);
        AtomicLong taken = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 10_000; i++) {
                    if (budget.tryTake(1)) {
                        taken.incrementAndGet();
                    }
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }

        assertThat(taken.get()).isEqualTo(50_000);
        assertThat(budget.used()).isEqualTo(50_000);
        assertThat(budget.isSpent()).isTrue();
    }

    @Test
    void aProgramIsStoppedWhenTheProgramTimeBudgetIsSpent() {
        Programs programs = new Programs();
        ShellSession session = ShellSession.create(Shell.builder().escalator(programs));

        ShellSession.Run r = session.run(Execution.builder("forever; echo not reached")
                .programTimeBudget(Budget.fixed("container_seconds_per_day", 300)));

        assertThat(r.status()).isEqualTo(ExecutionLimits.STATUS);
        assertThat(r.result().limitExceeded()).isEqualTo("container_seconds_per_day");
        assertThat(r.stderr()).contains("shellbox: limit exceeded: container_seconds_per_day (");
        assertThat(r.stdout()).doesNotContain("not reached");
        assertThat(r.result().budgetsUsed()).containsEntry("container_seconds_per_day", 300L);
        assertThat(programs.signals).containsExactly(9);
    }

    @Test
    void aProgramThatEndsIsChargedAtLeastItsRunningTime() {
        Programs programs = new Programs();
        ShellSession session = ShellSession.create(Shell.builder().escalator(programs));
        Budget budget = Budget.fixed("container_seconds_per_day", 1_000_000);

        ShellSession.Run r = session.run(Execution.builder("brief").programTimeBudget(budget));

        assertThat(r.status()).isZero();
        assertThat(budget.used()).isGreaterThanOrEqualTo(Programs.BRIEF_MILLIS);
        assertThat(r.result().budgetsUsed().get("container_seconds_per_day")).isEqualTo(budget.used());
    }

    /** Programs {@code forever} (until killed) and {@code brief} (a short sleep), with the signals they got. */
    static final class Programs implements Escalator {
        static final long BRIEF_MILLIS = 150;
        final List<Integer> signals = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public Optional<String> locate(String name, Map<String, String> env) {
            return name.equals("forever") || name.equals("brief") ? Optional.of("/usr/bin/" + name) : Optional.empty();
        }

        @Override
        public EscalatedProcess start(EscalationRequest request) {
            boolean brief = request.argv().get(0).endsWith("brief");
            CountDownLatch killed = new CountDownLatch(1);
            return new EscalatedProcess() {
                @Override
                public OutputStream stdin() {
                    return null;
                }

                @Override
                public InputStream stdout() {
                    return null;
                }

                @Override
                public InputStream stderr() {
                    return null;
                }

                @Override
                public int waitFor() throws InterruptedException {
                    if (brief) {
                        return killed.await(BRIEF_MILLIS, TimeUnit.MILLISECONDS) ? 137 : 0;
                    }
                    killed.await();
                    return 137;
                }

                @Override
                public void signal(int signal) {
                    signals.add(signal);
                    killed.countDown();
                }
            };
        }
    }
}
