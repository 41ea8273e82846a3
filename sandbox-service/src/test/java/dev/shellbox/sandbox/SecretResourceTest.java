package dev.shellbox.sandbox;

import static dev.shellbox.sandbox.Requests.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.shellbox.platform.reactive.Blocking;
import dev.shellbox.platform.testing.PostgresTestResource;
import dev.shellbox.sandbox.service.SecretCipher;
import dev.shellbox.sandbox.service.SecretService;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logmanager.ExtLogRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Secrets are write-only: no response, problem or log line carries a value, the database holds only ciphertext bound
 * to its user and name, and only the platform ({@link SecretService#resolve}) reads a value back.
 */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class SecretResourceTest {
    /** Every value sent in this class: none may appear in a response or a log record. */
    private static final Set<String> VALUES = ConcurrentHashMap.newKeySet();

    private static final List<String> LOGGED = new CopyOnWriteArrayList<>();
    private static final Handler CAPTURE = new Handler() {
        @Override
        public void publish(LogRecord record) {
            String message = record instanceof ExtLogRecord ext ? ext.getFormattedMessage() : record.getMessage();
            StringBuilder text = new StringBuilder(String.valueOf(message));
            for (Throwable t = record.getThrown(); t != null; t = t.getCause()) {
                text.append('\n').append(t);
            }
            LOGGED.add(text.toString());
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    private static Level shellboxLevel;

    @Inject
    SecretService secrets;

    @Inject
    Pool database;

    @ConfigProperty(name = "shellbox.sandbox.secrets.master-key")
    String masterKey;

    @BeforeAll
    static void captureLogs() {
        // problems are logged at DEBUG: see those too
        Logger shellbox = Logger.getLogger("dev.shellbox");
        shellboxLevel = shellbox.getLevel();
        shellbox.setLevel(Level.FINE);
        Logger.getLogger("").addHandler(CAPTURE);
    }

    @AfterAll
    static void noLogLineHoldsAValue() {
        Logger.getLogger("").removeHandler(CAPTURE);
        Logger.getLogger("dev.shellbox").setLevel(shellboxLevel);
        assertThat(LOGGED).as("log records").isNotEmpty();
        for (String line : LOGGED) {
            for (String value : VALUES) {
                assertThat(line).as("a log record").doesNotContain(value);
            }
        }
    }

    @Test
    void putsGetsListsAndDeletesASecretWithoutEverShowingItsValue() {
        String user = user();
        String value = value();
        ExtractableResponse<Response> put = put(
                        user, "GITHUB_TOKEN", Map.of("value", value, "description", "pushes to acme/app"))
                .statusCode(200)
                .contentType("application/json")
                .body("name", equalTo("GITHUB_TOKEN"))
                .body("description", equalTo("pushes to acme/app"))
                .body("fingerprint", matchesPattern("[0-9a-f]{8}"))
                .body("createdAt", notNullValue())
                .body("value", nullValue())
                .extract();
        assertThat(put.asString()).doesNotContain(value);
        assertThat(put.<String>path("updatedAt")).isEqualTo(put.path("createdAt"));

        String got = as(user).get("/v1/secrets/GITHUB_TOKEN")
                .then()
                .statusCode(200)
                .body("name", equalTo("GITHUB_TOKEN"))
                .body("description", equalTo("pushes to acme/app"))
                .extract()
                .asString();
        assertThat(got).doesNotContain(value);
        put(user, "npm.token-2", Map.of("value", value())).statusCode(200).body("description", nullValue());

        String listed = as(user).get("/v1/secrets")
                .then()
                .statusCode(200)
                .body("name", equalTo(List.of("GITHUB_TOKEN", "npm.token-2")))
                .body("[0].fingerprint", matchesPattern("[0-9a-f]{8}"))
                .extract()
                .asString();
        assertThat(listed).doesNotContain(value);

        as(user).delete("/v1/secrets/GITHUB_TOKEN").then().statusCode(204);
        as(user).get("/v1/secrets/GITHUB_TOKEN")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("detail", containsString("no secret 'GITHUB_TOKEN'"));
        as(user).delete("/v1/secrets/GITHUB_TOKEN").then().statusCode(404);
        as(user).get("/v1/secrets").then().statusCode(200).body("name", equalTo(List.of("npm.token-2")));
    }

    @Test
    void replacingAValueKeepsCreatedAtAndChangesTheFingerprintOnlyWithTheValue() {
        String user = user();
        String first = value();
        ExtractableResponse<Response> a =
                put(user, "db", Map.of("value", first)).statusCode(200).extract();
        ExtractableResponse<Response> same = put(user, "db", Map.of("value", first, "description", "replica"))
                .statusCode(200)
                .extract();
        ExtractableResponse<Response> other =
                put(user, "db", Map.of("value", value())).statusCode(200).extract();
        assertThat(same.<String>path("fingerprint")).isEqualTo(a.path("fingerprint"));
        assertThat(other.<String>path("fingerprint")).isNotEqualTo(a.path("fingerprint"));
        assertThat(other.<String>path("createdAt")).isEqualTo(a.path("createdAt"));
        assertThat(other.<String>path("updatedAt")).isNotEqualTo(a.path("updatedAt"));
        // a PUT is the whole secret: no description clears the one before
        assertThat(other.<String>path("description")).isNull();
        as(user).get("/v1/secrets").then().body("name", hasSize(1));
    }

    @Test
    void storesOnlyCiphertextBoundToTheUserAndNameWithANewNonceEachWrite() {
        String user = user();
        String value = value();
        put(user, "aws", Map.of("value", value)).statusCode(200);
        Row first = row(user, "aws");
        byte[] ciphertext = bytes(first, "ciphertext");
        byte[] nonce = bytes(first, "nonce");
        assertThat(nonce).hasSize(12);
        assertThat(contains(ciphertext, value.getBytes(StandardCharsets.UTF_8))).isFalse();
        assertThat(contains(nonce, value.getBytes(StandardCharsets.UTF_8))).isFalse();
        assertThat(first.getString("description")).isNull();

        SecretCipher cipher = SecretCipher.of(Base64.getDecoder().decode(masterKey), List.of());
        assertThat(first.getString("key_id")).isEqualTo(cipher.keyId());
        SecretCipher.Sealed sealed = new SecretCipher.Sealed(ciphertext, nonce, first.getString("key_id"));
        assertThat(new String(cipher.open(user, "aws", sealed), StandardCharsets.UTF_8))
                .isEqualTo(value);
        assertThatThrownBy(() -> cipher.open(user + "x", "aws", sealed))
                .isInstanceOf(SecretCipher.UnreadableException.class);
        assertThatThrownBy(() -> cipher.open(user, "aws2", sealed))
                .isInstanceOf(SecretCipher.UnreadableException.class);

        put(user, "aws", Map.of("value", value)).statusCode(200);
        Row second = row(user, "aws");
        assertThat(bytes(second, "nonce")).isNotEqualTo(nonce);
        assertThat(bytes(second, "ciphertext")).isNotEqualTo(ciphertext);
    }

    @Test
    void resolvesTheValueForThePlatformOnlyInItsOwnRow() {
        String user = user();
        String value = "päss wörd " + value();
        VALUES.add(value);
        put(user, "proxy", Map.of("value", value)).statusCode(200);
        assertThat(Blocking.await(() -> secrets.resolve(user, "proxy"))).contains(value);
        assertThat(secrets.resolveBlocking(user, "proxy")).contains(value);
        assertThat(secrets.resolveBlocking(user, "absent")).isEmpty();
        assertThat(secrets.resolveBlocking(user() /* another user */, "proxy")).isEmpty();

        // a row moved to another user does not decrypt there
        String thief = user();
        execute("update secret set user_id = $1 where user_id = $2 and name = 'proxy'", thief, user);
        assertThat(secrets.resolveBlocking(user, "proxy")).isEmpty();
        assertThatThrownBy(() -> secrets.resolveBlocking(thief, "proxy"))
                .isInstanceOf(SecretCipher.UnreadableException.class)
                .hasMessageNotContaining(value);
        // nor under another name
        execute("update secret set user_id = $1, name = 'proxy2' where user_id = $2", user, thief);
        assertThatThrownBy(() -> secrets.resolveBlocking(user, "proxy2"))
                .isInstanceOf(SecretCipher.UnreadableException.class);
        Optional<String> none = secrets.resolveBlocking(user, "proxy");
        assertThat(none).isEmpty();
    }

    @Test
    void anotherUserCanNeitherSeeNorDeleteASecret() {
        String owner = user();
        String other = user();
        put(owner, "shared-name", Map.of("value", value())).statusCode(200);
        as(other).get("/v1/secrets/shared-name").then().statusCode(404);
        as(other).delete("/v1/secrets/shared-name").then().statusCode(404);
        as(other).get("/v1/secrets").then().statusCode(200).body("$", hasSize(0));
        // the same name is the other user's own secret
        put(other, "shared-name", Map.of("value", value())).statusCode(200);
        as(owner).get("/v1/secrets/shared-name").then().statusCode(200);
        as(owner).get("/v1/secrets").then().body("name", equalTo(List.of("shared-name")));
    }

    @Test
    void returns400NamingTheNameParameterWhenItIsInvalid() {
        String user = user();
        String value = value();
        for (String name : List.of("has space", "a".repeat(65), "semi;colon", "ümlaut", "a:b")) {
            String body = as(user).body(Map.of("value", value))
                    .put("/v1/secrets/{name}", name)
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("parameter", equalTo("name"))
                    .extract()
                    .asString();
            assertThat(body).doesNotContain(value);
        }
        as(user).get("/v1/secrets/{name}", "has space").then().statusCode(400).body("parameter", equalTo("name"));
        as(user).delete("/v1/secrets/{name}", "a".repeat(65)).then().statusCode(400);
        put(user, "A-z_0.9", Map.of("value", value)).statusCode(200);
        put(user, "x".repeat(64), Map.of("value", value)).statusCode(200);
    }

    @Test
    void returns400ForEmptyOversizeOrMistypedValuesWithoutQuotingThem() {
        String user = user();
        put(user, "s", Map.of("value", "")).statusCode(400).body("pointer", equalTo("/value"));
        String big = "x".repeat(16 * 1024 + 1);
        VALUES.add(big);
        problem(put(user, "s", Map.of("value", big)), big)
                .body("pointer", equalTo("/value"))
                .body("detail", containsString("16385 bytes"));
        // 5462 euro signs are fewer than 16 Ki characters but more than 16 KiB of UTF-8
        String euros = "€".repeat(5462);
        VALUES.add(euros);
        problem(put(user, "s", Map.of("value", euros)), euros).body("pointer", equalTo("/value"));
        put(user, "s", Map.of("value", "x".repeat(16 * 1024))).statusCode(200);
        put(user, "s", Map.of("value", "€".repeat(5461))).statusCode(200);

        String token = "Tok3n" + UUID.randomUUID().toString().replace("-", "");
        VALUES.add(token);
        problem(putRaw(user, "{\"value\": 98765432123456789}"), "98765432123456789")
                .body("pointer", equalTo("/value"))
                .body("expected", equalTo("a string"));
        problem(putRaw(user, "{\"value\": [\"" + token + "\"]}"), token).body("pointer", equalTo("/value"));
        problem(putRaw(user, "{\"value\": {\"k\": \"" + token + "\"}}"), token).body("pointer", equalTo("/value"));
        // not JSON: the parser would quote the token it stopped at
        problem(putRaw(user, "{\"value\": " + token + "}"), token).body("line", equalTo(1));
        problem(putRaw(user, "{\n  \"value\":\n  " + token + "\n}"), token)
                .body("line", equalTo(3))
                .body("column", notNullValue());
        problem(putRaw(user, "{\"value\": \"" + token), token);
        problem(putRaw(user, "[\"" + token + "\"]"), token)
                .body("pointer", equalTo(""))
                .body("expected", equalTo("an object"));
        problem(putRaw(user, "{\"value\": \"" + token + "\", \"value\": \"" + token + "\"}"), token);
        problem(putRaw(user, "{\"value\": \"\\ud800" + token + "\"}"), token).body("pointer", equalTo("/value"));
        // missing
        problem(putRaw(user, "{\"description\": \"" + token + "\"}"), token)
                .body("pointer", equalTo("/value"))
                .body("detail", containsString("required"));
        problem(putRaw(user, ""), token).body("pointer", equalTo("/value"));
        problem(putRaw(user, "{\"value\": null}"), token).body("pointer", equalTo("/value"));
        as(user).get("/v1/secrets").then().body("name", equalTo(List.of("s")));
    }

    @Test
    void returns400NamingAnUnknownFieldWithoutTheValue() {
        String user = user();
        String value = value();
        problem(put(user, "k", Map.of("value", value, "valeu", "x")), value)
                .body("pointer", equalTo("/valeu"))
                .body("detail", containsString("unknown field"));
        problem(put(user, "k", Map.of("value", value, "description", 5)), value)
                .body("pointer", equalTo("/description"));
        problem(put(user, "k", Map.of("value", value, "description", "d".repeat(1025))), value)
                .body("pointer", equalTo("/description"));
        as(user).get("/v1/secrets/k").then().statusCode(404);
    }

    @Test
    void refusesOneSecretOverThePerUserCapWith409ButStillReplaces() {
        String user = user();
        for (int i = 0; i < 5; i++) {
            put(user, "cap" + i, Map.of("value", value())).statusCode(200);
        }
        String value = value();
        problem(put(user, "cap5", Map.of("value", value)), value)
                .statusCode(409)
                .body("maximum", equalTo(5))
                .body("current", equalTo(5))
                .body("detail", containsString("shellbox.sandbox.secrets.max-per-user"));
        put(user, "cap0", Map.of("value", value)).statusCode(200);
        as(user).delete("/v1/secrets/cap1").then().statusCode(204);
        put(user, "cap5", Map.of("value", value)).statusCode(200);
    }

    @Test
    void destroyingTheUsersSandboxesKeepsTheirSecrets() {
        String user = user();
        put(user, "kept", Map.of("value", value())).statusCode(200);
        String sandbox = Requests.createSandbox(user, "{\"provider\": \"in-process\"}");
        as(user).delete("/v1/sandboxes/" + sandbox).then().statusCode(204);
        as(user).get("/v1/secrets/kept").then().statusCode(200);
    }

    @Test
    void needsTheUserHeader() {
        io.restassured.RestAssured.given()
                .get("/v1/secrets")
                .then()
                .statusCode(401)
                .contentType("application/problem+json");
    }

    private static io.restassured.response.ValidatableResponse put(String user, String name, Map<String, ?> body) {
        return as(user).body(body).put("/v1/secrets/{name}", name).then();
    }

    private static io.restassured.response.ValidatableResponse putRaw(String user, String body) {
        return as(user).body(body).put("/v1/secrets/raw").then();
    }

    /** A 4xx problem that does not quote {@code value}. */
    private static io.restassured.response.ValidatableResponse problem(
            io.restassured.response.ValidatableResponse response, String value) {
        String body = response.contentType("application/problem+json").extract().asString();
        assertThat(body).doesNotContain(value);
        return response.body("status", not(equalTo(200)));
    }

    private Row row(String user, String name) {
        RowSet<Row> rows = database.preparedQuery(
                        "select ciphertext, nonce, key_id, description from secret where user_id = $1 and name = $2")
                .execute(Tuple.of(user, name))
                .await()
                .indefinitely();
        assertThat(rows.size()).isEqualTo(1);
        return rows.iterator().next();
    }

    private void execute(String sql, Object... parameters) {
        database.preparedQuery(sql).execute(Tuple.from(parameters)).await().indefinitely();
    }

    private static byte[] bytes(Row row, String column) {
        return row.getBuffer(column).getBytes();
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static String user() {
        return "secrets-" + UUID.randomUUID();
    }

    private static String value() {
        String value = "sv-" + UUID.randomUUID();
        VALUES.add(value);
        return value;
    }
}
