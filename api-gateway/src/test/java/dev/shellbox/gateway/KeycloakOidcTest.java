package dev.shellbox.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * The gateway against a real OIDC provider: tokens issued by Keycloak to two users of an imported realm (alice, a
 * user; bob, a user and admin) through the password grant, checked end to end through the gateway with the real
 * services behind it.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
// Keycloak and the services start side by side: both take a while.
@WithTestResource(value = KeycloakTestResource.class, parallel = true)
@WithTestResource(value = SandboxServicesTestResource.class, parallel = true)
class KeycloakOidcTest {
    private static final String CLIENT = "shellbox-api";
    private static final String CLIENT_SECRET = "shellbox-api-secret";

    @ConfigProperty(name = "quarkus.oidc.auth-server-url")
    String issuer;

    @Test
    void acceptsATokenIssuedForTheGateway() {
        String token = token(issuer, CLIENT, CLIENT_SECRET, "alice");
        String sandbox = createSandbox(token, "oidc-subject");
        as(token).get("/v1/sandboxes").then().statusCode(200).body("id", hasItem(sandbox));
        as(token)
                .body(Map.of("command", "echo hello from $((6 * 7))"))
                .post("/v1/sandboxes/" + sandbox + "/exec")
                .then()
                .statusCode(200)
                .body("exitCode", equalTo(0))
                .body("stdout", equalTo("hello from 42\n"));
    }

    @Test
    void refusesATokenWithABrokenSignature() {
        String token = token(issuer, CLIENT, CLIENT_SECRET, "alice");
        int signature = token.lastIndexOf('.') + 1;
        char first = token.charAt(signature);
        String garbled = token.substring(0, signature) + (first == 'A' ? 'B' : 'A') + token.substring(signature + 1);
        assertRefused(garbled);
        assertRefused(token.substring(0, signature));
        assertRefused("eyJhbGciOiJSUzI1NiJ9.garbage.garbage");
    }

    @Test
    void refusesATokenIssuedForAnotherAudience() {
        String token = token(issuer, "other-app", "other-app-secret", "alice");
        assertRefused(token);
    }

    @Test
    void refusesATokenOfAnotherIssuer() {
        String elsewhere = issuer.replace("/realms/" + KeycloakTestResource.REALM, "/realms/elsewhere");
        String token = token(elsewhere, CLIENT, "elsewhere-secret", "alice");
        assertRefused(token);
    }

    @Test
    void refusesAnExpiredToken() throws InterruptedException {
        String token = token(issuer, "shellbox-api-short-lived", "short-lived-secret", "alice");
        long expiresAt = claims(token).getLong("exp");
        // Tokens of this client live one second; wait until this one is past its expiry time.
        while (Instant.now().getEpochSecond() <= expiresAt + 1) {
            Thread.sleep(250);
        }
        assertRefused(token);
    }

    @Test
    void takesRolesFromTheConfiguredClaim() {
        String alice = token(issuer, CLIENT, CLIENT_SECRET, "alice");
        String bob = token(issuer, CLIENT, CLIENT_SECRET, "bob");
        as(alice)
                .get("/v1/admin/api-keys")
                .then()
                .statusCode(403)
                .contentType("application/problem+json")
                .body("detail", containsString("admin role"));
        as(bob).get("/v1/admin/api-keys").then().statusCode(200);
        String aliceId = claims(alice).getString("sub");
        as(bob).body(Map.of("user", aliceId, "name", "ci"))
                .post("/v1/admin/api-keys")
                .then()
                .statusCode(201)
                .body("user", equalTo(aliceId));
    }

    @Test
    void keepsEachUsersSandboxesToThemselves() {
        String alice = token(issuer, CLIENT, CLIENT_SECRET, "alice");
        String bob = token(issuer, CLIENT, CLIENT_SECRET, "bob");
        String sandbox = createSandbox(alice, "oidc-private");
        String bobsOwn = createSandbox(bob, "oidc-private");
        assertNotEquals(sandbox, bobsOwn, "names are per user");

        as(bob).get("/v1/sandboxes/" + sandbox).then().statusCode(404).contentType("application/problem+json");
        as(bob).body(Map.of("command", "ls"))
                .post("/v1/sandboxes/" + sandbox + "/exec")
                .then()
                .statusCode(404);
        as(bob).get("/v1/sandboxes/" + sandbox + "/files/list?path=/workspace")
                .then()
                .statusCode(404);
        as(bob).delete("/v1/sandboxes/" + sandbox).then().statusCode(404);
        as(bob).get("/v1/sandboxes").then().statusCode(200).body("id", not(hasItem(sandbox)));

        as(alice)
                .get("/v1/sandboxes/" + sandbox)
                .then()
                .statusCode(200)
                .body("name", equalTo("oidc-private"))
                .body("state", equalTo("running"));
        as(alice)
                .get("/v1/sandboxes/" + sandbox + "/files/list?path=/workspace")
                .then()
                .statusCode(200);
    }

    private static RequestSpecification as(String token) {
        return given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON);
    }

    private static String createSandbox(String token, String name) {
        return as(token)
                .body(Map.of("name", name))
                .post("/v1/sandboxes")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    private static void assertRefused(String token) {
        as(token)
                .get("/v1/sandboxes")
                .then()
                .statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", startsWith("Bearer"))
                .body("detail", containsString("access token"));
    }

    /** An access token from the realm at {@code realmUrl} by the password grant of a confidential client. */
    private static String token(String realmUrl, String clientId, String secret, String user) {
        return given().formParam("grant_type", "password")
                .formParam("client_id", clientId)
                .formParam("client_secret", secret)
                .formParam("username", user)
                .formParam("password", user + "-password")
                .post(realmUrl + "/protocol/openid-connect/token")
                .then()
                .statusCode(200)
                .extract()
                .path("access_token");
    }

    private static JsonPath claims(String token) {
        String payload = token.split("\\.")[1];
        return JsonPath.from(new String(Base64.getUrlDecoder().decode(payload), StandardCharsets.UTF_8));
    }
}
