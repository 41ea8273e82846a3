package dev.shellbox.usage;

import static dev.shellbox.usage.support.Admin.assign;
import static dev.shellbox.usage.support.Admin.check;
import static dev.shellbox.usage.support.Admin.definePlan;
import static dev.shellbox.usage.support.Events.newUser;
import static dev.shellbox.usage.support.Events.usage;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.Limit;
import dev.shellbox.contracts.Operation;
import dev.shellbox.contracts.SandboxLifecycleEvent;
import dev.shellbox.platform.testing.PostgresTestResource;
import dev.shellbox.usage.config.UsageConfig;
import dev.shellbox.usage.domain.QuotaLedger;
import dev.shellbox.usage.messaging.UsageTopicsConsumer;
import dev.shellbox.usage.support.TestKafka;
import dev.shellbox.usage.support.UsageApi;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class QuotaCheckTest {
    @Inject
    ObjectMapper json;

    @Inject
    UsageConfig config;

    @Inject
    QuotaLedger ledger;

    @TestHTTPResource("/internal/v1/quota/check")
    URI checkUri;

    TestKafka kafka;

    @BeforeEach
    void connect() {
        kafka = new TestKafka(json);
    }

    @AfterEach
    void disconnect() {
        kafka.close();
    }

    private void awaitCaughtUp() {
        await().atMost(Duration.ofSeconds(60))
                .until(() -> kafka.caughtUp(config.consumer().groupId(), UsageTopicsConsumer.TOPICS));
    }

    @Test
    void answers429NamingTheLimitPlanCounterMaximumAndRetryAfter() {
        String user = newUser();
        String plan = definePlan(Map.of("sandbox_creates_per_day", 1L));
        assign(user, plan);

        check(user, "sandbox_creates_per_day", 1)
                .then()
                .statusCode(200)
                .header("Cache-Control", containsString("no-cache"))
                .body("allowed", equalTo(true))
                .body("plan", equalTo(plan))
                .body("limit", equalTo("sandbox_creates_per_day"))
                .body("current", equalTo(0))
                .body("maximum", equalTo(1))
                .body("reservationId", notNullValue())
                .body("expiresAt", notNullValue());

        var refused = check(user, "sandbox_creates_per_day", 1)
                .then()
                .statusCode(429)
                .contentType("application/problem+json")
                .body("type", equalTo("https://shellbox.dev/problems/quota-exceeded"))
                .body("title", equalTo("Quota Exceeded"))
                .body("status", equalTo(429))
                .body("limit", equalTo("sandbox_creates_per_day"))
                .body("plan", equalTo(plan))
                .body("current", equalTo(1))
                .body("maximum", equalTo(1))
                .body("detail", containsString("sandbox_creates_per_day"))
                .body("instance", equalTo("/internal/v1/quota/check"))
                .extract();
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        long untilMidnight = Duration.between(
                        Instant.now(), LocalDate.now(ZoneOffset.UTC).plusDays(1).atStartOfDay(ZoneOffset.UTC))
                .toSeconds();
        assertThat(retryAfter).isBetween(untilMidnight - 60, untilMidnight + 1);
    }

    @Test
    void neverAllowsMoreThanTheMaximumToConcurrentRequests() throws Exception {
        String user = newUser();
        assign(user, definePlan(Map.of("execs_per_day", 10L)));
        HttpClient http = HttpClient.newBuilder().build();
        String body = json.writeValueAsString(Map.of("userId", user, "limit", "execs_per_day"));
        int requests = 64;
        ExecutorService pool = Executors.newFixedThreadPool(16);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> statuses = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            statuses.add(pool.submit(() -> {
                start.await();
                HttpRequest request = HttpRequest.newBuilder(checkUri)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build();
                return http.send(request, HttpResponse.BodyHandlers.discarding())
                        .statusCode();
            }));
        }
        start.countDown();
        int allowed = 0;
        int refused = 0;
        for (Future<Integer> f : statuses) {
            int status = f.get();
            if (status == 200) {
                allowed++;
            } else if (status == 429) {
                refused++;
            }
        }
        pool.shutdown();
        assertThat(allowed).isEqualTo(10);
        assertThat(refused).isEqualTo(requests - 10);
    }

    @Test
    void staysWithinTheLimitWhileParallelOperationsAreFolded() throws Exception {
        String user = newUser();
        int maximum = 30;
        assign(user, definePlan(Map.of("execs_per_day", (long) maximum)));
        AtomicInteger allowed = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            workers.add(pool.submit(() -> {
                for (int i = 0; i < 10; i++) {
                    if (check(user, "execs_per_day", 1).statusCode() == 200) {
                        allowed.incrementAndGet();
                        kafka.send(usage(user, Operation.EXEC, Instant.now()));
                        kafka.flush();
                    }
                }
                return null;
            }));
        }
        for (Future<?> w : workers) {
            w.get();
        }
        pool.shutdown();
        awaitCaughtUp();

        assertThat(allowed.get()).isEqualTo(maximum);
        assertThat(UsageApi.total(user, LocalDate.now(ZoneOffset.UTC), "execs_per_day"))
                .isEqualTo(maximum);
        assertThat(ledger.reserved(user, Limit.EXECS_PER_DAY)).isZero();
        check(user, "execs_per_day", 1).then().statusCode(429).body("current", equalTo(maximum));
    }

    @Test
    void freesTheRoomOfAReleasedReservation() {
        String user = newUser();
        assign(user, definePlan(Map.of("file_ops_per_day", 5L)));
        String reservation = check(user, "file_ops_per_day", 5)
                .then()
                .statusCode(200)
                .extract()
                .path("reservationId");
        check(user, "file_ops_per_day", 1).then().statusCode(429);

        given().delete("/internal/v1/quota/reservations/" + reservation).then().statusCode(204);
        given().delete("/internal/v1/quota/reservations/" + reservation).then().statusCode(204);

        check(user, "file_ops_per_day", 5).then().statusCode(200);
        given().delete("/internal/v1/quota/reservations/not-a-uuid").then().statusCode(400);
    }

    @Test
    void comparesCeilingsWithTheRequestedValue() {
        String user = newUser();
        long timeout = given().get("/internal/v1/users/" + user + "/plan")
                .then()
                .extract()
                .jsonPath()
                .getLong("limits.max_exec_timeout_ms");

        check(user, "max_exec_timeout_ms", timeout).then().statusCode(200).body("reservationId", nullValue());
        var refused = check(user, "max_exec_timeout_ms", timeout + 1)
                .then()
                .statusCode(429)
                .body("limit", equalTo("max_exec_timeout_ms"))
                .body("plan", equalTo("free"))
                .body("current", equalTo((int) timeout + 1))
                .extract();
        assertThat(refused.header("Retry-After")).isNull();
    }

    @Test
    void countsLiveSandboxesFromTheLifecycleTopic() {
        String user = newUser();
        assign(user, definePlan(Map.of("concurrent_sandboxes", 1L)));
        check(user, "concurrent_sandboxes", 1).then().statusCode(200);
        kafka.send(SandboxLifecycleEvent.of(SandboxLifecycleEvent.CREATED, "sbx-1-" + user, user));
        kafka.flush();
        awaitCaughtUp();

        check(user, "concurrent_sandboxes", 1)
                .then()
                .statusCode(429)
                .body("limit", equalTo("concurrent_sandboxes"))
                .body("current", equalTo(1));
        assertThat(ledger.reserved(user, Limit.CONCURRENT_SANDBOXES)).isZero();

        kafka.send(SandboxLifecycleEvent.of(SandboxLifecycleEvent.DESTROYED, "sbx-1-" + user, user));
        kafka.flush();
        awaitCaughtUp();

        check(user, "concurrent_sandboxes", 1).then().statusCode(200);
    }

    @Test
    void rejectsChecksItCannotUnderstand() {
        check("u", "execs_per_hour", 1)
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("execs_per_day"));
        check("u", "execs_per_day", -1).then().statusCode(400);
        given().contentType(ContentType.JSON)
                .body(Map.of("limit", "execs_per_day"))
                .post("/internal/v1/quota/check")
                .then()
                .statusCode(400)
                .body("detail", containsString("userId"));
    }

    @Test
    void countsRefusalsInItsMetrics() {
        String user = newUser();
        String plan = definePlan(Map.of("commands_per_day", 0L));
        assign(user, plan);
        check(user, "commands_per_day", 1).then().statusCode(429);

        String metrics =
                given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertThat(metrics)
                .contains("shellbox_quota_refusals_total{limit=\"commands_per_day\",plan=\"" + plan + "\"} 1.0")
                .contains("shellbox_quota_decisions_seconds_bucket{limit=\"commands_per_day\",outcome=\"refused\"")
                .containsPattern("shellbox_usage_operations_total\\{[^}]*outcome=\"refused\"[^}]*plan=\"" + plan
                        + "\"[^}]*\\} 1.0");
    }
}
