package dev.shellbox.vfs;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/** Helpers for tests that drive the service over HTTP. */
final class Volumes {
    private Volumes() {}

    /** Creates a fresh volume for {@code user}; its id. */
    static String create(String user) {
        String id = "v-" + UUID.randomUUID();
        given().contentType(ContentType.JSON)
                .body(Map.of("volumeId", id, "userId", user))
                .post("/internal/v1/volumes")
                .then()
                .statusCode(201);
        return id;
    }

    static String create() {
        return create("user-" + UUID.randomUUID());
    }

    static String files(String volume) {
        return "/v1/volumes/" + volume + "/files";
    }

    static Response put(String volume, String path, byte[] content) {
        return given().queryParam("path", path)
                .contentType("application/octet-stream")
                .body(content)
                .put(files(volume));
    }

    static Response put(String volume, String path, String content) {
        return put(volume, path, content.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    static byte[] read(String volume, String path) {
        return given().queryParam("path", path)
                .get(files(volume))
                .then()
                .statusCode(200)
                .extract()
                .asByteArray();
    }

    static String readString(String volume, String path) {
        return new String(read(volume, path), java.nio.charset.StandardCharsets.UTF_8);
    }

    static byte[] random(long seed, int size) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
