package dev.shellbox.vfs;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.SandboxLifecycleEvent;
import dev.shellbox.contracts.Topics;
import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(UsagePlanStub.class)
class GarbageCollectionTest {
    static final int CHUNK = 4 * 1024 * 1024;

    @Inject
    S3Client s3;

    @Inject
    ObjectMapper json;

    @ConfigProperty(name = "vfs.s3.bucket")
    String bucket;

    @ConfigProperty(name = "kafka.bootstrap.servers")
    String kafka;

    /** The S3 keys of the chunks of some content, computed the way the service cuts it. */
    static List<String> chunkKeys(byte[] content) {
        List<String> keys = new ArrayList<>();
        for (int off = 0; off < content.length; off += CHUNK) {
            String hash = Volumes.sha256(Arrays.copyOfRange(content, off, Math.min(content.length, off + CHUNK)));
            keys.add("chunks/" + hash.substring(0, 2) + "/" + hash);
        }
        return keys;
    }

    boolean stored(String key) {
        try {
            s3.headObject(b -> b.bucket(bucket).key(key));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        }
    }

    static Map<String, Object> sweep(long graceSeconds) {
        return given().queryParam("graceSeconds", graceSeconds)
                .post("/internal/v1/gc/sweep")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getMap("");
    }

    void publish(SandboxLifecycleEvent event) throws Exception {
        publish(event, event.sandboxId());
    }

    void publish(SandboxLifecycleEvent event, String key) throws Exception {
        Properties props = new Properties();
        props.put("bootstrap.servers", kafka);
        props.put("key.serializer", StringSerializer.class.getName());
        props.put("value.serializer", StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
            producer.send(new ProducerRecord<>(Topics.SANDBOX_LIFECYCLE, key, json.writeValueAsString(event)))
                    .get();
        }
    }

    @Test
    void destroyedSandboxLosesItsVolumeAndItsChunksButSharedChunksStay() throws Exception {
        String v = Volumes.create("gc-user");
        byte[] own = Volumes.random(31, 2 * CHUNK + 100);
        byte[] shared = Volumes.random(32, CHUNK + 5);
        Volumes.put(v, "/workspace/own.bin", own).then().statusCode(200);
        Volumes.put(v, "/workspace/shared.bin", shared).then().statusCode(200);
        String other = Volumes.create("gc-user");
        Volumes.put(other, "/workspace/same-bytes.bin", shared).then().statusCode(200);
        assertThat(chunkKeys(own)).allMatch(this::stored);

        publish(SandboxLifecycleEvent.of(SandboxLifecycleEvent.DESTROYED, v, "gc-user"));

        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(
                        () -> given().get("/internal/v1/volumes/" + v).then().statusCode(404));
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(chunkKeys(own)).noneMatch(this::stored));
        assertThat(chunkKeys(shared)).allMatch(this::stored);
        assertThat(Volumes.sha256(Volumes.read(other, "/workspace/same-bytes.bin")))
                .isEqualTo(Volumes.sha256(shared));
    }

    @Test
    void redeliveredDestroyEventIsIgnored() throws Exception {
        String v = Volumes.create("gc-user");
        var event = SandboxLifecycleEvent.of(SandboxLifecycleEvent.DESTROYED, v, "gc-user");
        publish(event, v);
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(
                        () -> given().get("/internal/v1/volumes/" + v).then().statusCode(404));
        given().contentType(ContentType.JSON)
                .body(Map.of("volumeId", v, "userId", "gc-user"))
                .post("/internal/v1/volumes")
                .then()
                .statusCode(201);

        publish(event, v);
        // A later event with the same key lands in the same partition, so it is handled after the redelivery.
        String marker = Volumes.create("gc-user");
        publish(SandboxLifecycleEvent.of(SandboxLifecycleEvent.DESTROYED, marker, "gc-user"), v);
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() ->
                        given().get("/internal/v1/volumes/" + marker).then().statusCode(404));

        given().get("/internal/v1/volumes/" + v).then().statusCode(200);
    }

    @Test
    void sweepDeletesUploadsThatWereNeverCommitted() {
        String v = Volumes.create();
        byte[] blob = Volumes.random(33, CHUNK + 10);
        given().contentType("application/octet-stream")
                .body(blob)
                .post("/internal/v1/volumes/" + v + "/blobs")
                .then()
                .statusCode(200);
        assertThat(chunkKeys(blob)).allMatch(this::stored);
        sweep(3600);
        assertThat(chunkKeys(blob)).allMatch(this::stored);

        sweep(0);

        assertThat(chunkKeys(blob)).noneMatch(this::stored);
        given().contentType(ContentType.JSON)
                .body(Map.of(
                        "baseVersion",
                        CommitTest.version(v),
                        "changes",
                        List.of(Map.of("op", "write", "path", "/workspace/late", "sha256", Volumes.sha256(blob)))))
                .post("/internal/v1/volumes/" + v + "/commit")
                .then()
                .statusCode(404);
    }

    @Test
    void sweepKeepsReplacedContentDuringTheGracePeriodAndDeletesItAfter() {
        String v = Volumes.create();
        byte[] first = Volumes.random(34, CHUNK / 2);
        Volumes.put(v, "/workspace/f.bin", first).then().statusCode(200);
        Volumes.put(v, "/workspace/f.bin", "replaced").then().statusCode(200);
        sweep(3600);
        assertThat(chunkKeys(first)).allMatch(this::stored);
        sweep(0);
        assertThat(chunkKeys(first)).noneMatch(this::stored);
    }

    @Test
    void sweepNeverDeletesAChunkThatAConcurrentCommitReferences() throws Exception {
        String v = Volumes.create();
        AtomicBoolean writing = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        Future<Integer> sweeper = pool.submit(() -> {
            int sweeps = 0;
            while (writing.get()) {
                sweep(1);
                sweeps++;
            }
            return sweeps;
        });
        ConcurrentLinkedQueue<byte[]> acknowledged = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Integer> refused = new ConcurrentLinkedQueue<>();
        List<Future<?>> writers = new ArrayList<>();
        for (int w = 0; w < 3; w++) {
            int writer = w;
            writers.add(pool.submit(() -> {
                for (int i = 0; i < 15; i++) {
                    byte[] content = Volumes.random(1000L * writer + i, 40_000 + i);
                    int status = Volumes.put(v, "/workspace/w" + writer + "/" + i + ".bin", content)
                            .statusCode();
                    if (status == 200) {
                        acknowledged.add(content);
                    } else {
                        refused.add(status);
                    }
                }
            }));
        }
        for (Future<?> f : writers) {
            f.get();
        }
        writing.set(false);
        assertThat(sweeper.get()).isPositive();
        pool.shutdown();

        assertThat(refused).allMatch(status -> status == 503);
        assertThat(acknowledged).isNotEmpty();
        sweep(0);
        for (int w = 0; w < 3; w++) {
            for (int i = 0; i < 15; i++) {
                byte[] content = Volumes.random(1000L * w + i, 40_000 + i);
                if (acknowledged.stream().anyMatch(a -> Arrays.equals(a, content))) {
                    assertThat(Volumes.sha256(Volumes.read(v, "/workspace/w" + w + "/" + i + ".bin")))
                            .isEqualTo(Volumes.sha256(content));
                }
            }
        }
    }
}
