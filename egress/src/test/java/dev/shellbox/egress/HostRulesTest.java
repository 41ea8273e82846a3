package dev.shellbox.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HostRulesTest {
    private static final SecretResolver SECRETS = name -> Optional.ofNullable(
            Map.of("API_KEY", "s3cr3t", "OTHER", "o", "BAD", "x\r\nEvil: 1").get(name));

    private static HostRules rules(Map<String, String> headers, List<TokenSwapSpec> swaps) {
        return NetworkPolicy.parse(
                        new PolicySpec("open", null, null, Map.of("api.example.com", new HostRuleSpec(headers, swaps))))
                .rulesFor("api.example.com")
                .orElseThrow();
    }

    @Test
    void headerValueTemplateIsParsedIntoLiteralsAndSecrets() {
        assertThat(HeaderTemplate.parse("Bearer ${secret:API_KEY} and ${other} ${secret:a.b-c_d}")
                        .parts())
                .containsExactly(
                        new HeaderTemplate.Literal("Bearer "),
                        new HeaderTemplate.SecretRef("API_KEY"),
                        new HeaderTemplate.Literal(" and ${other} "),
                        new HeaderTemplate.SecretRef("a.b-c_d"));
    }

    @Test
    void injectedHeaderReplacesAnExistingOneInAnyCase() {
        HostRules rules = rules(Map.of("Authorization", "Bearer ${secret:API_KEY}"), null);
        Map<String, String> request = new LinkedHashMap<>();
        request.put("authorization", "Bearer fake");
        request.put("Accept", "*/*");

        Map<String, String> out = rules.apply(request, SECRETS);

        assertThat(out).containsExactly(Map.entry("Accept", "*/*"), Map.entry("Authorization", "Bearer s3cr3t"));
        assertThat(request).containsEntry("authorization", "Bearer fake"); // the input is left alone
    }

    @Test
    void tokenSwapReplacesTheDummyTokenEverywhereItOccurs() {
        HostRules rules = rules(null, List.of(new TokenSwapSpec("sk-dummy-0001", "API_KEY")));
        Map<String, String> out = rules.apply(
                Map.of("Authorization", "Bearer sk-dummy-0001", "X-Other", "sk-dummy-0001,sk-dummy-0001", "A", "b"),
                SECRETS);
        assertThat(out)
                .containsEntry("Authorization", "Bearer s3cr3t")
                .containsEntry("X-Other", "s3cr3t,s3cr3t")
                .containsEntry("A", "b");
        assertThat(rules.swapTokens("/v1?key=sk-dummy-0001", SECRETS)).isEqualTo("/v1?key=s3cr3t");
    }

    @Test
    void missingSecretIsAnErrorNamingIt() {
        HostRules rules = rules(Map.of("X-Key", "${secret:NOPE}"), null);
        assertThatThrownBy(() -> rules.apply(Map.of(), SECRETS))
                .isInstanceOfSatisfying(
                        SecretException.class, e -> assertThat(e.secretName()).isEqualTo("NOPE"));
    }

    @Test
    void secretWithALineBreakNeverReachesAHeader() {
        HostRules rules = rules(Map.of("X-Key", "${secret:BAD}"), null);
        assertThatThrownBy(() -> rules.apply(Map.of(), SECRETS))
                .isInstanceOf(SecretException.class)
                .hasMessageContaining("line break");
    }

    @Test
    void secretsAreOnlyLookedUpWhenTheirTokenOccurs() {
        HostRules rules = rules(null, List.of(new TokenSwapSpec("dummy-token", "NOPE")));
        assertThat(rules.apply(Map.of("A", "nothing to swap"), SECRETS)).containsEntry("A", "nothing to swap");
    }
}
