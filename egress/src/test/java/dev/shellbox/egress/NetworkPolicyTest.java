package dev.shellbox.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NetworkPolicyTest {
    private static NetworkPolicy allow(String... entries) {
        return NetworkPolicy.parse(new PolicySpec("allowlist", List.of(entries), null, null));
    }

    private static PolicyEntry entry(String text) {
        return allow(text).allow().get(0);
    }

    private static PolicyException errorFor(String... allowEntries) {
        try {
            allow(allowEntries);
        } catch (PolicyException e) {
            return e;
        }
        throw new AssertionError("no error for " + List.of(allowEntries));
    }

    @Test
    void exactHostWithPortAndPath() {
        PolicyEntry entry = entry("API.Example.com.:443/v1/");
        assertThat(entry.host()).isEqualTo(new HostPattern.ExactName("api.example.com"));
        assertThat(entry.ports()).isEqualTo(new PortRange(443, 443));
        assertThat(entry.pathPrefix()).isEqualTo("/v1/");
        assertThat(entry.methods()).isEmpty();
        assertThat(entry.label()).isEqualTo("allow[0] \"API.Example.com.:443/v1/\"");
    }

    @Test
    void methodsPortRangeAndWildcard() {
        PolicyEntry entry = entry("get,HEAD *.example.com:8000-8100");
        assertThat(entry.methods()).containsExactlyInAnyOrder("GET", "HEAD");
        assertThat(entry.host()).isEqualTo(new HostPattern.WildcardName("example.com"));
        assertThat(entry.ports()).isEqualTo(new PortRange(8000, 8100));
        assertThat(entry.needsRequest()).isTrue();
    }

    @Test
    void starPortIsAnyPort() {
        assertThat(entry("example.com:*").ports()).isEqualTo(PortRange.ANY);
        assertThat(entry("example.com").ports()).isEqualTo(PortRange.ANY);
    }

    @Test
    void internationalHostIsStoredAsPunycode() {
        assertThat(entry("bücher.example").host()).isEqualTo(new HostPattern.ExactName("xn--bcher-kva.example"));
    }

    @ParameterizedTest
    @CsvSource({
        "10.0.0.0/8,false,10.0.0.0/8",
        "192.0.2.1,false,192.0.2.1/32",
        "192.0.2.1:443,false,192.0.2.1/32",
        "10.0.0.0/8:443/api,false,10.0.0.0/8",
        "2001:db8::/32,true,2001:db8::/32",
        "2001:db8::1,true,2001:db8::1/128",
        "[2001:db8::1]:443,true,2001:db8::1/128",
        "[2001:db8::/32]:443,true,2001:db8::/32",
        "0.0.0.0/0,false,0.0.0.0/0"
    })
    void addressesAndRanges(String text, boolean ipv6, String cidr) {
        HostPattern host = entry(text).host();
        assertThat(host).isInstanceOf(HostPattern.AddressRange.class);
        Cidr range = ((HostPattern.AddressRange) host).cidr();
        assertThat(range.ipv6()).isEqualTo(ipv6);
        assertThat(range).hasToString(cidr);
    }

    @Test
    void slashAndNonDigitsAfterAnAddressIsAPath() {
        PolicyEntry entry = entry("192.0.2.1/api");
        assertThat(((HostPattern.AddressRange) entry.host()).cidr()).hasToString("192.0.2.1/32");
        assertThat(entry.pathPrefix()).isEqualTo("/api");
    }

    @Test
    void errorNamesTheField() {
        PolicyException e = errorFor("example.com", "a.com", "b.com", "*");
        assertThat(e.field()).isEqualTo("allow[3]");
        assertThat(e.problem()).contains("bare *");
        assertThat(e).hasMessageStartingWith("allow[3]: ");
    }

    @Test
    void denyErrorsNameTheDenyList() {
        assertThatThrownBy(
                        () -> NetworkPolicy.parse(new PolicySpec("open", null, List.of("ok.com", "bad host!"), null)))
                .isInstanceOfSatisfying(
                        PolicyException.class, e -> assertThat(e.field()).isEqualTo("deny[1]"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "''|empty entry",
                "'   '|empty entry",
                "*|bare *",
                "*:443|bare *",
                "api.*.example.com|whole first label",
                "*example.com|whole first label",
                "*.*.example.com|whole first label",
                "example.com:0|out of range",
                "example.com:65536|out of range",
                "example.com:99999|out of range",
                "example.com:|is not a port",
                "example.com:http|is not a port",
                "example.com:9000-8000|ends before it starts",
                "10.0.0.0/33|bad CIDR prefix /33",
                "2001:db8::/129|bad CIDR prefix /129",
                "10.0.0.1/8|did you mean 10.0.0.0/8",
                "2001:db8::1/32|did you mean 2001:db8::/32",
                "exa_mple!.com|not allowed",
                "fe80::1%eth0|zone ids",
                "[fe80::1%eth0]:443|zone ids",
                "GET, example.com|empty method",
                "GET example.com extra|unexpected space",
                "G3T example.com|not a list of HTTP methods",
                "GET,,HEAD example.com|empty method",
                "example.com/a b|not a list of HTTP methods",
                "example.com/v1?x=1|may not hold '?'",
                "example.com/v1/*|may not hold '*'",
                "[2001:db8::1|without a closing",
                "[2001:db8::1]x|unexpected",
                "1:2:3|not a valid IPv6",
                "::ffff:10.0.0.1|embeds an IPv4 address",
                "64:ff9b::/96|embeds an IPv4 address",
                "2002:a00::/24|embeds an IPv4 address",
                ":443|no host",
                "/path|no host",
                "example.123|ends in a number",
                "https://api.example.com|without a scheme"
            })
    void badEntriesAreRejectedWithAReason(String text, String problem) {
        PolicyException e = errorFor(text);
        assertThat(e.field()).isEqualTo("allow[0]");
        assertThat(e.problem()).contains(problem);
    }

    @Test
    void nullEntryIsRejected() {
        List<String> entries = new ArrayList<>();
        entries.add(null);
        assertThatThrownBy(() -> NetworkPolicy.parse(new PolicySpec("allowlist", entries, null, null)))
                .hasMessage("allow[0]: an entry cannot be null");
    }

    @Test
    void tenThousandEntriesAreAllowedAndOneMoreIsNot() {
        List<String> entries = new ArrayList<>(Collections.nCopies(10_000, "example.com"));
        assertThat(allow(entries.toArray(String[]::new)).allow()).hasSize(10_000);
        entries.add("example.com");
        PolicyException e = errorFor(entries.toArray(String[]::new));
        assertThat(e.field()).isEqualTo("allow");
        assertThat(e.problem()).contains("more than the 10000");
    }

    @Test
    void modeIsParsedAndInferredWhenAbsent() {
        assertThat(NetworkPolicy.parse(new PolicySpec("OPEN", null, null, null)).mode())
                .isEqualTo(Mode.OPEN);
        assertThat(NetworkPolicy.parse(new PolicySpec(null, List.of("a.com"), null, null))
                        .mode())
                .isEqualTo(Mode.ALLOWLIST);
        assertThat(NetworkPolicy.parse(new PolicySpec(null, null, null, null)).mode())
                .isEqualTo(Mode.NONE);
        assertThatThrownBy(() -> NetworkPolicy.parse(new PolicySpec("everything", null, null, null)))
                .isInstanceOfSatisfying(
                        PolicyException.class, e -> assertThat(e.field()).isEqualTo("mode"));
    }

    @Test
    void modeNoneTakesNoAllowEntries() {
        assertThatThrownBy(() -> NetworkPolicy.parse(new PolicySpec("none", List.of("a.com"), null, null)))
                .isInstanceOfSatisfying(
                        PolicyException.class, e -> assertThat(e.field()).isEqualTo("allow"));
    }

    @Test
    void legacyFlagMapsToOpenOrNone() {
        assertThat(NetworkPolicy.fromLegacyFlag(true).mode()).isEqualTo(Mode.OPEN);
        assertThat(NetworkPolicy.fromLegacyFlag(false).mode()).isEqualTo(Mode.NONE);
        assertThat(NetworkPolicy.open().allow()).isEmpty();
        assertThat(NetworkPolicy.none().deny()).isEmpty();
    }

    @Test
    void nullSpecIsAnError() {
        assertThatThrownBy(() -> NetworkPolicy.parse(null)).isInstanceOf(PolicyException.class);
    }

    // --- host rules ---

    private static NetworkPolicy withRules(Map<String, HostRuleSpec> rules) {
        return NetworkPolicy.parse(new PolicySpec("open", null, null, rules));
    }

    private static PolicyException ruleError(Map<String, HostRuleSpec> rules) {
        try {
            withRules(rules);
        } catch (PolicyException e) {
            return e;
        }
        throw new AssertionError("no error for " + rules);
    }

    @Test
    void headerErrorNamesTheRuleAndHeader() {
        PolicyException e = ruleError(Map.of(
                "api.example.com", new HostRuleSpec(Map.of("Authorization", "Bearer ${secret:bad name}"), null)));
        assertThat(e.field()).isEqualTo("rules[\"api.example.com\"].headers[\"Authorization\"]");
        assertThat(e.problem()).contains("\"bad name\" is not a secret name");
    }

    @Test
    void unclosedSecretReferenceIsAnError() {
        PolicyException e = ruleError(Map.of("a.com", new HostRuleSpec(Map.of("X-Key", "${secret:KEY"), null)));
        assertThat(e.problem()).contains("without a closing '}'");
    }

    @Test
    void lineBreakInHeaderValueIsAnError() {
        PolicyException e = ruleError(Map.of("a.com", new HostRuleSpec(Map.of("X-Key", "a\r\nEvil: 1"), null)));
        assertThat(e.problem()).contains("line break");
    }

    @Test
    void badHeaderNamesAndHeadersTheProxyOwnsAreErrors() {
        assertThat(ruleError(Map.of("a.com", new HostRuleSpec(Map.of("Bad Name", "x"), null)))
                        .field())
                .isEqualTo("rules[\"a.com\"].headers[\"Bad Name\"]");
        assertThat(ruleError(Map.of("a.com", new HostRuleSpec(Map.of("Host", "x"), null)))
                        .problem())
                .contains("the proxy sets Host itself");
        Map<String, String> twice = new LinkedHashMap<>();
        twice.put("X-Key", "1");
        twice.put("x-key", "2");
        assertThat(ruleError(Map.of("a.com", new HostRuleSpec(twice, null))).problem())
                .contains("ignoring case");
    }

    @Test
    void swapErrorsNameTheSwapField() {
        PolicyException shortPlaceholder =
                ruleError(Map.of("a.com", new HostRuleSpec(null, List.of(new TokenSwapSpec("abc", "KEY")))));
        assertThat(shortPlaceholder.field()).isEqualTo("rules[\"a.com\"].swaps[0].placeholder");
        PolicyException badSecret = ruleError(Map.of(
                "a.com",
                new HostRuleSpec(
                        null,
                        List.of(new TokenSwapSpec("dummy-token-1", "OK"), new TokenSwapSpec("dummy-token-2", "a/b")))));
        assertThat(badSecret.field()).isEqualTo("rules[\"a.com\"].swaps[1].secret");
    }

    @Test
    void ruleKeysMustBeHostsOrWildcards() {
        assertThat(ruleError(Map.of("*", new HostRuleSpec(null, null))).field()).isEqualTo("rules[\"*\"]");
        assertThat(ruleError(Map.of("a.*.com", new HostRuleSpec(null, null))).problem())
                .contains("wildcard");
        assertThat(ruleError(Map.of("10.0.0.1", new HostRuleSpec(null, null))).problem())
                .contains("not addresses");
        Map<String, HostRuleSpec> twice = new LinkedHashMap<>();
        twice.put("A.com", new HostRuleSpec(null, null));
        twice.put("a.com.", new HostRuleSpec(null, null));
        assertThat(ruleError(twice).problem()).contains("same host");
    }

    @Test
    void rulesForPrefersExactThenTheLongestWildcard() {
        NetworkPolicy policy = withRules(Map.of(
                "api.example.com", new HostRuleSpec(Map.of("X-Which", "exact"), null),
                "*.example.com", new HostRuleSpec(Map.of("X-Which", "short"), null),
                "*.eu.example.com", new HostRuleSpec(Map.of("X-Which", "long"), null)));
        assertThat(policy.rulesFor("API.example.com."))
                .get()
                .extracting(HostRules::pattern)
                .isEqualTo("api.example.com");
        assertThat(policy.rulesFor("x.eu.example.com"))
                .get()
                .extracting(HostRules::pattern)
                .isEqualTo("*.eu.example.com");
        assertThat(policy.rulesFor("a.b.eu.example.com"))
                .get()
                .extracting(HostRules::pattern)
                .isEqualTo("*.eu.example.com");
        assertThat(policy.rulesFor("eu.example.com"))
                .get()
                .extracting(HostRules::pattern)
                .isEqualTo("*.example.com");
        assertThat(policy.rulesFor("example.com")).isEmpty();
        assertThat(policy.rulesFor("other.com")).isEmpty();
        assertThat(policy.rulesFor("not a host")).isEmpty();
        assertThat(policy.rules()).containsOnlyKeys("api.example.com", "*.example.com", "*.eu.example.com");
    }

    @Test
    void aWordThatIsNoHttpMethodIsATypoNotAMethod() {
        assertThatThrownBy(() ->
                        NetworkPolicy.parse(new PolicySpec("allowlist", List.of("ok.test", "bad host"), null, null)))
                .isInstanceOf(PolicyException.class)
                .satisfies(e -> assertThat(((PolicyException) e).field()).isEqualTo("allow[1]"))
                .hasMessageContaining("not an HTTP method");
    }
}
