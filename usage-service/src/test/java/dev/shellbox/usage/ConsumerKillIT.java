package dev.shellbox.usage;

import static dev.shellbox.usage.support.Events.usage;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.shellbox.contracts.Location;
import dev.shellbox.contracts.Operation;
import dev.shellbox.contracts.UsageEvent;
import dev.shellbox.platform.DatabaseBootstrap;
import dev.shellbox.usage.messaging.UsageTopicsConsumer;
import dev.shellbox.usage.support.PackagedApp;
import dev.shellbox.usage.support.TestKafka;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The packaged service is killed (SIGKILL) while it folds a stream with duplicates, then started again on the same
 * database and consumer group: every event counts exactly once.
 */
class ConsumerKillIT {
    private static final int USERS = 20;
    private static final int EVENTS_PER_USER = 1000;

    private final ObjectMapper json = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    @Test
    void countsEveryEventOnceAcrossAKilledProcess() throws Exception {
        String kafkaAddress = System.getenv("SHELLBOX_TEST_KAFKA");
        assertThat(kafkaAddress)
                .as("SHELLBOX_TEST_KAFKA (run under dev-stack with-test-infra)")
                .isNotBlank();
        String database = "postgresql://127.0.0.1:5432/shellbox_usage_it"
                + System.getenv().getOrDefault("SHELLBOX_TEST_DB_SUFFIX", "");
        DatabaseBootstrap.ensureDatabase(database, "postgres", "", true);
        String group = "usage-it-" + UUID.randomUUID();
        Map<String, String> env = Map.of(
                "QUARKUS_DATASOURCE_REACTIVE_URL", database,
                "KAFKA_BOOTSTRAP_SERVERS", kafkaAddress,
                "SHELLBOX_USAGE_CONSUMER_GROUP_ID", group);
        Path logs = Path.of(System.getProperty("shellbox.app.dir", "target"), "it-logs");
        String run = UUID.randomUUID().toString().substring(0, 8);
        List<String> users = new ArrayList<>();
        for (int u = 0; u < USERS; u++) {
            users.add("kill-" + run + "-" + u);
        }
        LocalDate today = LocalDate.now(ZoneOffset.UTC);

        try (TestKafka kafka = new TestKafka(json, kafkaAddress)) {
            long foldedAtKill;
            try (PackagedApp first = PackagedApp.start(env, logs.resolve("kill-first.log"))) {
                await().atMost(Duration.ofSeconds(120)).until(() -> kafka.caughtUp(group, UsageTopicsConsumer.TOPICS));
                List<UsageEvent> sent = new ArrayList<>();
                for (int i = 0; i < EVENTS_PER_USER; i++) {
                    for (String user : users) {
                        UsageEvent e = usage(user, Operation.EXEC, Location.WORKER, 1, Instant.now());
                        kafka.send(e);
                        sent.add(e);
                    }
                    if (i % 10 == 9) {
                        kafka.send(sent.get(sent.size() / 2));
                    }
                }
                kafka.flush();
                await().atMost(Duration.ofSeconds(60))
                        .pollInterval(Duration.ofMillis(10))
                        .until(() -> execsToday(first, users.get(0), today) > 0);
                first.kill();
                foldedAtKill = foldedInDatabase(database, "kill-" + run + "-%");
            }
            assertThat(foldedAtKill)
                    .as("the first process was killed before it had folded everything")
                    .isLessThan((long) USERS * EVENTS_PER_USER);

            try (PackagedApp second = PackagedApp.start(env, logs.resolve("kill-second.log"))) {
                await().atMost(Duration.ofSeconds(120)).until(() -> kafka.caughtUp(group, UsageTopicsConsumer.TOPICS));

                for (String user : users) {
                    assertThat(execsToday(second, user, today)).as(user).isEqualTo(EVENTS_PER_USER);
                }
            }
        }
    }

    /** Exec events folded for the users matching {@code pattern}, read straight from the service's database. */
    private static long foldedInDatabase(String database, String pattern) throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            PgConnection connection = PgConnection.connect(
                            vertx, PgConnectOptions.fromUri(database).setUser("postgres"))
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(30, TimeUnit.SECONDS);
            try {
                Row row = connection
                        .preparedQuery("SELECT coalesce(sum(events), 0) FROM daily_usage"
                                + " WHERE operation = 'exec' AND user_id LIKE $1")
                        .execute(Tuple.of(pattern))
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(30, TimeUnit.SECONDS)
                        .iterator()
                        .next();
                return row.getLong(0);
            } finally {
                connection.close();
            }
        } finally {
            vertx.close();
        }
    }

    private long execsToday(PackagedApp app, String user, LocalDate day) throws Exception {
        var response = app.get("/v1/usage?from=" + day + "&to=" + day, "X-Shellbox-User", user);
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode days = json.readTree(response.body()).get("days");
        return days.isEmpty()
                ? 0
                : days.get(0).get("totals").get("execs_per_day").asLong();
    }
}
