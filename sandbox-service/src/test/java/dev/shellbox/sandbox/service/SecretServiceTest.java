package dev.shellbox.sandbox.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.sandbox.config.SandboxConfig;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Without a usable master key, every secrets operation is a 503 that says what to set; nothing runs unsealed. */
class SecretServiceTest {
    @Test
    void answers503NamingTheVariableWhenNoMasterKeyIsConfigured() {
        SecretService secrets = new SecretService(null, config(Optional.empty()));
        for (Runnable operation : List.<Runnable>of(
                () -> secrets.put("alice", "github", "value", null),
                () -> secrets.list("alice"),
                () -> secrets.get("alice", "github"),
                () -> secrets.delete("alice", "github"),
                () -> secrets.resolve("alice", "github"))) {
            assertThatThrownBy(operation::run).isInstanceOfSatisfying(ProblemException.class, e -> {
                assertThat(e.status()).isEqualTo(503);
                assertThat(e.problem().detail())
                        .isEqualTo("secrets are not configured: set SHELLBOX_SECRETS_MASTER_KEY");
                assertThat(e.retryAfter()).isNull();
            });
        }
    }

    @Test
    void refusesAnInvalidNameWith400BeforeSayingSecretsAreNotConfigured() {
        SecretService secrets = new SecretService(null, config(Optional.empty()));
        assertThatThrownBy(() -> secrets.get("alice", "no~such")).isInstanceOfSatisfying(ProblemException.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.problem().extension("parameter")).isEqualTo("name");
        });
    }

    @Test
    void answers503NamingTheSettingWhenTheMasterKeyIsNotA32ByteKey() {
        SecretService secrets = new SecretService(null, config(Optional.of("c2hvcnQ=")));
        assertThatThrownBy(() -> secrets.list("alice")).isInstanceOfSatisfying(ProblemException.class, e -> {
            assertThat(e.status()).isEqualTo(503);
            assertThat(e.problem().detail())
                    .contains("shellbox.sandbox.secrets.master-key")
                    .contains("5 bytes")
                    .doesNotContain("c2hvcnQ=");
        });
    }

    private static SandboxConfig config(Optional<String> masterKey) {
        SandboxConfig.Secrets secrets = (SandboxConfig.Secrets) Proxy.newProxyInstance(
                SandboxConfig.Secrets.class.getClassLoader(),
                new Class<?>[] {SandboxConfig.Secrets.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "masterKey" -> masterKey;
                    case "previousKeys" -> Optional.empty();
                    case "maxPerUser" -> 100;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return (SandboxConfig) Proxy.newProxyInstance(
                SandboxConfig.class.getClassLoader(), new Class<?>[] {SandboxConfig.class}, (proxy, method, args) -> {
                    if (method.getName().equals("secrets")) {
                        return secrets;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
