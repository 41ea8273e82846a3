package dev.shellbox.sandbox.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Allow-lists through the public API with real programs in local sandboxes: what a policy allows answers, through the
 * proxy and without it; what it denies is refused with words that say why; a new policy applies at once and cuts open
 * connections it denies; the decisions stream as events.
 */
class EgressIT {
    static final String POLICY = "{\"mode\":\"allowlist\",\"allow\":[\"allowed.test:80\",\"allowed.test:443\"],"
            + "\"deny\":[\"denied.test\"]}";

    static EgressWorld world;

    @BeforeAll
    static void start() {
        world = EgressWorld.start("egress-workspaces");
    }

    @AfterAll
    static void stop() {
        if (world != null) {
            world.close();
        }
    }

    @Test
    void anAllowedHostAnswersThroughTheProxyAndToProgramsThatIgnoreIt() throws Exception {
        String id = world.sandbox(POLICY);
        world.exec(id, "/usr/bin/curl -sS http://allowed.test/echo")
                .body("exitCode", equalTo(0))
                .body("stdout", containsString("\"host\":\"allowed.test\""));
        world.exec(id, "/usr/bin/curl -sS --noproxy '*' http://allowed.test/echo")
                .body("exitCode", equalTo(0))
                .body("stdout", containsString("\"host\":\"allowed.test\""));
        world.exec(id, "/usr/bin/curl -sS --cacert ca.pem https://allowed.test/echo")
                .body("exitCode", equalTo(0))
                .body("stdout", containsString("\"scheme\":\"https\""));
        world.exec(id, "/usr/bin/curl -sS --noproxy '*' --cacert ca.pem https://allowed.test/echo")
                .body("exitCode", equalTo(0))
                .body("stdout", containsString("\"scheme\":\"https\""));
        world.exec(id, "python3 -c 'import urllib.request as u; print(u.urlopen(\"http://allowed.test/echo\").status)'")
                .body("stdout", equalTo("200\n"));
    }

    @Test
    void aDeniedHostIsRefusedWithTheRuleAndAReasonNotToRetry() throws Exception {
        String id = world.sandbox(POLICY);
        world.exec(id, "/usr/bin/curl -s -w '\\n%{http_code}' http://denied.test/echo")
                .body("stdout", containsString("Blocked by the sandbox's network policy"))
                .body("stdout", containsString("deny[0]"))
                .body("stdout", containsString("do not retry"))
                .body("stdout", containsString("\n403"));
        world.exec(id, "/usr/bin/curl -s -o /dev/null -w '%{http_code}' http://elsewhere.test/")
                .body("stdout", equalTo("403"));
        assertThat(world.internet.queriesFor("denied.test")).isEmpty();
        assertThat(world.internet.queriesFor("elsewhere.test")).isEmpty();
        assertThat(world.internet.requests()).noneMatch(r -> "denied.test".equals(r.host()));
    }

    @Test
    void aNewPolicyAppliesAtOnceAndCutsOpenConnectionsItDenies() throws Exception {
        String id = world.sandbox(POLICY);
        // a slow download, still running when the policy changes
        String process = world.as()
                .body(Map.of(
                        "command",
                        "curl -s --limit-rate 200k -o /dev/null -w '%{http_code} %{size_download}'"
                                + " http://allowed.test/bytes?n=1000000000"))
                .post("/v1/sandboxes/" + id + "/processes")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> world.internet.requests().stream()
                        .anyMatch(r -> r.path().startsWith("/bytes")));
        world.as()
                .body("{\"mode\":\"allowlist\",\"allow\":[\"other.test\"]}")
                .put("/v1/sandboxes/" + id + "/network")
                .then()
                .statusCode(200)
                .body("allow[0]", equalTo("other.test"));
        // the destination's connection is cut at once; the program reads what its own socket already holds, then
        // sees the reset
        await().atMost(Duration.ofSeconds(60))
                .until(() -> !world.as()
                        .get("/v1/sandboxes/" + id + "/processes/" + process)
                        .then()
                        .extract()
                        .<Boolean>path("running"));
        String got = world.as()
                .get("/v1/sandboxes/" + id + "/processes/" + process + "/logs/stdout")
                .then()
                .extract()
                .asString();
        assertThat(Long.parseLong(got.trim().split(" ")[1])).isLessThan(1_000_000_000L);
        world.exec(id, "/usr/bin/curl -s -o /dev/null -w '%{http_code}' http://allowed.test/echo")
                .body("stdout", equalTo("403"));
    }

    @Test
    void decisionsStreamAsEvents() throws Exception {
        String id = world.sandbox(POLICY);
        world.exec(id, "/usr/bin/curl -s http://denied.test/ >/dev/null; curl -s http://allowed.test/echo >/dev/null");
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create(world.baseUrl() + "/v1/sandboxes/" + id + "/network/events"))
                .header("X-Shellbox-User", EgressWorld.USER)
                .build();
        CompletableFuture<HttpResponse<Stream<String>>> response =
                client.sendAsync(request, HttpResponse.BodyHandlers.ofLines());
        String events = response.get(20, TimeUnit.SECONDS)
                .body()
                .filter(line -> line.startsWith("data:"))
                .limit(2)
                .reduce("", (a, b) -> a + b + "\n");
        assertThat(events).contains("\"host\":\"denied.test\"").contains("\"allowed\":false");
    }

    @Test
    void builtInCurlFollowsThePolicyThoughItRunsInTheService() throws Exception {
        String id = world.sandbox(POLICY);
        world.exec(id, "curl -sS http://allowed.test/echo")
                .body("exitCode", equalTo(0))
                .body("location", equalTo("worker"))
                .body("stdout", containsString("\"host\":\"allowed.test\""));
        world.exec(id, "curl -sS http://denied.test/echo")
                .body("exitCode", equalTo(7))
                .body("stderr", containsString("Blocked by the sandbox's network policy"))
                .body("stderr", containsString("deny[0]"));
        // the service's own host: loopback, its own port, the metadata address, in any spelling
        String port = URI.create(world.baseUrl()).getPort() + "";
        String out = world.exec(
                        id,
                        "curl -s http://127.0.0.1:" + port + "/q/health; curl -s http://2130706433:" + port
                                + "/q/health; curl -s http://169.254.169.254/; curl -s 'http://[::1]:" + port
                                + "/q/health'; echo end")
                .extract()
                .path("stdout");
        assertThat(out).isEqualTo("end\n");
        String none = world.sandbox("false");
        world.exec(none, "curl -sS http://allowed.test/echo")
                .body("exitCode", equalTo(7))
                .body("stderr", containsString("this sandbox has no network"));
        String open = world.sandbox("true");
        world.exec(open, "curl -s -o /dev/null -w '%{http_code}' http://" + world.allowed.ipv4() + "/echo")
                .body("stdout", equalTo("200"));
        world.exec(open, "curl -s http://127.0.0.1:" + port + "/q/health; echo $?")
                .body("stdout", equalTo("7\n"));
    }

    @Test
    void methodAndPathEntriesApplyToHttpsThroughTheProxysOwnTls() throws Exception {
        String id = world.sandbox("{\"mode\":\"allowlist\",\"allow\":[\"GET,HEAD allowed.test:443/echo\"]}");
        world.exec(id, "/usr/bin/curl -sS https://allowed.test/echo")
                .body("exitCode", equalTo(0))
                .body("stdout", containsString("\"scheme\":\"https\""));
        world.exec(id, "/usr/bin/curl -s -o /dev/null -w '%{http_code}' -X POST https://allowed.test/echo")
                .body("stdout", equalTo("403"));
        world.exec(id, "/usr/bin/curl -s -o /dev/null -w '%{http_code}' https://allowed.test/status?code=200")
                .body("stdout", equalTo("403"));
    }

    @Test
    void aBadPolicyIs400NamingTheField() {
        String id = world.as()
                .body("{}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        world.as()
                .body("{\"mode\":\"allowlist\",\"allow\":[\"ok.test\",\"bad host\"]}")
                .put("/v1/sandboxes/" + id + "/network")
                .then()
                .statusCode(400)
                .body("pointer", equalTo("/allow/1"));
        world.as()
                .body("{\"network\":{\"mode\":\"sometimes\"}}")
                .post("/v1/sandboxes")
                .then()
                .statusCode(400)
                .body("pointer", equalTo("/network/mode"));
    }
}
