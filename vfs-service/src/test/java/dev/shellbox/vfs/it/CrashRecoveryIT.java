package dev.shellbox.vfs.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Kills the packaged service with SIGKILL while several clients write files of all sizes (inline and chunked) over
 * each other, restarts it, and checks that every acknowledged write is there byte for byte, no file holds anything
 * but a complete version, the database's reference counts and totals are exact, and that the orphan sweep leaves S3
 * holding exactly the chunks still referenced.
 */
class CrashRecoveryIT {
    static final int WRITERS = 6;
    static final int PATHS_PER_WRITER = 4;
    static final int[] SIZES = {0, 200, 3_000, 15_000, 40_000, 1_000_000, 4 * 1024 * 1024 + 17, 9_000_000};
    static final int ACKS_BEFORE_KILL = 120;

    final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** What a path may hold after the crash: its last acknowledged content, or the write in flight at the kill. */
    static final class PathState {
        volatile String acknowledged;
        volatile String inFlight;
    }

    @Test
    void everyAcknowledgedWriteSurvivesSigkillAndTheSweepLeavesExactlyTheReferencedChunks() throws Exception {
        try (PackagedApp app = new PackagedApp("crash_it", "256m", List.of())) {
            app.start();
            String volume = "crash-" + System.nanoTime();
            post(app, "/internal/v1/volumes", "{\"volumeId\":\"" + volume + "\",\"userId\":\"crash-user\"}", 201);

            Map<String, PathState> paths = new ConcurrentHashMap<>();
            AtomicInteger acks = new AtomicInteger();
            ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
            List<Future<?>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(pool.submit(() -> write(app, volume, writer, paths, acks)));
            }
            while (acks.get() < ACKS_BEFORE_KILL) {
                Thread.sleep(50);
                assertThat(app.isAlive()).isTrue();
            }
            app.kill();
            for (Future<?> f : writers) {
                f.get(120, TimeUnit.SECONDS);
            }
            pool.shutdown();

            app.start();
            int checked = 0;
            for (Map.Entry<String, PathState> e : paths.entrySet()) {
                PathState state = e.getValue();
                HttpResponse<byte[]> r = get(app, files(volume) + "?path=" + encode(e.getKey()));
                Set<String> allowed = new HashSet<>();
                if (state.acknowledged != null) {
                    allowed.add(state.acknowledged);
                }
                if (state.inFlight != null) {
                    allowed.add(state.inFlight);
                }
                if (r.statusCode() == 404) {
                    assertThat(state.acknowledged)
                            .as("acknowledged write of %s is lost", e.getKey())
                            .isNull();
                    continue;
                }
                assertThat(r.statusCode()).isEqualTo(200);
                assertThat(ItSupport.sha256(r.body()))
                        .as("%s holds a complete acknowledged (or in-flight) version", e.getKey())
                        .isIn(allowed);
                if (state.acknowledged != null) {
                    checked++;
                }
            }
            assertThat(checked).isGreaterThan(WRITERS);

            assertThat(ItSupport.query(
                            app.databaseUrl(),
                            "SELECT hash FROM chunk c WHERE refcount <>"
                                    + " (SELECT count(*) FROM content_chunk cc WHERE cc.chunk_hash = c.hash)"))
                    .as("chunk reference counts")
                    .isEmpty();
            assertThat(ItSupport.query(
                            app.databaseUrl(),
                            "SELECT hash FROM content c WHERE refcount <>"
                                    + " (SELECT count(*) FROM node n WHERE n.content_hash = c.hash)"))
                    .as("content reference counts")
                    .isEmpty();
            assertThat(ItSupport.query(
                            app.databaseUrl(),
                            "SELECT id FROM volume v WHERE bytes <> (SELECT"
                                    + " coalesce(sum(size), 0) FROM node n WHERE n.tree = v.id AND n.type = 'f') OR entries <>"
                                    + " (SELECT count(*) FROM node n WHERE n.tree = v.id AND n.parent IS NOT NULL)"))
                    .as("volume totals")
                    .isEmpty();

            post(app, "/internal/v1/gc/sweep?graceSeconds=0", "", 200);
            Set<String> referenced = new HashSet<>(ItSupport.query(
                    app.databaseUrl(),
                    "SELECT DISTINCT cc.chunk_hash FROM node n JOIN content_chunk cc ON cc.content_hash ="
                            + " n.content_hash"));
            try (S3Client s3 = ItSupport.s3()) {
                assertThat(ItSupport.storedChunks(s3, app.bucket())).isEqualTo(referenced);
            }
            assertThat(referenced).isNotEmpty();
        }
    }

    private void write(PackagedApp app, String volume, int writer, Map<String, PathState> paths, AtomicInteger acks) {
        SplittableRandom random = new SplittableRandom(writer);
        for (int i = 0; ; i++) {
            String path = "/workspace/w" + writer + "/f" + random.nextInt(PATHS_PER_WRITER) + ".bin";
            int size = SIZES[random.nextInt(SIZES.length)];
            byte[] content = ItSupport.content(writer * 1_000_000L + i, size);
            String sha = ItSupport.sha256(content);
            PathState state = paths.computeIfAbsent(path, p -> new PathState());
            state.inFlight = sha;
            try {
                HttpResponse<String> r = http.send(
                        HttpRequest.newBuilder(URI.create(app.baseUrl() + files(volume) + "?path=" + encode(path)))
                                .timeout(Duration.ofSeconds(120))
                                .PUT(HttpRequest.BodyPublishers.ofByteArray(content))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200) {
                    throw new IllegalStateException("write failed before the kill: " + r.statusCode() + " " + r.body());
                }
                state.acknowledged = sha;
                state.inFlight = null;
                acks.incrementAndGet();
            } catch (IOException e) {
                return; // the service was killed with this write in flight
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    static String files(String volume) {
        return "/v1/volumes/" + volume + "/files";
    }

    static String encode(String path) {
        return URLEncoder.encode(path, StandardCharsets.UTF_8);
    }

    private HttpResponse<byte[]> get(PackagedApp app, String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(app.baseUrl() + path))
                        .timeout(Duration.ofSeconds(120))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    private void post(PackagedApp app, String path, String json, int expected) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(app.baseUrl() + path))
                        .timeout(Duration.ofSeconds(300))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(expected);
    }
}
