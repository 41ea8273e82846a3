package dev.shellbox.egress;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PolicyEngineTest {
    /** Documentation addresses: public as far as the policy is concerned. */
    private static final InetAddress PUBLIC = ip("203.0.113.10");

    private static final InetAddress PUBLIC_2 = ip("198.51.100.7");

    private static InetAddress ip(String text) {
        return HostLiteral.parse(text).orElseThrow();
    }

    private static PolicyEngine engine(String mode, List<String> allow, List<String> deny) {
        return new PolicyEngine(NetworkPolicy.parse(new PolicySpec(mode, allow, deny, null)));
    }

    private static PolicyEngine allowlist(String... allow) {
        return engine("allowlist", List.of(allow), List.of());
    }

    private static Decision connect(PolicyEngine engine, String host, InetAddress address, int port) {
        return engine.decide(Destination.connection(host, address, port));
    }

    @Test
    void exactHostIsAllowedAndOthersAreNot() {
        PolicyEngine engine = allowlist("api.example.com");
        Decision allowed = connect(engine, "API.example.com.", PUBLIC, 443);
        assertThat(allowed.verdict()).isEqualTo(Verdict.ALLOW);
        assertThat(allowed.rule()).isEqualTo("allow[0] \"api.example.com\"");
        Decision denied = connect(engine, "other.example.com", PUBLIC, 443);
        assertThat(denied.verdict()).isEqualTo(Verdict.DENY);
        assertThat(denied.rule()).isEqualTo("default: not in the allow list");
    }

    @Test
    void wildcardMatchesSubdomainsAtAnyDepth() {
        PolicyEngine engine = allowlist("*.example.com");
        assertThat(connect(engine, "a.example.com", PUBLIC, 443).allowed()).isTrue();
        assertThat(connect(engine, "a.b.c.example.com", PUBLIC, 443).allowed()).isTrue();
    }

    @Test
    void wildcardDoesNotMatchApex() {
        PolicyEngine engine = allowlist("*.example.com");
        assertThat(connect(engine, "example.com", PUBLIC, 443).verdict()).isEqualTo(Verdict.DENY);
        assertThat(connect(engine, "badexample.com", PUBLIC, 443).verdict()).isEqualTo(Verdict.DENY);
        assertThat(connect(engine, "example.com.evil.net", PUBLIC, 443).verdict())
                .isEqualTo(Verdict.DENY);
    }

    @Test
    void denyWinsOverAllow() {
        PolicyEngine engine = engine("allowlist", List.of("*.example.com"), List.of("secret.example.com"));
        Decision decision = connect(engine, "secret.example.com", PUBLIC, 443);
        assertThat(decision.verdict()).isEqualTo(Verdict.DENY);
        assertThat(decision.rule()).isEqualTo("deny[0] \"secret.example.com\"");
        assertThat(decision.entry()).get().extracting(PolicyEntry::index).isEqualTo(0);
    }

    @Test
    void denyWinsInOpenMode() {
        PolicyEngine engine = engine("open", List.of(), List.of("*.evil.com", "198.51.100.0/24"));
        assertThat(connect(engine, "x.evil.com", PUBLIC, 443).rule()).isEqualTo("deny[0] \"*.evil.com\"");
        assertThat(engine.decide(Destination.address(PUBLIC_2, 80)).rule()).isEqualTo("deny[1] \"198.51.100.0/24\"");
        assertThat(connect(engine, "fine.org", PUBLIC, 443).verdict()).isEqualTo(Verdict.ALLOW);
    }

    @Test
    void deniedAddressBlocksAnAllowedHostnameThatResolvesToIt() {
        PolicyEngine engine = engine("allowlist", List.of("api.example.com"), List.of("203.0.113.0/24"));
        assertThat(connect(engine, "api.example.com", PUBLIC, 443).rule()).isEqualTo("deny[0] \"203.0.113.0/24\"");
    }

    @Test
    void hostnameRuleNeverReachesAPrivateAddress() {
        PolicyEngine engine = allowlist("internal.example.com", "*.example.com");
        Decision decision = connect(engine, "internal.example.com", ip("10.1.2.3"), 443);
        assertThat(decision.verdict()).isEqualTo(Verdict.DENY);
        assertThat(decision.rule()).isEqualTo("default: 10.0.0.0/8 is a private range");
        assertThat(connect(engine, "x.example.com", ip("169.254.169.254"), 80).rule())
                .contains("169.254.0.0/16 is the link-local range");
    }

    @Test
    void privateAddressIsReachableOnlyThroughAnAddressEntry() {
        PolicyEngine engine = allowlist("10.0.0.0/8:5432", "db.internal.example");
        assertThat(connect(engine, "db.internal.example", ip("10.1.2.3"), 5432).rule())
                .isEqualTo("allow[0] \"10.0.0.0/8:5432\"");
        assertThat(connect(engine, "db.internal.example", ip("10.1.2.3"), 22).rule())
                .isEqualTo("default: 10.0.0.0/8 is a private range");
    }

    @Test
    void openModeDeniesSpecialRangesUnlessAnAddressEntryCoversThem() {
        PolicyEngine open = engine("open", List.of(), List.of());
        assertThat(connect(open, "localhost.example", ip("127.0.0.1"), 80).rule())
                .isEqualTo("default: 127.0.0.0/8 is the loopback range");
        assertThat(open.decide(Destination.address(ip("192.168.1.1"), 80)).verdict())
                .isEqualTo(Verdict.DENY);
        assertThat(connect(open, "example.com", PUBLIC, 443).verdict()).isEqualTo(Verdict.ALLOW);

        PolicyEngine openWithLan = engine("open", List.of("192.168.1.0/24"), List.of("192.168.1.1"));
        assertThat(openWithLan
                        .decide(Destination.address(ip("192.168.1.20"), 80))
                        .verdict())
                .isEqualTo(Verdict.ALLOW);
        // still subject to deny
        assertThat(openWithLan
                        .decide(Destination.address(ip("192.168.1.1"), 80))
                        .verdict())
                .isEqualTo(Verdict.DENY);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2130706433",
                "0x7f000001",
                "0177.0.0.1",
                "127.1",
                "0x7f.1",
                "[::1]",
                "::ffff:127.0.0.1",
                "::ffff:7f00:1",
                "127.0.0.1.",
                "0"
            })
    void decimalAddressIsJudgedAsAnAddress(String hostname) {
        PolicyEngine open = engine("open", List.of(), List.of());
        // no resolved address: the literal itself is what is judged
        Decision decision = connect(open, hostname, null, 80);
        assertThat(decision.verdict()).isEqualTo(Verdict.DENY);
        assertThat(decision.rule()).startsWith("default: ").containsAnyOf("loopback", "this network");
    }

    @Test
    void addressWrittenAsAHostnameMatchesAddressEntriesNotNameEntries() {
        PolicyEngine engine = allowlist("203.0.113.10");
        assertThat(connect(engine, "3405803786", null, 443).verdict()).isEqualTo(Verdict.ALLOW);
    }

    @Test
    void mappedIpv6IsJudgedByItsIpv4() {
        PolicyEngine open = engine("open", List.of(), List.of("203.0.113.0/24"));
        assertThat(open.decide(Destination.address(ip("::ffff:10.0.0.1"), 80)).rule())
                .isEqualTo("default: 10.0.0.0/8 is a private range");
        assertThat(open.decide(Destination.address(ip("64:ff9b::10.0.0.1"), 80)).rule())
                .isEqualTo("default: 10.0.0.0/8 is a private range");
        assertThat(open.decide(Destination.address(ip("2002:7f00:1::1"), 80)).rule())
                .isEqualTo("default: 127.0.0.0/8 is the loopback range");
        assertThat(open.decide(Destination.address(ip("::169.254.169.254"), 80)).rule())
                .contains("169.254.0.0/16");
        // a deny entry on the IPv4 range covers its embedded spellings
        assertThat(open.decide(Destination.address(ip("64:ff9b::203.0.113.10"), 80))
                        .rule())
                .isEqualTo("deny[0] \"203.0.113.0/24\"");
        assertThat(open.decide(Destination.address(ip("64:ff9b::198.51.100.1"), 80))
                        .verdict())
                .isEqualTo(Verdict.ALLOW);
    }

    @Test
    void ipv6SpecialRangesAreDenied() {
        PolicyEngine open = engine("open", List.of(), List.of());
        for (String address : List.of("::1", "::", "fd00::1", "fe80::1", "ff02::1", "2001:0:4136:e378::1")) {
            assertThat(open.decide(Destination.address(ip(address), 443)).verdict())
                    .as(address)
                    .isEqualTo(Verdict.DENY);
        }
        assertThat(open.decide(Destination.address(ip("2001:db8::1"), 443)).verdict())
                .isEqualTo(Verdict.ALLOW);
    }

    @Test
    void fullwidthDigitsAndDotsNeverPassAsAName() {
        PolicyEngine open = engine("open", List.of(), List.of());
        // IDN mapping turns these into 127.0.0.1, which some URL parsers then connect to
        assertThat(connect(open, "\uff11\uff12\uff17.\uff10.\uff10.\uff11", null, 80)
                        .verdict())
                .isEqualTo(Verdict.DENY);
        assertThat(connect(open, "127\u30020\u30020\u30021", null, 80).verdict())
                .isEqualTo(Verdict.DENY);
    }

    @Test
    void ipv6PrivateRangeIsReachableThroughAnAddressEntry() {
        PolicyEngine engine = allowlist("[fd00::/8]:443");
        assertThat(engine.decide(Destination.address(ip("fd00::5"), 443)).rule())
                .isEqualTo("allow[0] \"[fd00::/8]:443\"");
        assertThat(engine.decide(Destination.address(ip("fd00::5"), 80)).rule())
                .isEqualTo("default: fc00::/7 is the unique local (private) range");
    }

    @Test
    void inspectExplanationAsksForARequestTheProxyCanSee() {
        Decision decision = connect(allowlist("GET api.example.com"), "api.example.com", PUBLIC, 443);
        assertThat(decision.explain())
                .contains("only for requests it can inspect")
                .contains("allow[0]");
    }

    @Test
    void portsMustMatch() {
        PolicyEngine engine = allowlist("api.example.com:443", "*.example.com:8000-8100");
        assertThat(connect(engine, "api.example.com", PUBLIC, 443).allowed()).isTrue();
        assertThat(connect(engine, "api.example.com", PUBLIC, 80).allowed()).isFalse();
        assertThat(connect(engine, "x.example.com", PUBLIC, 8050).allowed()).isTrue();
        assertThat(connect(engine, "x.example.com", PUBLIC, 8101).allowed()).isFalse();
    }

    @Test
    void entryWithMethodsOrPathNeedsInspectionWhenTheRequestIsUnseen() {
        PolicyEngine engine = allowlist("GET,HEAD api.example.com/v1");
        Decision tunnel = connect(engine, "api.example.com", PUBLIC, 443);
        assertThat(tunnel.verdict()).isEqualTo(Verdict.INSPECT);
        assertThat(tunnel.rule()).isEqualTo("allow[0] \"GET,HEAD api.example.com/v1\"");

        assertThat(engine.decide(Destination.request("api.example.com", PUBLIC, 443, "get", "/v1/models"))
                        .verdict())
                .isEqualTo(Verdict.ALLOW);
        assertThat(engine.decide(Destination.request("api.example.com", PUBLIC, 443, "POST", "/v1/models"))
                        .verdict())
                .isEqualTo(Verdict.DENY);
        assertThat(engine.decide(Destination.request("api.example.com", PUBLIC, 443, "GET", "/v2"))
                        .verdict())
                .isEqualTo(Verdict.DENY);
    }

    @Test
    void unconditionalAllowEntryBeatsAnInspectingOne() {
        PolicyEngine engine = allowlist("GET api.example.com", "api.example.com:443");
        assertThat(connect(engine, "api.example.com", PUBLIC, 443).verdict()).isEqualTo(Verdict.ALLOW);
    }

    @Test
    void pathPrefixCannotBeDodgedBySpelling() {
        PolicyEngine engine = allowlist("api.example.com/v1");
        for (String path : List.of("/v1/../admin", "/v1/%2e%2e/admin", "/v1%2F..%2Fadmin", "/v1x", "/v1\\..\\admin")) {
            assertThat(engine.decide(Destination.request("api.example.com", PUBLIC, 443, "GET", path))
                            .verdict())
                    .as(path)
                    .isEqualTo(Verdict.DENY);
        }
        PolicyEngine denyAdmin = engine("open", List.of(), List.of("api.example.com/admin"));
        for (String path : List.of("/admin", "//admin/x", "/%61dmin", "/x/../admin?y", "/./admin")) {
            assertThat(denyAdmin
                            .decide(Destination.request("api.example.com", PUBLIC, 443, "GET", path))
                            .verdict())
                    .as(path)
                    .isEqualTo(Verdict.DENY);
        }
    }

    @Test
    void denyEntryLimitedToAMethodMakesAnUnseenRequestInspected() {
        PolicyEngine engine = engine("allowlist", List.of("api.example.com"), List.of("POST api.example.com"));
        Decision tunnel = connect(engine, "api.example.com", PUBLIC, 443);
        assertThat(tunnel.verdict()).isEqualTo(Verdict.INSPECT);
        assertThat(tunnel.rule()).isEqualTo("deny[0] \"POST api.example.com\"");
        assertThat(engine.decide(Destination.request("api.example.com", PUBLIC, 443, "GET", "/"))
                        .verdict())
                .isEqualTo(Verdict.ALLOW);
        assertThat(engine.decide(Destination.request("api.example.com", PUBLIC, 443, "POST", "/"))
                        .verdict())
                .isEqualTo(Verdict.DENY);
    }

    @Test
    void modeNoneDeniesEverything() {
        PolicyEngine none = new PolicyEngine(NetworkPolicy.none());
        assertThat(connect(none, "example.com", PUBLIC, 443).rule())
                .isEqualTo("default: the policy allows no network access");
        assertThat(none.decideName("example.com").verdict()).isEqualTo(Verdict.DENY);
    }

    @Test
    void invalidHostnameIsDenied() {
        PolicyEngine open = new PolicyEngine(NetworkPolicy.open());
        assertThat(connect(open, "fe80::1%eth0", null, 80).verdict()).isEqualTo(Verdict.DENY);
        assertThat(connect(open, "bad_host!", PUBLIC, 80).rule()).startsWith("default: invalid hostname");
        assertThat(connect(open, null, null, 80).rule()).isEqualTo("default: no hostname or address to judge");
    }

    @Test
    void addressEntryMatchesABareAddressConnection() {
        PolicyEngine engine = allowlist("203.0.113.0/24:443", "[2001:db8::/32]:443");
        assertThat(engine.decide(Destination.address(PUBLIC, 443)).rule()).isEqualTo("allow[0] \"203.0.113.0/24:443\"");
        assertThat(engine.decide(Destination.address(ip("2001:db8::5"), 443)).rule())
                .isEqualTo("allow[1] \"[2001:db8::/32]:443\"");
        assertThat(engine.decide(Destination.address(PUBLIC_2, 443)).verdict()).isEqualTo(Verdict.DENY);
    }

    @Test
    void hostnameEntryDoesNotMatchABareAddressConnection() {
        PolicyEngine engine = allowlist("api.example.com");
        assertThat(engine.decide(Destination.address(PUBLIC, 443)).verdict()).isEqualTo(Verdict.DENY);
    }

    @Test
    void firstMatchingEntryIsReported() {
        PolicyEngine engine = allowlist("*.example.com", "api.example.com", "203.0.113.0/24");
        assertThat(connect(engine, "api.example.com", PUBLIC, 443).rule()).isEqualTo("allow[0] \"*.example.com\"");
    }

    @Test
    void decideNameFollowsTheListsWithoutPortsOrMethods() {
        PolicyEngine engine = engine(
                "allowlist",
                List.of("GET api.example.com:443/v1", "*.cdn.example.com", "203.0.113.0/24"),
                List.of("bad.cdn.example.com", "POST ok.cdn.example.com"));
        assertThat(engine.decideName("api.example.com").verdict()).isEqualTo(Verdict.ALLOW);
        assertThat(engine.decideName("img.cdn.example.com").rule()).isEqualTo("allow[1] \"*.cdn.example.com\"");
        assertThat(engine.decideName("bad.cdn.example.com").rule()).isEqualTo("deny[0] \"bad.cdn.example.com\"");
        // a deny entry limited to a method does not hide the name: other requests may go
        assertThat(engine.decideName("ok.cdn.example.com").verdict()).isEqualTo(Verdict.ALLOW);
        assertThat(engine.decideName("cdn.example.com").verdict()).isEqualTo(Verdict.DENY);
        assertThat(engine.decideName("203.0.113.1").verdict()).isEqualTo(Verdict.DENY);
        assertThat(engine.decideName("no such!").verdict()).isEqualTo(Verdict.DENY);

        PolicyEngine open = engine("open", List.of(), List.of("*.evil.com", "tracker.example:443"));
        assertThat(open.decideName("x.evil.com").verdict()).isEqualTo(Verdict.DENY);
        assertThat(open.decideName("tracker.example").verdict()).isEqualTo(Verdict.ALLOW);
        assertThat(open.decideName("example.com").verdict()).isEqualTo(Verdict.ALLOW);
    }

    @Test
    void explainTellsTheAgentWhichRuleAndNotToRetry() {
        PolicyEngine engine = engine("open", List.of(), List.of("*.evil.com"));
        String explanation = connect(engine, "x.evil.com", PUBLIC, 443).explain();
        assertThat(explanation)
                .startsWith("Blocked by the sandbox's network policy: x.evil.com:443")
                .contains("deny[0] \"*.evil.com\"")
                .contains("do not retry by other routes")
                .doesNotContain("\n");
        assertThat(connect(engine, "fine.org", PUBLIC, 443).explain()).startsWith("Allowed");
        assertThat(engine.decide(Destination.request("fine.org", PUBLIC, 80, "GET", "/x"))
                        .target())
                .isEqualTo("fine.org:80 (GET /x)");
        assertThat(engine.decide(Destination.address(
                                HostLiteral.parse("2001:db8::1").orElseThrow(), 443))
                        .target())
                .isEqualTo("[2001:db8:0:0:0:0:0:1]:443");
    }

    @Test
    void engineIsSafeToShareBetweenThreads() throws Exception {
        PolicyEngine engine = allowlist("*.example.com", "203.0.113.0/24");
        Thread[] threads = new Thread[4];
        boolean[] wrong = new boolean[1];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                for (int i = 0; i < 20_000; i++) {
                    boolean allowed = connect(engine, "h" + i + ".example.com", PUBLIC, 443)
                            .allowed();
                    boolean denied = !connect(engine, "h" + i + ".example.org", PUBLIC_2, 443)
                            .allowed();
                    if (!allowed || !denied) {
                        wrong[0] = true;
                    }
                }
            });
            threads[t].start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(wrong[0]).isFalse();
    }
}
