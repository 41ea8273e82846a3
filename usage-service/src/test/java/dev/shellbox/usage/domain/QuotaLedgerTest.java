package dev.shellbox.usage.domain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.contracts.Limit;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class QuotaLedgerTest {
    private static final Duration TTL = Duration.ofMinutes(2);
    private static final String USER = "alice";

    private final MutableClock clock = new MutableClock(Instant.parse("2025-03-01T23:00:00Z"));
    private final QuotaLedger ledger = new QuotaLedger(clock);

    private static PlanDefinition plan(Limit limit, long maximum) {
        Map<Limit, Long> limits =
                new EnumMap<>(DefaultPlans.seeded(DefaultPlans.FREE).limits());
        limits.put(limit, maximum);
        return new PlanDefinition("test", limits, 1);
    }

    private static DailyCounters counters(Limit limit, long amount) {
        DailyCounters c = new DailyCounters();
        c.add(limit, amount);
        return c;
    }

    @Test
    void allowsUpToTheMaximumAndRefusesTheNext() {
        PlanDefinition plan = plan(Limit.EXECS_PER_DAY, 3);
        for (int i = 0; i < 3; i++) {
            assertThat(ledger.check(USER, plan, Limit.EXECS_PER_DAY, 1, TTL).allowed())
                    .isTrue();
        }
        QuotaDecision refused = ledger.check(USER, plan, Limit.EXECS_PER_DAY, 1, TTL);
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.current()).isEqualTo(3);
        assertThat(refused.maximum()).isEqualTo(3);
        assertThat(refused.plan()).isEqualTo("test");
        assertThat(refused.reservationId()).isNull();
    }

    @Test
    void refusesADailyLimitUntilTheNextUtcMidnight() {
        PlanDefinition plan = plan(Limit.EXECS_PER_DAY, 0);
        QuotaDecision refused = ledger.check(USER, plan, Limit.EXECS_PER_DAY, 1, TTL);
        assertThat(refused.retryAfterSeconds()).isEqualTo(3600);
    }

    @Test
    void countsAnOperationOnceWhenItsEventIsFolded() {
        PlanDefinition plan = plan(Limit.EXECS_PER_DAY, 10);
        ledger.check(USER, plan, Limit.EXECS_PER_DAY, 1, TTL);
        ledger.check(USER, plan, Limit.EXECS_PER_DAY, 1, TTL);
        ledger.check(USER, plan, Limit.EXECS_PER_DAY, 1, TTL);
        assertThat(ledger.current(USER, Limit.EXECS_PER_DAY)).isEqualTo(3);

        ledger.folded(USER, ledger.today(), counters(Limit.EXECS_PER_DAY, 2));

        assertThat(ledger.current(USER, Limit.EXECS_PER_DAY)).isEqualTo(3);
        assertThat(ledger.reserved(USER, Limit.EXECS_PER_DAY)).isEqualTo(1);
    }

    @Test
    void partlyReleasesAReservationLargerThanTheFoldedAmount() {
        PlanDefinition plan = plan(Limit.FILE_OPS_PER_DAY, 100);
        ledger.check(USER, plan, Limit.FILE_OPS_PER_DAY, 10, TTL);
        ledger.folded(USER, ledger.today(), counters(Limit.FILE_OPS_PER_DAY, 4));
        assertThat(ledger.reserved(USER, Limit.FILE_OPS_PER_DAY)).isEqualTo(6);
        assertThat(ledger.current(USER, Limit.FILE_OPS_PER_DAY)).isEqualTo(10);
    }

    @Test
    void letsAReservationLapseAfterItsTtl() {
        PlanDefinition plan = plan(Limit.EXECS_PER_DAY, 1);
        assertThat(ledger.check(USER, plan, Limit.EXECS_PER_DAY, 1, TTL).allowed())
                .isTrue();
        assertThat(ledger.check(USER, plan, Limit.EXECS_PER_DAY, 1, TTL).allowed())
                .isFalse();

        clock.advance(TTL);

        assertThat(ledger.current(USER, Limit.EXECS_PER_DAY)).isZero();
        assertThat(ledger.check(USER, plan, Limit.EXECS_PER_DAY, 1, TTL).allowed())
                .isTrue();
    }

    @Test
    void aSettledReservationKeepsWhatWasUsedUntilTheFoldAndGivesBackTheRest() {
        PlanDefinition plan = plan(Limit.COMMANDS_PER_DAY, 1000);
        QuotaDecision chunk = ledger.check(USER, plan, Limit.COMMANDS_PER_DAY, 600, TTL);
        assertThat(ledger.check(USER, plan, Limit.COMMANDS_PER_DAY, 600, TTL).allowed())
                .isFalse();

        assertThat(ledger.settle(chunk.reservationId(), 3)).isTrue();

        assertThat(ledger.current(USER, Limit.COMMANDS_PER_DAY)).isEqualTo(3);
        ledger.folded(USER, ledger.today(), counters(Limit.COMMANDS_PER_DAY, 3));
        assertThat(ledger.current(USER, Limit.COMMANDS_PER_DAY)).isEqualTo(3);
        assertThat(ledger.reservationCount()).isZero();
        assertThat(ledger.check(USER, plan, Limit.COMMANDS_PER_DAY, 997, TTL).allowed())
                .isTrue();
    }

    @Test
    void aReservationSettledWithNothingUsedIsGivenBack() {
        PlanDefinition plan = plan(Limit.CONTAINER_SECONDS_PER_DAY, 10);
        QuotaDecision chunk = ledger.check(USER, plan, Limit.CONTAINER_SECONDS_PER_DAY, 10, TTL);

        assertThat(ledger.settle(chunk.reservationId(), 0)).isTrue();
        assertThat(ledger.settle(chunk.reservationId(), 0)).isFalse();

        assertThat(ledger.current(USER, Limit.CONTAINER_SECONDS_PER_DAY)).isZero();
        assertThat(ledger.reservationCount()).isZero();
    }

    @Test
    void freesTheRoomOfAReleasedReservation() {
        PlanDefinition plan = plan(Limit.SANDBOX_CREATES_PER_DAY, 1);
        QuotaDecision allowed = ledger.check(USER, plan, Limit.SANDBOX_CREATES_PER_DAY, 1, TTL);

        assertThat(ledger.release(allowed.reservationId())).isTrue();
        assertThat(ledger.release(allowed.reservationId())).isFalse();

        assertThat(ledger.check(USER, plan, Limit.SANDBOX_CREATES_PER_DAY, 1, TTL)
                        .allowed())
                .isTrue();
        assertThat(ledger.reservationCount()).isEqualTo(1);
    }

    @Test
    void answersAnAmountOfZeroWithoutReserving() {
        PlanDefinition plan = plan(Limit.COMMANDS_PER_DAY, 2);
        ledger.folded(USER, ledger.today(), counters(Limit.COMMANDS_PER_DAY, 1));

        QuotaDecision peek = ledger.check(USER, plan, Limit.COMMANDS_PER_DAY, 0, TTL);
        assertThat(peek.allowed()).isTrue();
        assertThat(peek.reservationId()).isNull();
        assertThat(ledger.reserved(USER, Limit.COMMANDS_PER_DAY)).isZero();

        ledger.folded(USER, ledger.today(), counters(Limit.COMMANDS_PER_DAY, 1));
        assertThat(ledger.check(USER, plan, Limit.COMMANDS_PER_DAY, 0, TTL).allowed())
                .isFalse();
    }

    @Test
    void comparesACeilingWithTheRequestedValueAndReservesNothing() {
        PlanDefinition plan = plan(Limit.MAX_EXEC_TIMEOUT_MS, 60_000);
        assertThat(ledger.check(USER, plan, Limit.MAX_EXEC_TIMEOUT_MS, 60_000, TTL)
                        .allowed())
                .isTrue();
        QuotaDecision refused = ledger.check(USER, plan, Limit.MAX_EXEC_TIMEOUT_MS, 60_001, TTL);
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.current()).isEqualTo(60_001);
        assertThat(refused.retryAfterSeconds()).isNull();
        assertThat(ledger.reservationCount()).isZero();
    }

    @Test
    void countsContainerTimeInMillisecondsAndShowsWholeSeconds() {
        PlanDefinition plan = plan(Limit.CONTAINER_SECONDS_PER_DAY, 2);
        ledger.folded(USER, ledger.today(), counters(Limit.CONTAINER_SECONDS_PER_DAY, 1500));

        QuotaDecision refused = ledger.check(USER, plan, Limit.CONTAINER_SECONDS_PER_DAY, 1, TTL);

        assertThat(refused.allowed()).isFalse();
        assertThat(refused.current()).isEqualTo(2);
        assertThat(ledger.check(USER, plan, Limit.CONTAINER_SECONDS_PER_DAY, 0, TTL)
                        .allowed())
                .isTrue();
    }

    @Test
    void startsDailyCountersAgainOnTheNextUtcDay() {
        PlanDefinition plan = plan(Limit.EXECS_PER_DAY, 5);
        ledger.folded(USER, ledger.today(), counters(Limit.EXECS_PER_DAY, 5));
        assertThat(ledger.check(USER, plan, Limit.EXECS_PER_DAY, 1, TTL).allowed())
                .isFalse();

        clock.advance(Duration.ofHours(1));

        assertThat(ledger.today()).isEqualTo(LocalDate.of(2025, 3, 2));
        assertThat(ledger.check(USER, plan, Limit.EXECS_PER_DAY, 1, TTL).allowed())
                .isTrue();
    }

    @Test
    void countsPastDaysWithoutTouchingToday() {
        PlanDefinition plan = plan(Limit.EXECS_PER_DAY, 5);
        ledger.folded(USER, ledger.today().minusDays(1), counters(Limit.EXECS_PER_DAY, 5));
        assertThat(ledger.check(USER, plan, Limit.EXECS_PER_DAY, 5, TTL).allowed())
                .isTrue();
    }

    @Test
    void countsLiveSandboxesAndReservedCreations() {
        PlanDefinition plan = plan(Limit.CONCURRENT_SANDBOXES, 3);
        ledger.loadedLive(USER, 2);
        assertThat(ledger.check(USER, plan, Limit.CONCURRENT_SANDBOXES, 1, TTL).allowed())
                .isTrue();
        QuotaDecision refused = ledger.check(USER, plan, Limit.CONCURRENT_SANDBOXES, 1, TTL);
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.retryAfterSeconds()).isNull();

        ledger.sandboxCreated(USER);
        assertThat(ledger.live(USER)).isEqualTo(3);
        assertThat(ledger.reserved(USER, Limit.CONCURRENT_SANDBOXES)).isZero();

        ledger.sandboxDestroyed(USER);
        assertThat(ledger.check(USER, plan, Limit.CONCURRENT_SANDBOXES, 1, TTL).allowed())
                .isTrue();
    }

    @Test
    void neverAllowsMoreThanTheMaximumToParallelChecks() throws Exception {
        PlanDefinition plan = plan(Limit.EXECS_PER_DAY, 5_000);
        int threads = 16;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> results = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            results.add(pool.submit(() -> {
                start.await();
                int allowed = 0;
                for (int i = 0; i < 1_000; i++) {
                    if (ledger.check(USER, plan, Limit.EXECS_PER_DAY, 1, TTL).allowed()) {
                        allowed++;
                    }
                }
                return allowed;
            }));
        }
        start.countDown();
        int allowed = 0;
        for (Future<Integer> f : results) {
            allowed += f.get();
        }
        pool.shutdown();
        assertThat(allowed).isEqualTo(5_000);
        assertThat(ledger.current(USER, Limit.EXECS_PER_DAY)).isEqualTo(5_000);
    }

    @Test
    void forgetsIdleUsersButKeepsUsersWithReservationsOrLiveSandboxes() {
        PlanDefinition plan = plan(Limit.EXECS_PER_DAY, 5);
        ledger.folded("old", ledger.today().minusDays(3), counters(Limit.EXECS_PER_DAY, 1));
        ledger.check("busy", plan, Limit.EXECS_PER_DAY, 1, TTL);
        ledger.loadedLive("host", 1);

        ledger.sweep();

        assertThat(ledger.topToday(10).get(Limit.EXECS_PER_DAY)).isEmpty();
        assertThat(ledger.reserved("busy", Limit.EXECS_PER_DAY)).isEqualTo(1);
        assertThat(ledger.live("host")).isEqualTo(1);
    }

    @Test
    void ranksTheHeaviestUsersOfToday() {
        ledger.folded("a", ledger.today(), counters(Limit.EXECS_PER_DAY, 3));
        ledger.folded("b", ledger.today(), counters(Limit.EXECS_PER_DAY, 7));
        ledger.folded("c", ledger.today(), counters(Limit.EXECS_PER_DAY, 5));
        ledger.folded("d", ledger.today().minusDays(1), counters(Limit.EXECS_PER_DAY, 50));

        assertThat(ledger.topToday(2).get(Limit.EXECS_PER_DAY))
                .containsExactly(new QuotaLedger.UserCount("b", 7), new QuotaLedger.UserCount("c", 5));
    }

    static final class MutableClock extends Clock {
        private Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
