package dev.shellbox.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(Suite.class)
class TenantIsolationIT {

    @Test
    void anotherUsersSandboxIsNotFoundEverywhere() {
        Api alice = Suite.newUser("alice-tenant");
        Api bob = Suite.newUser("bob-tenant");
        String id = alice.post("/v1/sandboxes", "{}").json().get("id").asText();
        alice.exec(id, "echo secret > /workspace/secret.txt");

        String base = "/v1/sandboxes/" + id;
        assertThat(bob.get(base).status()).isEqualTo(404);
        assertThat(bob.post(base + "/exec", "{\"command\":\"cat /workspace/secret.txt\"}")
                        .status())
                .isEqualTo(404);
        assertThat(bob.get(base + "/files?path=/workspace/secret.txt").status()).isEqualTo(404);
        assertThat(bob.put(base + "/files?path=/workspace/x", "x".getBytes(StandardCharsets.UTF_8))
                        .status())
                .isEqualTo(404);
        assertThat(bob.post(base + "/sessions", "{\"name\":\"s\"}").status()).isEqualTo(404);
        assertThat(bob.post(base + "/pause", "").status()).isEqualTo(404);
        assertThat(bob.delete(base).status()).isEqualTo(404);
        assertThat(bob.get("/v1/sandboxes").json()).isEmpty();

        assertThat(alice.exec(id, "cat /workspace/secret.txt").get("stdout").asText())
                .isEqualTo("secret\n");
    }

    @Test
    void namesArePerUser() {
        Api carol = Suite.newUser("carol-tenant");
        Api dave = Suite.newUser("dave-tenant");
        String a = carol.post("/v1/sandboxes", "{\"name\":\"dev\"}")
                .json()
                .get("id")
                .asText();
        String b = dave.post("/v1/sandboxes", "{\"name\":\"dev\"}")
                .json()
                .get("id")
                .asText();
        assertThat(a).isNotEqualTo(b);
    }

    @Test
    void rejectsMissingAndRevokedCredentials() {
        Api anonymous = new Api(Suite.stack().gatewayUrl(), null);
        Api.Response r = anonymous.get("/v1/sandboxes");
        assertThat(r.status()).isEqualTo(401);
        assertThat(r.header("WWW-Authenticate")).startsWith("Bearer");
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
        assertThat(Suite.newUser("erin-tenant").get("/v1/admin/api-keys").status())
                .isEqualTo(403);
    }
}
