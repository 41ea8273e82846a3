package dev.shellbox.platform.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellbox.platform.DatabaseBootstrap;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.PgBuilder;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The relay against a real PostgreSQL table, with a recording sink instead of Kafka. */
class OutboxRelayTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static Vertx vertx;
    private static Pool pool;

    @BeforeAll
    static void database() {
        String url = "postgresql://" + env("SHELLBOX_DB_HOST", "127.0.0.1") + ":" + env("SHELLBOX_DB_PORT", "5432")
                + "/shellbox_platform_test" + env("SHELLBOX_TEST_DB_SUFFIX", "");
        String user = env("SHELLBOX_DB_USER", "postgres");
        String password = env("SHELLBOX_DB_PASSWORD", "");
        DatabaseBootstrap.ensureDatabase(url, user, password, true);
        vertx = Vertx.vertx();
        pool = PgBuilder.pool()
                .with(new PoolOptions().setMaxSize(4))
                .connectingTo(PgConnectOptions.fromUri(url).setUser(user).setPassword(password))
                .using(vertx)
                .build();
        pool.query("""
                        CREATE TABLE outbox_message (
                            id           uuid PRIMARY KEY,
                            topic        varchar(255) NOT NULL,
                            message_key  varchar(255) NOT NULL,
                            payload      text NOT NULL,
                            created_at   timestamptz NOT NULL,
                            published_at timestamptz
                        )""").execute().await().atMost(TIMEOUT);
    }

    @AfterAll
    static void close() {
        pool.close().await().atMost(TIMEOUT);
        vertx.close().await().atMost(TIMEOUT);
    }

    @BeforeEach
    void empty() {
        pool.query("DELETE FROM outbox_message").execute().await().atMost(TIMEOUT);
    }

    @Test
    void publishesEveryPendingMessageInCreationOrderBatchAfterBatch() throws Exception {
        add(7);
        Recorder kafka = new Recorder();
        OutboxRelay relay = new OutboxRelay(pool, kafka, 3);

        assertEquals(7, relay.publishPending());
        assertEquals(List.of("m0", "m1", "m2", "m3", "m4", "m5", "m6"), kafka.payloads());
        assertEquals(List.of(), unpublished());
        assertEquals(0, relay.publishPending());
        assertEquals(7, kafka.payloads().size());
    }

    @Test
    void aFailedSendEndsTheRoundAndWhatFollowsWaitsInOrder() throws Exception {
        add(5);
        Recorder kafka = new Recorder();
        kafka.failOnce("m2");
        OutboxRelay relay = new OutboxRelay(pool, kafka, 10);

        assertThrows(ExecutionException.class, relay::publishPending);
        assertEquals(List.of("m2", "m3", "m4"), unpublished());

        kafka.clear();
        assertEquals(3, relay.publishPending());
        assertEquals(List.of("m2", "m3", "m4"), kafka.payloads());
        assertEquals(List.of(), unpublished());
    }

    @Test
    void aSendThatThrowsIsAFailedSend() throws Exception {
        add(2);
        OutboxRelay relay = new OutboxRelay(
                pool,
                (topic, key, payload) -> {
                    if (payload.equals("m1")) {
                        throw new IllegalStateException("producer closed");
                    }
                    return CompletableFuture.completedFuture(null);
                },
                10);

        assertThrows(ExecutionException.class, relay::publishPending);
        assertEquals(List.of("m1"), unpublished());
    }

    @Test
    void oneInstanceRelaysAtATimeAndEachMessageGoesOutOnce() throws Exception {
        add(4);
        CountDownLatch sending = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Recorder first = new Recorder();
        OutboxRelay busy = new OutboxRelay(
                pool,
                (topic, key, payload) -> {
                    sending.countDown();
                    return CompletableFuture.runAsync(() -> {
                        try {
                            release.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        first.send(topic, key, payload);
                    });
                },
                10);
        CompletableFuture<Integer> firstRound = CompletableFuture.supplyAsync(() -> {
            try {
                return busy.publishPending();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(sending.await(10, TimeUnit.SECONDS));

        Recorder second = new Recorder();
        assertEquals(0, new OutboxRelay(pool, second, 10).publishPending());
        release.countDown();

        assertEquals(4, firstRound.get(30, TimeUnit.SECONDS));
        assertEquals(List.of(), second.payloads());
        assertEquals(Set.of("m0", "m1", "m2", "m3"), Set.copyOf(first.payloads()));
        assertEquals(0, new OutboxRelay(pool, second, 10).publishPending());
        assertEquals(List.of(), second.payloads());
    }

    /** Adds {@code count} messages m0, m1, ... in that order. */
    private static void add(int count) {
        IntStream.range(0, count)
                .forEach(i -> pool.preparedQuery("INSERT INTO outbox_message (id, topic, message_key,"
                                + " payload, created_at) VALUES ($1, 'topic', 'key', $2, clock_timestamp())")
                        .execute(Tuple.of(UUID.randomUUID(), "m" + i))
                        .await()
                        .atMost(TIMEOUT));
    }

    private static List<String> unpublished() {
        List<String> payloads = new ArrayList<>();
        for (Row row : pool.query("SELECT payload FROM outbox_message WHERE published_at IS NULL ORDER BY created_at")
                .execute()
                .await()
                .atMost(TIMEOUT)) {
            payloads.add(row.getString("payload"));
        }
        return payloads;
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    /** A sink that acknowledges every message (but the ones told to fail once) and remembers what it was sent. */
    private static final class Recorder implements OutboxRelay.Sink {
        private final List<String> payloads = Collections.synchronizedList(new ArrayList<>());
        private final Set<String> failing = Collections.synchronizedSet(new HashSet<>());

        void failOnce(String payload) {
            failing.add(payload);
        }

        void clear() {
            payloads.clear();
        }

        List<String> payloads() {
            return List.copyOf(payloads);
        }

        @Override
        public Future<?> send(String topic, String key, String payload) {
            payloads.add(payload);
            if (failing.remove(payload)) {
                return CompletableFuture.failedFuture(new IllegalStateException("broker unavailable"));
            }
            return CompletableFuture.completedFuture(null);
        }
    }
}
