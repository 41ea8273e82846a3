package dev.shellbox.usage.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.shellbox.contracts.Limit;
import dev.shellbox.contracts.Location;
import dev.shellbox.contracts.Operation;
import dev.shellbox.platform.DatabaseBootstrap;
import dev.shellbox.usage.domain.DefaultPlans;
import dev.shellbox.usage.domain.PlanDefinition;
import dev.shellbox.usage.domain.QuotaLedger;
import dev.shellbox.usage.messaging.UsageTopicsConsumer;
import dev.shellbox.usage.support.Events;
import dev.shellbox.usage.support.PackagedApp;
import dev.shellbox.usage.support.TestKafka;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Measures the packaged usage-service against the real broker and database: events folded per second (from a
 * pre-published backlog), and quota decisions per second with their latency over HTTP; then the in-memory decision
 * alone. Not a test: run it with the test classpath under {@code dev-stack with-test-infra}.
 *
 * <p>Arguments (all optional): events, users, checks, concurrency.
 */
public final class UsageLoad {
    private static final Pattern FOLDED = Pattern.compile(
            "shellbox_usage_events_total\\{outcome=\"(folded|duplicate)\",topic=\"shellbox.usage.v1\"\\} ([0-9.E]+)");
    private static final String[] OPERATIONS = {
        Operation.EXEC,
        Operation.COMMAND,
        Operation.FILE_READ,
        Operation.FILE_WRITE,
        Operation.GIT,
        Operation.PROCESS_START
    };

    private UsageLoad() {}

    public static void main(String[] args) throws Exception {
        int events = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int users = args.length > 1 ? Integer.parseInt(args[1]) : 1_000;
        int checks = args.length > 2 ? Integer.parseInt(args[2]) : 100_000;
        int concurrency = args.length > 3 ? Integer.parseInt(args[3]) : 32;
        String kafkaAddress = System.getenv("SHELLBOX_TEST_KAFKA");
        ObjectMapper json = new ObjectMapper()
                .registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        String database = "postgresql://127.0.0.1:5432/shellbox_usage_bench"
                + System.getenv().getOrDefault("SHELLBOX_TEST_DB_SUFFIX", "");
        DatabaseBootstrap.ensureDatabase(database, "postgres", "", true);
        String group = "usage-bench-" + UUID.randomUUID();

        try (TestKafka kafka = new TestKafka(json, kafkaAddress)) {
            publish(kafka, events, users);
            Map<String, String> env = Map.of(
                    "QUARKUS_DATASOURCE_REACTIVE_URL", database,
                    "KAFKA_BOOTSTRAP_SERVERS", kafkaAddress,
                    "SHELLBOX_USAGE_CONSUMER_GROUP_ID", group,
                    "QUARKUS_LOG_LEVEL", "WARN");
            try (PackagedApp app = PackagedApp.start(env, Path.of("target", "bench-logs", "usage-load.log"))) {
                measureFolding(app, kafka, group);
                measureDecisionsOverHttp(app, json, users, checks, concurrency);
            }
        }
        measureDecisionsInMemory(users);
    }

    private static void publish(TestKafka kafka, int events, int users) {
        Random random = new Random(42);
        long t0 = System.nanoTime();
        for (int i = 0; i < events; i++) {
            String user = "bench-user-" + random.nextInt(users);
            String operation = OPERATIONS[random.nextInt(OPERATIONS.length)];
            Location location = Location.values()[random.nextInt(3)];
            kafka.send(Events.usage(user, operation, location, 1 + random.nextInt(5), Instant.now()));
        }
        kafka.flush();
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf("published %,d events in %.1f s (%,.0f/s)%n", events, seconds, events / seconds);
    }

    private static void measureFolding(PackagedApp app, TestKafka kafka, String group) throws Exception {
        long firstCount = -1;
        long firstAt = 0;
        while (true) {
            long count = foldedSoFar(app);
            long now = System.nanoTime();
            if (firstCount < 0 && count > 0) {
                firstCount = count;
                firstAt = now;
            }
            if (kafka.caughtUp(group, UsageTopicsConsumer.TOPICS)) {
                double seconds = (now - firstAt) / 1e9;
                long folded = count - firstCount;
                System.out.printf(
                        "folded %,d usage events in %.1f s: %,.0f events/s (%,d in total, backlog from earlier runs included)%n",
                        folded, seconds, folded / seconds, count);
                String metrics = app.get("/q/metrics").body();
                metrics.lines()
                        .filter(l -> l.startsWith("shellbox_usage_fold_batches_seconds"))
                        .forEach(l -> System.out.println("  " + l));
                return;
            }
            Thread.sleep(200);
        }
    }

    private static long foldedSoFar(PackagedApp app) throws Exception {
        String metrics = app.get("/q/metrics").body();
        Matcher m = FOLDED.matcher(metrics);
        long sum = 0;
        while (m.find()) {
            sum += (long) Double.parseDouble(m.group(2));
        }
        return sum;
    }

    private static void measureDecisionsOverHttp(
            PackagedApp app, ObjectMapper json, int users, int checks, int concurrency) throws Exception {
        HttpClient http = HttpClient.newBuilder().build();
        List<HttpRequest> requests = new ArrayList<>();
        String[] limits = {"execs_per_day", "commands_per_day", "file_ops_per_day", "max_exec_timeout_ms"};
        Random random = new Random(7);
        for (int i = 0; i < 10_000; i++) {
            String body = json.writeValueAsString(Map.of(
                    "userId", "bench-user-" + random.nextInt(users), "limit", limits[random.nextInt(limits.length)]));
            requests.add(HttpRequest.newBuilder(app.uri("/internal/v1/quota/check"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build());
        }
        run(http, requests, Math.min(checks / 5, 20_000), concurrency, "warm-up");
        run(http, requests, checks, concurrency, "measured");
    }

    private static void run(HttpClient http, List<HttpRequest> requests, int count, int concurrency, String label)
            throws Exception {
        long[] latencies = new long[count];
        Semaphore inFlight = new Semaphore(concurrency);
        AtomicInteger allowed = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        AtomicInteger other = new AtomicInteger();
        List<CompletableFuture<?>> pending = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int i = 0; i < count; i++) {
            inFlight.acquire();
            int index = i;
            long start = System.nanoTime();
            pending.add(http.sendAsync(requests.get(i % requests.size()), HttpResponse.BodyHandlers.discarding())
                    .whenComplete((response, failure) -> {
                        latencies[index] = System.nanoTime() - start;
                        inFlight.release();
                        if (failure != null) {
                            other.incrementAndGet();
                        } else if (response.statusCode() == 200) {
                            allowed.incrementAndGet();
                        } else if (response.statusCode() == 429) {
                            refused.incrementAndGet();
                        } else {
                            other.incrementAndGet();
                        }
                    }));
            if (pending.size() > 10_000) {
                pending.removeIf(CompletableFuture::isDone);
            }
        }
        CompletableFuture.allOf(pending.toArray(new CompletableFuture[0])).join();
        double seconds = (System.nanoTime() - t0) / 1e9;
        Arrays.sort(latencies);
        System.out.printf(
                "HTTP quota checks (%s): %,d in %.1f s = %,.0f/s with %d in flight; p50 %.2f ms, p99 %.2f ms,"
                        + " p99.9 %.2f ms; allowed %,d, refused %,d, other %,d%n",
                label,
                count,
                seconds,
                count / seconds,
                concurrency,
                latencies[count / 2] / 1e6,
                latencies[(int) (count * 0.99)] / 1e6,
                latencies[(int) (count * 0.999)] / 1e6,
                allowed.get(),
                refused.get(),
                other.get());
    }

    private static void measureDecisionsInMemory(int users) throws Exception {
        QuotaLedger ledger = new QuotaLedger(Clock.systemUTC());
        PlanDefinition plan = DefaultPlans.seeded(DefaultPlans.ENTERPRISE);
        Duration ttl = Duration.ofMinutes(2);
        String[] names = new String[users];
        for (int i = 0; i < users; i++) {
            names[i] = "mem-user-" + i;
        }
        for (int threads : new int[] {1, 2}) {
            int perThread = 1_000_000;
            long[][] latencies = new long[threads][perThread];
            Thread[] workers = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                int id = t;
                workers[t] = new Thread(() -> {
                    Random random = new Random(id);
                    for (int i = 0; i < perThread; i++) {
                        String user = names[random.nextInt(users)];
                        long start = System.nanoTime();
                        ledger.check(user, plan, Limit.EXECS_PER_DAY, 1, ttl);
                        latencies[id][i] = System.nanoTime() - start;
                    }
                });
            }
            long t0 = System.nanoTime();
            for (Thread w : workers) {
                w.start();
            }
            for (Thread w : workers) {
                w.join();
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            long[] all = Arrays.stream(latencies)
                    .flatMapToLong(Arrays::stream)
                    .sorted()
                    .toArray();
            System.out.printf(
                    "in-memory decisions, %d thread(s): %,.0f/s; p50 %.2f us, p99 %.2f us%n",
                    threads, all.length / seconds, all[all.length / 2] / 1e3, all[(int) (all.length * 0.99)] / 1e3);
        }
    }
}
