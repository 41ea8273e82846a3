package dev.shellbox.sandbox.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.shellbox.platform.testing.TestInternet;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Credentials the proxy adds outside the sandbox: a host's rules put a stored secret into its requests (over TLS the
 * proxy terminates with the sandbox's own CA, and over plain HTTP), the server receives it, and no byte of it, raw or
 * in base64, is anywhere the sandbox can look: its files, its processes' environments and arguments, what its
 * commands print, or what the API answers.
 */
class EgressInjectionIT {
    static EgressWorld world;
    static String token;

    @BeforeAll
    static void start() {
        world = EgressWorld.start("egress-injection-workspaces");
        byte[] random = new byte[24];
        new SecureRandom().nextBytes(random);
        token = "sk-live-" + HexFormat.of().formatHex(random);
    }

    @AfterAll
    static void stop() {
        if (world != null) {
            world.close();
        }
    }

    @Test
    void aHostsRulesPutTheSecretIntoItsRequestsAndNowhereIntoTheSandbox() throws Exception {
        List<String> seen = new ArrayList<>();
        seen.add(world.as()
                .body(Map.of("value", token, "description", "the API's token"))
                .put("/v1/secrets/API_TOKEN")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        String policy = "{\"mode\":\"allowlist\",\"allow\":[\"allowed.test:80\",\"allowed.test:443\"],"
                + "\"rules\":{\"allowed.test\":{\"headers\":{\"Authorization\":\"Bearer ${secret:API_TOKEN}\"},"
                + "\"swaps\":[{\"placeholder\":\"DUMMY-TOKEN-0123456789\",\"secret\":\"API_TOKEN\"}]}}}";
        String id = world.sandbox(policy);
        seen.add(world.as().get("/v1/sandboxes/" + id).then().extract().asString());
        seen.add(world.as()
                .get("/v1/sandboxes/" + id + "/network")
                .then()
                .extract()
                .asString());

        // HTTPS through the proxy (CONNECT) and captured without it: the proxy terminates with the sandbox's CA,
        // which programs trust through the system bundle they already read
        seen.add(world.exec(id, "/usr/bin/curl -sS https://allowed.test/echo")
                .body("exitCode", equalTo(0))
                .body("stdout", containsString("\"scheme\":\"https\""))
                .extract()
                .asString());
        seen.add(world.exec(id, "/usr/bin/curl -sS --noproxy '*' https://allowed.test/echo")
                .body("exitCode", equalTo(0))
                .extract()
                .asString());
        seen.add(world.exec(
                        id,
                        "python3 -c 'import urllib.request as u; print(u.urlopen(\"https://allowed.test/echo\").status)'")
                .body("stdout", equalTo("200\n"))
                .extract()
                .asString());
        // plain HTTP, with a dummy token the proxy swaps
        seen.add(world.exec(id, "/usr/bin/curl -sS -H 'X-Api-Key: DUMMY-TOKEN-0123456789' http://allowed.test/echo")
                .body("exitCode", equalTo(0))
                .extract()
                .asString());
        seen.add(world.exec(id, "env; cat /proc/self/environ | tr '\\0' '\\n'")
                .extract()
                .asString());

        List<TestInternet.Request> received = world.internet.requests().stream()
                .filter(r -> "allowed.test".equals(r.host()))
                .toList();
        assertThat(received)
                .as("the server got the real secret")
                .filteredOn(r -> ("Bearer " + token).equals(r.header("Authorization")))
                .hasSizeGreaterThanOrEqualTo(4);
        assertThat(received).anyMatch(r -> token.equals(r.header("X-Api-Key")));

        String half = token.substring(0, token.length() / 2);
        String rest = token.substring(token.length() / 2);
        String scan = world.exec(
                        id,
                        "python3 - <<'EOF'\n"
                                + "import os, base64\n"
                                + "t = (\"" + half + "\" + \"" + rest + "\").encode()\n"
                                + "needles = [t, base64.b64encode(t), base64.b64encode(b\"Bearer \" + t)]\n"
                                + "hits = []\n"
                                + "for top in (\"/workspace\", \"/home\", \"/tmp\", \"/etc\", \"/dev/shm\", \"/var\","
                                + " \"/root\", \"/run\", \"/opt\"):\n"
                                + "  for root, dirs, files in os.walk(top):\n"
                                + "    for f in files:\n"
                                + "      try:\n"
                                + "        data = open(os.path.join(root, f), \"rb\").read()\n"
                                + "      except Exception:\n"
                                + "        continue\n"
                                + "      if any(n in data for n in needles): hits.append(os.path.join(root, f))\n"
                                + "for pid in os.listdir(\"/proc\"):\n"
                                + "  if pid.isdigit():\n"
                                + "    for what in (\"environ\", \"cmdline\"):\n"
                                + "      try:\n"
                                + "        data = open(\"/proc/\" + pid + \"/\" + what, \"rb\").read()\n"
                                + "      except Exception:\n"
                                + "        continue\n"
                                + "      if any(n in data for n in needles): hits.append(\"/proc/\" + pid + \"/\" + what)\n"
                                + "print(\"hits\", hits)\n"
                                + "EOF")
                .extract()
                .path("stdout");
        assertThat(scan).isEqualTo("hits []\n");
        String b64 = Base64.getEncoder().encodeToString(token.getBytes(StandardCharsets.US_ASCII));
        for (String answer : seen) {
            assertThat(answer).doesNotContain(token).doesNotContain(b64);
        }
    }
}
