package dev.shellbox.bench.vfs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.GZIPOutputStream;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Load generator for a running vfs-service, compared with raw PUT/GET against the same S3 endpoint.
 *
 * <pre>
 * java -cp 'bench/target/bench-*.jar:bench/target/lib/*' dev.shellbox.bench.vfs.VfsBenchmark \
 *     [--vfs http://127.0.0.1:8082] [--s3 http://127.0.0.1:9000] [--only throughput,small,tree,inline]
 * </pre>
 *
 * Content is generated on the fly (incompressible, never held whole), so the generator's memory stays small.
 */
public final class VfsBenchmark {
    private static final long MIB = 1024 * 1024;

    private final String vfs;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final ObjectMapper json = new ObjectMapper();
    private final S3Client s3;
    private final String bucket = "bench-raw";

    private VfsBenchmark(String vfs, String s3Endpoint) {
        this.vfs = vfs;
        this.s3 = S3Client.builder()
                .endpointOverride(URI.create(s3Endpoint))
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        env("SHELLBOX_S3_ACCESS_KEY", "shellbox"), env("SHELLBOX_S3_SECRET_KEY", "shellbox-secret"))))
                .httpClient(UrlConnectionHttpClient.create())
                .build();
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        VfsBenchmark bench = new VfsBenchmark(
                options.getOrDefault("vfs", "http://127.0.0.1:8082"),
                options.getOrDefault("s3", env("SHELLBOX_S3_ENDPOINT", "http://127.0.0.1:9000")));
        List<String> only = Arrays.asList(
                options.getOrDefault("only", "throughput,small,tree,inline").split(","));
        if (only.contains("throughput")) {
            bench.throughput();
        }
        if (only.contains("small")) {
            bench.smallWrites();
        }
        if (only.contains("tree")) {
            bench.listAndFork();
        }
        if (only.contains("inline")) {
            bench.smallFileCost();
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    // ---- large files: vfs vs raw S3 ----

    private void throughput() throws Exception {
        try {
            s3.createBucket(b -> b.bucket(bucket));
        } catch (RuntimeException e) {
            // exists
        }
        String volume = createVolume();
        System.out.println(
                "| size | vfs write MB/s | raw S3 PUT MB/s | ratio | vfs read MB/s | raw S3 GET MB/s | ratio |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (long[] run : new long[][] {{MIB, 20}, {100 * MIB, 3}, {1024 * MIB, 2}}) {
            long size = run[0];
            int times = (int) run[1];
            double vfsWrite = 0;
            double vfsRead = 0;
            double rawPut = 0;
            double rawGet = 0;
            for (int i = 0; i < times; i++) {
                long seed = size * 31 + i;
                String path = "/workspace/bench/" + size + "-" + i + ".bin";
                long t0 = System.nanoTime();
                vfsPut(volume, path, size, seed);
                long t1 = System.nanoTime();
                long read = vfsGet(volume, path);
                long t2 = System.nanoTime();
                if (read != size) {
                    throw new IllegalStateException("read " + read + " of " + size);
                }
                String key = "raw/" + size + "-" + i;
                s3.putObject(
                        b -> b.bucket(bucket).key(key).contentLength(size),
                        RequestBody.fromContentProvider(
                                () -> new GeneratedStream(size, seed + 7), size, "application/octet-stream"));
                long t3 = System.nanoTime();
                try (InputStream in = s3.getObject(b -> b.bucket(bucket).key(key))) {
                    drain(in);
                }
                long t4 = System.nanoTime();
                vfsWrite += t1 - t0;
                vfsRead += t2 - t1;
                rawPut += t3 - t2;
                rawGet += t4 - t3;
            }
            double mb = size * (double) times / 1e6;
            double w = mb / (vfsWrite / 1e9);
            double r = mb / (vfsRead / 1e9);
            double p = mb / (rawPut / 1e9);
            double g = mb / (rawGet / 1e9);
            System.out.printf(
                    "| %d MiB | %.1f | %.1f | %.2f | %.1f | %.1f | %.2f |%n", size / MIB, w, p, w / p, r, g, r / g);
        }
    }

    private void vfsPut(String volume, String path, long size, long seed) throws IOException {
        HttpURLConnection conn = (HttpURLConnection)
                URI.create(filesUrl(volume, "", path)).toURL().openConnection();
        conn.setRequestMethod("PUT");
        conn.setDoOutput(true);
        conn.setFixedLengthStreamingMode(size);
        conn.setRequestProperty("Content-Type", "application/octet-stream");
        try (OutputStream out = conn.getOutputStream();
                InputStream in = new GeneratedStream(size, seed)) {
            in.transferTo(out);
        }
        if (conn.getResponseCode() != 200) {
            throw new IllegalStateException("PUT " + path + ": " + conn.getResponseCode());
        }
        try (InputStream in = conn.getInputStream()) {
            in.readAllBytes();
        }
    }

    private long vfsGet(String volume, String path) throws Exception {
        HttpResponse<InputStream> r = http.send(
                HttpRequest.newBuilder(URI.create(filesUrl(volume, "", path))).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream in = r.body()) {
            return drain(in);
        }
    }

    private static long drain(InputStream in) throws IOException {
        byte[] buffer = new byte[1 << 16];
        long total = 0;
        int n;
        while ((n = in.read(buffer)) > 0) {
            total += n;
        }
        return total;
    }

    // ---- small files ----

    private void smallWrites() throws Exception {
        byte[] kib = new byte[1024];
        new SplittableRandom(1).nextBytes(kib);
        System.out.println();
        System.out.println("| 1 KiB writes | clients | writes/s |");
        System.out.println("|---|---|---|");
        for (int clients : new int[] {1, 8}) {
            String volume = createVolume();
            int perClient = 2000 / clients;
            for (int i = 0; i < 50; i++) {
                vfsPutBytes(volume, "/workspace/warm/" + i, kib);
            }
            ExecutorService pool = Executors.newFixedThreadPool(clients);
            long t0 = System.nanoTime();
            List<Future<?>> futures = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int client = c;
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < perClient; i++) {
                        vfsPutBytes(volume, "/workspace/small/" + client + "/" + (i % 100) + "/f" + i, kib);
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
            long elapsed = System.nanoTime() - t0;
            pool.shutdown();
            System.out.printf(
                    "| sequential per client | %d | %.0f |%n", clients, perClient * clients / (elapsed / 1e9));
        }
    }

    private void vfsPutBytes(String volume, String path, byte[] bytes) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(filesUrl(volume, "", path)))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("PUT " + path + ": " + r.statusCode() + " " + r.body());
        }
    }

    // ---- 10,000 files: recursive list and fork ----

    private void listAndFork() throws Exception {
        String volume = createVolume();
        long t0 = System.nanoTime();
        uploadTree(volume, 10_000);
        long t1 = System.nanoTime();
        System.out.println();
        System.out.printf(
                "upload of a tar.gz with 10,000 files (100 directories, 1 KiB each): %.0f ms%n", (t1 - t0) / 1e6);
        List<Double> lists = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            long a = System.nanoTime();
            JsonNode page = getJson(filesUrl(volume, "/list", "/workspace/tree") + "&recursive=true&limit=10000");
            long b = System.nanoTime();
            // the largest page the API serves is 10,000 entries
            if (page.get("entries").size() != 10_000) {
                throw new IllegalStateException("listed " + page.get("entries").size());
            }
            lists.add((b - a) / 1e6);
        }
        List<Double> pages = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long a = System.nanoTime();
            String cursor = null;
            int seen = 0;
            do {
                JsonNode page = getJson(filesUrl(volume, "/list", "/workspace/tree") + "&recursive=true&limit=1000"
                        + (cursor == null ? "" : "&cursor=" + cursor));
                seen += page.get("entries").size();
                cursor = page.get("nextCursor").isNull()
                        ? null
                        : page.get("nextCursor").asText();
            } while (cursor != null);
            pages.add((System.nanoTime() - a) / 1e6);
            if (seen != 10_100) {
                throw new IllegalStateException("paged " + seen);
            }
        }
        List<Double> forks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String fork = "bench-fork-" + UUID.randomUUID();
            long a = System.nanoTime();
            postJson(
                    vfs + "/internal/v1/volumes/" + volume + "/fork",
                    "{\"newVolumeId\":\"" + fork + "\",\"userId\":\"bench\"}",
                    201);
            forks.add((System.nanoTime() - a) / 1e6);
        }
        List<Double> trees = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long a = System.nanoTime();
            getJson(vfs + "/internal/v1/volumes/" + volume + "/tree?path=/workspace/tree");
            trees.add((System.nanoTime() - a) / 1e6);
        }
        System.out.printf(
                "recursive list, one page of 10,000 entries: median %.0f ms (runs %s)%n", median(lists), lists);
        System.out.printf("recursive list, pages of 1,000: median %.0f ms (runs %s)%n", median(pages), pages);
        System.out.printf("fork of the volume (10,105 entries): median %.0f ms (runs %s)%n", median(forks), forks);
        System.out.printf("tree load with inline content: median %.0f ms (runs %s)%n", median(trees), trees);
    }

    private void uploadTree(String volume, int files) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] kib = new byte[1024];
        SplittableRandom random = new SplittableRandom(5);
        try (TarWriter tar = new TarWriter(new GZIPOutputStream(bytes))) {
            for (int i = 0; i < files; i++) {
                random.nextBytes(kib);
                tar.file("d" + (i % 100) + "/f" + i + ".txt", kib);
            }
        }
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(filesUrl(volume, "/upload", "/workspace/tree")))
                        .timeout(Duration.ofMinutes(10))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(bytes.toByteArray()))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("upload: " + r.statusCode() + " " + r.body());
        }
    }

    // ---- what a small file costs, for the inline threshold ----

    private void smallFileCost() throws Exception {
        String volume = createVolume();
        System.out.println();
        System.out.println("| size | writes/s | write ms | reads/s | read ms |");
        System.out.println("|---|---|---|---|---|");
        for (int size : new int[] {256, 1024, 4096, 16384, 65536, 262144}) {
            byte[] content = new byte[size];
            new SplittableRandom(size).nextBytes(content);
            int n = 300;
            for (int i = 0; i < 20; i++) {
                vfsPutBytes(volume, "/workspace/cost/warm-" + size + "-" + i, content);
            }
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                content[0] = (byte) i;
                content[1] = (byte) (i >> 8);
                vfsPutBytes(volume, "/workspace/cost/" + size + "/" + i, content);
            }
            long t1 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                vfsGet(volume, "/workspace/cost/" + size + "/" + i);
            }
            long t2 = System.nanoTime();
            System.out.printf(
                    "| %d | %.0f | %.2f | %.0f | %.2f |%n",
                    size, n / ((t1 - t0) / 1e9), (t1 - t0) / 1e6 / n, n / ((t2 - t1) / 1e9), (t2 - t1) / 1e6 / n);
        }
    }

    // ---- helpers ----

    private String createVolume() throws Exception {
        String id = "bench-" + UUID.randomUUID();
        postJson(vfs + "/internal/v1/volumes", "{\"volumeId\":\"" + id + "\",\"userId\":\"bench\"}", 201);
        return id;
    }

    private String filesUrl(String volume, String op, String path) {
        return vfs + "/v1/volumes/" + volume + "/files" + op + "?path="
                + URLEncoder.encode(path, StandardCharsets.UTF_8);
    }

    private JsonNode getJson(String url) throws Exception {
        HttpResponse<byte[]> r = http.send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofMinutes(5))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("GET " + url + ": " + r.statusCode());
        }
        return json.readTree(r.body());
    }

    private void postJson(String url, String body, int expected) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofMinutes(5))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != expected) {
            throw new IllegalStateException("POST " + url + ": " + r.statusCode() + " " + r.body());
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(Double::compare);
        return sorted.get(sorted.size() / 2);
    }

    /** Incompressible pseudo-random bytes of a given length, generated as they are read. */
    static final class GeneratedStream extends InputStream {
        private final SplittableRandom random;
        private final byte[] block = new byte[1 << 16];
        private long remaining;
        private int position = block.length;

        GeneratedStream(long size, long seed) {
            this.remaining = size;
            this.random = new SplittableRandom(seed);
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (remaining == 0) {
                return -1;
            }
            if (position == block.length) {
                random.nextBytes(block);
                position = 0;
            }
            int n = (int) Math.min(Math.min(len, block.length - position), remaining);
            System.arraycopy(block, position, b, off, n);
            position += n;
            remaining -= n;
            return n;
        }
    }

    /** A minimal ustar writer for regular files (names under 100 bytes), enough for the benchmark's trees. */
    static final class TarWriter implements AutoCloseable {
        private final OutputStream out;

        TarWriter(OutputStream out) {
            this.out = out;
        }

        void file(String name, byte[] content) throws IOException {
            byte[] header = new byte[512];
            put(header, 0, name, 100);
            put(header, 100, "0000644", 8);
            put(header, 108, "0000000", 8);
            put(header, 116, "0000000", 8);
            put(header, 124, String.format("%011o", content.length), 12);
            put(header, 136, String.format("%011o", System.currentTimeMillis() / 1000), 12);
            Arrays.fill(header, 148, 156, (byte) ' ');
            header[156] = '0';
            put(header, 257, "ustar", 6);
            put(header, 263, "00", 2);
            long sum = 0;
            for (byte b : header) {
                sum += b & 0xff;
            }
            put(header, 148, String.format("%06o", sum), 7);
            header[155] = ' ';
            out.write(header);
            out.write(content);
            int pad = (512 - content.length % 512) % 512;
            out.write(new byte[pad]);
        }

        private static void put(byte[] header, int offset, String value, int max) {
            byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(bytes, 0, header, offset, Math.min(bytes.length, max));
        }

        @Override
        public void close() throws IOException {
            out.write(new byte[1024]);
            out.close();
        }
    }
}
