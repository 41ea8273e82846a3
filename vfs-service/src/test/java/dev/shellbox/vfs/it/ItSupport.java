package dev.shellbox.vfs.it;

import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Row;
import java.net.URI;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/** What the packaged-app tests use besides HTTP: SQL against the app's database, S3 listings, test content. */
final class ItSupport {
    private ItSupport() {}

    /** The first column of every row a query returns, as strings. */
    static List<String> query(String databaseUrl, String sql) throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            PgConnection conn = PgConnection.connect(
                            vertx, PgConnectOptions.fromUri(databaseUrl).setUser("postgres"))
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(30, TimeUnit.SECONDS);
            try {
                List<String> values = new ArrayList<>();
                for (Row row : conn.query(sql)
                        .execute()
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(60, TimeUnit.SECONDS)) {
                    Object v = row.getValue(0);
                    values.add(v == null ? null : v.toString());
                }
                return values;
            } finally {
                conn.close();
            }
        } finally {
            vertx.close();
        }
    }

    static S3Client s3() {
        return S3Client.builder()
                .endpointOverride(URI.create(PackagedApp.s3Endpoint()))
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(
                        StaticCredentialsProvider.create(AwsBasicCredentials.create("shellbox", "shellbox-secret")))
                .httpClient(UrlConnectionHttpClient.create())
                .build();
    }

    /** The chunk hashes stored in a bucket. */
    static Set<String> storedChunks(S3Client s3, String bucket) {
        Set<String> hashes = new HashSet<>();
        for (S3Object o : s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix("chunks/"))
                .contents()) {
            hashes.add(o.key().substring(o.key().lastIndexOf('/') + 1));
        }
        return hashes;
    }

    /** Deterministic pseudo-random content: the same seed and size give the same bytes. */
    static byte[] content(long seed, int size) {
        byte[] bytes = new byte[size];
        new SplittableRandom(seed).nextBytes(bytes);
        return bytes;
    }

    static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(digest().digest(bytes));
    }

    static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
