package dev.shellbox.usage;

import static dev.shellbox.usage.support.Admin.asAdmin;
import static dev.shellbox.usage.support.Events.newUser;
import static dev.shellbox.usage.support.Events.usage;
import static dev.shellbox.usage.support.UsageApi.total;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.Limit;
import dev.shellbox.contracts.Location;
import dev.shellbox.contracts.Operation;
import dev.shellbox.contracts.SandboxLifecycleEvent;
import dev.shellbox.contracts.Topics;
import dev.shellbox.contracts.UsageEvent;
import dev.shellbox.platform.testing.PostgresTestResource;
import dev.shellbox.usage.config.UsageConfig;
import dev.shellbox.usage.domain.QuotaLedger;
import dev.shellbox.usage.messaging.UsageTopicsConsumer;
import dev.shellbox.usage.repository.UsageEventRepository;
import dev.shellbox.usage.service.RetentionService;
import dev.shellbox.usage.support.TestKafka;
import dev.shellbox.usage.support.UsageApi;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Exactly-once folding from the real broker into the real database. */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class FoldingTest {
    @Inject
    ObjectMapper json;

    @Inject
    UsageTopicsConsumer consumer;

    @Inject
    UsageConfig config;

    @Inject
    QuotaLedger ledger;

    @Inject
    UsageEventRepository rawEvents;

    @Inject
    RetentionService retention;

    TestKafka kafka;

    @BeforeEach
    void connect() {
        kafka = new TestKafka(json);
    }

    @AfterEach
    void disconnect() {
        consumer.start();
        kafka.close();
    }

    private void awaitCaughtUp() {
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> kafka.caughtUp(config.consumer().groupId(), UsageTopicsConsumer.TOPICS));
    }

    private static LocalDate today() {
        return LocalDate.now(ZoneOffset.UTC);
    }

    @Test
    void countsAnEventPublishedThreeTimesOnce() {
        String user = newUser();
        List<UsageEvent> events = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            events.add(usage(user, Operation.EXEC, Instant.now()));
        }
        kafka.sendAll(events);
        kafka.sendAll(events);
        kafka.sendAll(events);

        awaitCaughtUp();

        assertThat(total(user, today(), "execs_per_day")).isEqualTo(5);
        assertThat(UsageApi.operation(user, today(), Operation.EXEC)).containsEntry("events", 5);
    }

    @Test
    void sumsDurationsBytesContainerTimeAndLocations() {
        String user = newUser();
        Instant now = Instant.now();
        kafka.sendAll(List.of(
                usage(user, Operation.COMMAND, Location.WORKER, 4, now),
                usage(user, Operation.COMMAND, Location.CONTAINER, 2, now),
                usage(user, Operation.COMMAND, Location.MIXED, 3, now)));

        awaitCaughtUp();

        Map<String, Object> commands = UsageApi.operation(user, today(), Operation.COMMAND);
        assertThat(commands)
                .containsEntry("events", 3)
                .containsEntry("count", 9)
                .containsEntry("durationMs", 30)
                .containsEntry("bytesIn", 300)
                .containsEntry("bytesOut", 600)
                .containsEntry("containerMs", 3000)
                .containsEntry("locations", Map.of("worker", 1, "container", 1, "mixed", 1));
        assertThat(total(user, today(), "commands_per_day")).isEqualTo(9);
        assertThat(total(user, today(), "container_seconds_per_day")).isEqualTo(3);
    }

    @Test
    void countsOutOfOrderEventsOnTheDayTheyOccurred() {
        String user = newUser();
        Instant now = Instant.now();
        kafka.sendAll(List.of(
                usage(user, Operation.EXEC, now),
                usage(user, Operation.FILE_READ, now.minus(2, ChronoUnit.DAYS)),
                usage(user, Operation.EXEC, now.minus(1, ChronoUnit.DAYS)),
                usage(user, Operation.FILE_WRITE, now.minus(2, ChronoUnit.DAYS)),
                usage(user, Operation.EXEC, now)));

        awaitCaughtUp();

        assertThat(total(user, today(), "execs_per_day")).isEqualTo(2);
        assertThat(total(user, today().minusDays(1), "execs_per_day")).isEqualTo(1);
        assertThat(total(user, today().minusDays(2), "file_ops_per_day")).isEqualTo(2);
        assertThat(ledger.current(user, Limit.EXECS_PER_DAY)).isEqualTo(2);
    }

    @Test
    void keepsASandboxDestroyedBeforeItsCreationWasSeenDestroyed() {
        String user = newUser();
        kafka.send(SandboxLifecycleEvent.of(SandboxLifecycleEvent.DESTROYED, "sbx-a-" + user, user));
        kafka.send(SandboxLifecycleEvent.of(SandboxLifecycleEvent.CREATED, "sbx-a-" + user, user));
        kafka.send(SandboxLifecycleEvent.of(SandboxLifecycleEvent.CREATED, "sbx-b-" + user, user));
        kafka.send(SandboxLifecycleEvent.of(SandboxLifecycleEvent.CREATED, "sbx-b-" + user, user));
        kafka.send(SandboxLifecycleEvent.of(SandboxLifecycleEvent.PAUSED, "sbx-b-" + user, user));
        kafka.send(SandboxLifecycleEvent.of(SandboxLifecycleEvent.CREATED, "sbx-c-" + user, user));
        kafka.send(SandboxLifecycleEvent.of(SandboxLifecycleEvent.DESTROYED, "sbx-c-" + user, user));
        kafka.send(SandboxLifecycleEvent.of(SandboxLifecycleEvent.DESTROYED, "sbx-c-" + user, user));
        kafka.flush();

        awaitCaughtUp();

        assertThat(UsageApi.usage(user, today(), today()).getLong("concurrentSandboxes"))
                .isEqualTo(1);
        assertThat(ledger.current(user, Limit.CONCURRENT_SANDBOXES)).isEqualTo(1);
    }

    @Test
    void countsNothingAgainWhenTheWholeTopicIsRedelivered() throws Exception {
        String user = newUser();
        List<UsageEvent> events = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            events.add(usage(user, i % 2 == 0 ? Operation.EXEC : Operation.FILE_WRITE, Instant.now()));
        }
        kafka.sendAll(events);
        kafka.send(SandboxLifecycleEvent.of(SandboxLifecycleEvent.CREATED, "sbx-r-" + user, user));
        kafka.flush();
        awaitCaughtUp();
        assertThat(total(user, today(), "execs_per_day")).isEqualTo(25);

        consumer.stop();
        kafka.rewind(config.consumer().groupId(), UsageTopicsConsumer.TOPICS);
        consumer.start();
        awaitCaughtUp();

        assertThat(total(user, today(), "execs_per_day")).isEqualTo(25);
        assertThat(total(user, today(), "file_ops_per_day")).isEqualTo(25);
        assertThat(ledger.current(user, Limit.EXECS_PER_DAY)).isEqualTo(25);
        assertThat(ledger.current(user, Limit.CONCURRENT_SANDBOXES)).isEqualTo(1);
    }

    @Test
    void losesAndDoublesNothingWhenTheConsumerIsStoppedMidStream() {
        String user = newUser();
        int total = 6000;
        List<UsageEvent> events = new ArrayList<>();
        for (int i = 0; i < total; i++) {
            events.add(usage(user, Operation.EXEC, Instant.now()));
        }
        kafka.sendAll(events);

        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(1))
                .until(() -> ledger.current(user, Limit.EXECS_PER_DAY) > 0);
        consumer.stop();
        long foldedBeforeStop = ledger.current(user, Limit.EXECS_PER_DAY);
        consumer.start();
        awaitCaughtUp();

        assertThat(foldedBeforeStop).as("stopped mid-stream").isLessThan(total);
        assertThat(total(user, today(), "execs_per_day")).isEqualTo(total);
        assertThat(ledger.current(user, Limit.EXECS_PER_DAY)).isEqualTo(total);
    }

    @Test
    void doesNotCountEventsOlderThanTheRetention() {
        String user = newUser();
        Instant tooOld = Instant.now().minus(config.rawRetention()).minus(1, ChronoUnit.DAYS);
        kafka.sendAll(List.of(usage(user, Operation.EXEC, tooOld), usage(user, Operation.EXEC, Instant.now())));

        awaitCaughtUp();

        LocalDate oldDay = LocalDate.ofInstant(tooOld, ZoneOffset.UTC);
        assertThat(UsageApi.usage(user, oldDay, today()).getList("days")).hasSize(1);
        assertThat(total(user, today(), "execs_per_day")).isEqualTo(1);
    }

    @Test
    void skipsRecordsThatAreNotEventsAndGoesOn() {
        String user = newUser();
        kafka.send(Topics.USAGE, user, "this is not json");
        kafka.send(Topics.USAGE, user, "{\"id\":\"6f1c1a52-0000-0000-0000-000000000000\",\"operation\":\"exec\"}");
        kafka.send(Topics.SANDBOX_LIFECYCLE, user, "{\"broken\":");
        kafka.send(usage(user, Operation.EXEC, Instant.now()));
        kafka.flush();

        awaitCaughtUp();

        assertThat(total(user, today(), "execs_per_day")).isEqualTo(1);
        assertThat(consumer.isRunning()).isTrue();
    }

    @Test
    void keepsRawEventsForAuditUntilTheyArePurgedAndKeepsAggregatesAfterwards() throws Throwable {
        String user = newUser();
        Instant now = Instant.now();
        UsageEvent old = usage(user, Operation.EXEC, now.minus(10, ChronoUnit.DAYS));
        UsageEvent recent = usage(user, Operation.FILE_WRITE, Location.CONTAINER, 3, now);
        kafka.sendAll(List.of(old, recent));
        awaitCaughtUp();
        assertThat(rawCount(user)).isEqualTo(2);
        asAdmin()
                .queryParam("from", today().minusDays(10).toString())
                .get("/v1/admin/users/" + user + "/events")
                .then()
                .statusCode(200)
                .body("id", contains(recent.id().toString(), old.id().toString()))
                .body("[0].operation", equalTo("file.write"))
                .body("[0].location", equalTo("container"))
                .body("[0].count", equalTo(3))
                .body("[0].containerMs", equalTo(1500))
                .body("[0].receivedAt", notNullValue());

        VertxContextSupport.subscribeAndAwait(() -> retention.purgeOccurredBefore(now.minus(5, ChronoUnit.DAYS)));

        assertThat(rawCount(user)).isEqualTo(1);
        asAdmin()
                .queryParam("from", today().minusDays(10).toString())
                .get("/v1/admin/users/" + user + "/events")
                .then()
                .body("id", contains(recent.id().toString()));
        assertThat(total(user, today().minusDays(10), "execs_per_day")).isEqualTo(1);
        asAdmin()
                .queryParam("limit", "lots")
                .get("/v1/admin/users/" + user + "/events")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
    }

    private long rawCount(String user) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> rawEvents.count("userId", user)));
    }
}
