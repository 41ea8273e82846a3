package dev.shellbox.bench.load;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Load against a running suite (`make run`): latency of {@code POST /exec} on a warm sandbox, exec throughput with N
 * concurrent clients, sandbox creation, and the throughput of {@code POST /exec/stream} (Server-Sent Events).
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar dev.shellbox.bench.load.LoadGenerator URL KEY [exec|throughput|create|stream]
 *     [--clients N] [--requests N] [--command 'echo hi | grep h'] [--direct-user USER] [--direct-url URL]
 * </pre>
 *
 * {@code URL} is the gateway, or sandbox-service itself with {@code --direct-user} (then requests carry the
 * X-Shellbox-User header instead of a key). With {@code --direct-url} (sandbox-service) and {@code --direct-user} (the
 * user the key belongs to), {@code exec} and {@code stream} alternate each request between the gateway and
 * sandbox-service on the same sandbox and report both, so that both see the same machine load and the difference is
 * the gateway's overhead.
 */
public final class LoadGenerator {
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"");

    private final HttpClient http = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1)
            .build();
    private final String base;
    private final String key;
    private final String directUser;

    private LoadGenerator(String base, String key, String directUser) {
        this.base = base;
        this.key = key;
        this.directUser = directUser;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: LoadGenerator URL KEY exec|throughput|create|stream [--clients N] [--requests N]"
                    + " [--command CMD] [--direct-user USER]");
            System.exit(2);
        }
        int clients = 16;
        int requests = 2000;
        String command = null;
        String directUser = null;
        String directUrl = null;
        for (int i = 3; i < args.length; i += 2) {
            switch (args[i]) {
                case "--clients" -> clients = Integer.parseInt(args[i + 1]);
                case "--requests" -> requests = Integer.parseInt(args[i + 1]);
                case "--command" -> command = args[i + 1];
                case "--direct-user" -> directUser = args[i + 1];
                case "--direct-url" -> directUrl = args[i + 1];
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (command == null) {
            command = args[2].equals("stream") ? "seq 1 200000" : "echo hi | grep h";
        }
        if (directUrl != null) {
            LoadGenerator gateway = new LoadGenerator(args[0], args[1], null);
            LoadGenerator direct = new LoadGenerator(directUrl, null, directUser);
            gateway.compare(direct, args[2].equals("stream"), requests, command);
            return;
        }
        LoadGenerator load = new LoadGenerator(args[0], args[1], directUser);
        switch (args[2]) {
            case "exec" -> load.report("exec latency, 1 client", load.run(1, requests, command, false));
            case "throughput" ->
                load.report("exec with " + clients + " clients", load.run(clients, requests, command, false));
            case "create" ->
                load.report("sandbox create, " + clients + " clients", load.run(clients, requests, null, true));
            case "stream" -> load.stream(requests, command);
            default -> throw new IllegalArgumentException("unknown mode " + args[2]);
        }
    }

    private record Result(long[] nanos, long wallNanos, long errors) {}

    private Result run(int clients, int requests, String command, boolean create) throws Exception {
        List<String> sandboxes = new ArrayList<>();
        if (!create) {
            for (int c = 0; c < clients; c++) {
                sandboxes.add(createSandbox());
            }
            for (String id : sandboxes) {
                for (int w = 0; w < 50; w++) {
                    exec(id, command); // warm up the sandbox and the JIT
                }
            }
        }
        long[] nanos = new long[requests];
        AtomicLong next = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        long start = System.nanoTime();
        List<Future<?>> done = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            String sandbox = create ? null : sandboxes.get(c);
            done.add(pool.submit(() -> {
                long i;
                while ((i = next.getAndIncrement()) < requests) {
                    long t0 = System.nanoTime();
                    int status = create ? createStatus() : exec(sandbox, command);
                    nanos[(int) i] = System.nanoTime() - t0;
                    if (status != 200 && status != 201) {
                        errors.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        long wall = System.nanoTime() - start;
        pool.shutdown();
        return new Result(nanos, wall, errors.get());
    }

    /**
     * Alternates requests between this generator (the gateway) and {@code direct} (sandbox-service) on one sandbox,
     * which goes first changing each time, and reports both latencies and their difference.
     */
    private void compare(LoadGenerator direct, boolean streamed, int requests, String command) throws Exception {
        String sandbox = createSandbox();
        for (int w = 0; w < (streamed ? 5 : 50); w++) {
            once(sandbox, command, streamed);
            direct.once(sandbox, command, streamed);
        }
        long[] viaGateway = new long[requests];
        long[] viaDirect = new long[requests];
        for (int i = 0; i < requests; i++) {
            if (i % 2 == 0) {
                viaGateway[i] = once(sandbox, command, streamed);
                viaDirect[i] = direct.once(sandbox, command, streamed);
            } else {
                viaDirect[i] = direct.once(sandbox, command, streamed);
                viaGateway[i] = once(sandbox, command, streamed);
            }
        }
        Arrays.sort(viaGateway);
        Arrays.sort(viaDirect);
        String what = (streamed ? "exec/stream" : "exec") + " of '" + command + "', " + requests + " requests each";
        System.out.printf(
                Locale.ROOT,
                "%s:%n  gateway p50 %.2f ms, p99 %.2f ms%n  direct  p50 %.2f ms, p99 %.2f ms%n"
                        + "  added   p50 %.2f ms, p99 %.2f ms%n",
                what,
                percentile(viaGateway, 0.50),
                percentile(viaGateway, 0.99),
                percentile(viaDirect, 0.50),
                percentile(viaDirect, 0.99),
                percentile(viaGateway, 0.50) - percentile(viaDirect, 0.50),
                percentile(viaGateway, 0.99) - percentile(viaDirect, 0.99));
    }

    /** One exec (or streamed exec, read to its end) and how long it took, in nanoseconds. */
    private long once(String sandbox, String command, boolean streamed) throws Exception {
        long t0 = System.nanoTime();
        if (streamed) {
            streamOnce(sandbox, command);
        } else if (exec(sandbox, command) != 200) {
            throw new IllegalStateException("exec failed against " + base);
        }
        return System.nanoTime() - t0;
    }

    /** Runs {@code requests} streamed execs one after the other and reports events and bytes per second. */
    private void stream(int requests, String command) throws Exception {
        String sandbox = createSandbox();
        for (int w = 0; w < 5; w++) {
            streamOnce(sandbox, command); // warm up
        }
        long[] nanos = new long[requests];
        long events = 0;
        long bytes = 0;
        long start = System.nanoTime();
        for (int i = 0; i < requests; i++) {
            long t0 = System.nanoTime();
            long[] counted = streamOnce(sandbox, command);
            nanos[i] = System.nanoTime() - t0;
            events += counted[0];
            bytes += counted[1];
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        System.out.printf(
                Locale.ROOT,
                "exec/stream of '%s': %d streams, %d events, %.0f events/s, %.1f MB/s; per stream p50 %.1f ms,"
                        + " p99 %.1f ms%n",
                command,
                requests,
                events,
                events / seconds,
                bytes / seconds / 1e6,
                percentile(sorted, 0.50),
                percentile(sorted, 0.99));
    }

    /** One streamed exec read to its end: the number of events and of bytes received. */
    private long[] streamOnce(String sandbox, String command) throws Exception {
        HttpResponse<java.io.InputStream> r = http.send(
                request("/v1/sandboxes/" + sandbox + "/exec/stream")
                        .header("Accept", "text/event-stream")
                        .POST(HttpRequest.BodyPublishers.ofString(execBody(command)))
                        .build(),
                HttpResponse.BodyHandlers.ofInputStream());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("exec/stream answered " + r.statusCode());
        }
        long events = 0;
        long bytes = 0;
        boolean exited = false;
        try (var reader = new java.io.BufferedReader(
                new java.io.InputStreamReader(r.body(), java.nio.charset.StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                bytes += line.length() + 1;
                if (line.startsWith("event:")) {
                    events++;
                    exited |= line.endsWith("exit");
                }
            }
        }
        if (!exited) {
            throw new IllegalStateException("the stream ended without an exit event");
        }
        return new long[] {events, bytes};
    }

    private static String execBody(String command) {
        return "{\"command\":\"" + command.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}";
    }

    private void report(String title, Result r) {
        long[] sorted = r.nanos.clone();
        Arrays.sort(sorted);
        System.out.printf(
                Locale.ROOT,
                "%s: %d requests, %d errors, %.0f/s; p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms%n",
                title,
                sorted.length,
                r.errors,
                sorted.length / (r.wallNanos / 1e9),
                percentile(sorted, 0.50),
                percentile(sorted, 0.90),
                percentile(sorted, 0.99),
                sorted[sorted.length - 1] / 1e6);
    }

    private static double percentile(long[] sorted, double p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
        if (directUser != null) {
            b.header("X-Shellbox-User", directUser);
        } else {
            b.header("Authorization", "Bearer " + key);
        }
        return b.header("Content-Type", "application/json");
    }

    private String createSandbox() throws Exception {
        HttpResponse<String> r = http.send(
                request("/v1/sandboxes")
                        .POST(HttpRequest.BodyPublishers.ofString("{}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        Matcher m = ID.matcher(r.body());
        if (!m.find()) {
            throw new IllegalStateException("create failed: " + r.statusCode() + " " + r.body());
        }
        return m.group(1);
    }

    private int createStatus() {
        try {
            return http.send(
                            request("/v1/sandboxes")
                                    .POST(HttpRequest.BodyPublishers.ofString("{}"))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (Exception e) {
            return -1;
        }
    }

    private int exec(String sandbox, String command) {
        String body = execBody(command);
        try {
            return http.send(
                            request("/v1/sandboxes/" + sandbox + "/exec")
                                    .POST(HttpRequest.BodyPublishers.ofString(body))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (Exception e) {
            return -1;
        }
    }
}
