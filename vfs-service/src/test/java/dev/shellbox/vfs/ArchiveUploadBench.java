package dev.shellbox.vfs;

import static dev.shellbox.vfs.Volumes.files;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Times the upload of a tar.gz of 10,000 files of 1 KiB in 100 directories (the archive of bench's VfsBenchmark) into
 * fresh volumes. Not a test: run it with {@code -Dtest=ArchiveUploadBench -Darchive-bench=true} (and
 * {@code -Darchive-bench.runs=N}); it prints the times and checks only that the uploads succeed.
 */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
@QuarkusTestResource(UsagePlanStub.class)
@EnabledIfSystemProperty(named = "archive-bench", matches = "true")
class ArchiveUploadBench {
    @Test
    void uploadTenThousandSmallFiles() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new GZIPOutputStream(bytes))) {
            for (int i = 0; i < 10_000; i++) {
                byte[] content = Volumes.random(i, 1024);
                TarArchiveEntry e = new TarArchiveEntry("d" + (i % 100) + "/f" + i + ".txt");
                e.setSize(content.length);
                e.setMode(0100644);
                tar.putArchiveEntry(e);
                tar.write(content);
                tar.closeArchiveEntry();
            }
        }
        byte[] archive = bytes.toByteArray();
        HttpClient http = HttpClient.newHttpClient();
        int runs = Integer.getInteger("archive-bench.runs", 3);
        for (int i = 0; i < runs; i++) {
            String v = Volumes.create();
            URI uri = URI.create("http://localhost:" + RestAssured.port + files(v) + "/upload?path=/workspace/tree");
            long start = System.nanoTime();
            HttpResponse<String> r = http.send(
                    HttpRequest.newBuilder(uri)
                            .timeout(Duration.ofMinutes(10))
                            .header("Content-Type", "application/gzip")
                            .POST(HttpRequest.BodyPublishers.ofByteArray(archive))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            long ms = (System.nanoTime() - start) / 1_000_000;
            if (r.statusCode() != 200) {
                throw new IllegalStateException("upload: " + r.statusCode() + " " + r.body());
            }
            System.out.printf("BENCH upload 10000 x 1 KiB in 100 dirs: run %d: %d ms%n", i, ms);
        }
    }
}
