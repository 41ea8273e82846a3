package dev.shellbox.platform.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The test internet works: DNS, HTTP, HTTPS with the test CA, echoes, metadata, and leaves nothing behind. */
class TestInternetTest {
    private static TestInternet internet;

    @BeforeAll
    static void start() {
        TestInternet.assumeAvailable();
        long started = System.nanoTime();
        internet = TestInternet.start();
        System.out.printf(
                "test internet %s (%s) started in %d ms%n",
                internet.namespace(), internet.subnet(), (System.nanoTime() - started) / 1_000_000);
    }

    @AfterAll
    static void stop() {
        if (internet != null) {
            internet.close();
        }
    }

    @Test
    void dnsAnswersRecordedNamesWithTtlZeroAndLogsEveryQuery() throws IOException {
        TestInternet.Host api = internet.host("api.example.test");
        internet.cname("www.example.test", "api.example.test");
        internet.txt("api.example.test.txt", "v=test1");

        Answer a = udpQuery("API.example.test", TestDnsServer.A);
        assertEquals(0, a.rcode());
        assertEquals(List.of("A " + api.ipv4()), a.records());
        assertEquals(List.of(0L), a.ttls());
        if (api.ipv6() != null) {
            assertEquals(
                    List.of("AAAA " + api.ipv6()),
                    tcpQuery("api.example.test", TestDnsServer.AAAA).records());
        }
        assertEquals(
                List.of("CNAME api.example.test", "A " + api.ipv4()),
                udpQuery("www.example.test", TestDnsServer.A).records());
        assertEquals(
                List.of("TXT v=test1"),
                udpQuery("api.example.test.txt", TestDnsServer.TXT).records());
        assertEquals(3, udpQuery("nowhere.example.test", TestDnsServer.A).rcode());

        internet.record("api.example.test", "192.0.2.77"); // takes effect for the next query
        assertEquals(
                List.of("A 192.0.2.77"),
                udpQuery("api.example.test", TestDnsServer.A).records());

        List<TestInternet.DnsQuery> queries = internet.queriesFor("api.example.test");
        assertEquals("A", queries.get(0).type());
        assertEquals("udp", queries.get(0).transport());
        assertEquals(internet.hostAddress(), queries.get(0).client());
        assertTrue(internet.dnsQueries().stream().anyMatch(q -> q.name().equals("nowhere.example.test")));
    }

    @Test
    void rebindingAnswersFirstThenSecond() throws IOException {
        internet.rebinding("rebind.example.test", "198.51.100.200", "169.254.169.254");
        assertEquals(
                List.of(), udpQuery("rebind.example.test", TestDnsServer.AAAA).records()); // does not count
        assertEquals(
                List.of("A 198.51.100.200"),
                udpQuery("rebind.example.test", TestDnsServer.A).records());
        assertEquals(
                List.of("A 169.254.169.254"),
                udpQuery("rebind.example.test", TestDnsServer.A).records());
        assertEquals(
                List.of("A 169.254.169.254"),
                tcpQuery("rebind.example.test", TestDnsServer.A).records());
        assertEquals(4, internet.queriesFor("rebind.example.test").size());
    }

    @Test
    void httpRequestsAreEchoedAndLogged() throws Exception {
        TestInternet.Host web = internet.host("web.example.test");
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://" + web.ipv4() + "/echo?x=1"))
                                .header("Authorization", "Bearer secret-token")
                                .POST(HttpRequest.BodyPublishers.ofString("hello"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode());
        assertTrue(response.body().contains("\"path\":\"/echo?x=1\""), response.body());
        assertTrue(response.body().contains("Bearer secret-token"), response.body());

        TestInternet.Request logged = last(internet.requests());
        assertEquals("http", logged.scheme());
        assertEquals("POST", logged.method());
        assertEquals("/echo?x=1", logged.path());
        assertEquals("Bearer secret-token", logged.header("authorization"));
        assertEquals(5, logged.bodyLength());
        assertEquals(web.ipv4(), logged.localAddress());
        assertEquals(80, logged.localPort());
        assertEquals(internet.hostAddress(), logged.remoteAddress());

        if (web.ipv6() != null) {
            HttpResponse<String> v6 = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create("http://[" + web.ipv6() + "]/"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertEquals(200, v6.statusCode());
            assertEquals(web.ipv6(), last(internet.requests()).localAddress());
        }
    }

    @Test
    void statusRedirectAndBytes() throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        String base = "http://" + internet.address();
        assertEquals(418, get(client, base + "/status?code=418").statusCode());
        HttpResponse<InputStream> redirect = get(client, base + "/redirect?to=http%3A%2F%2Fexample.test%2Fx");
        assertEquals(302, redirect.statusCode());
        assertEquals(
                "http://example.test/x",
                redirect.headers().firstValue("Location").orElseThrow());

        int n = 3_000_017;
        byte[] body = get(client, base + "/bytes?n=" + n).body().readAllBytes();
        assertArrayEquals(TestInternet.expectedBytes(0, n), body);
        assertNotEquals(body[0], body[1]);
    }

    @Test
    void httpsWorksForClientsTrustingTheTestCaOnly() throws Exception {
        TestInternet.Host secure = internet.host("secure.example.test");
        URI uri = URI.create("https://" + secure.ipv4() + "/echo");
        HttpClient trusting =
                HttpClient.newBuilder().sslContext(internet.sslContext()).build();
        HttpResponse<String> response =
                trusting.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode());
        TestInternet.Request logged = last(internet.requests());
        assertEquals("https", logged.scheme());
        assertEquals(443, logged.localPort());

        assertThrows(
                SSLHandshakeException.class,
                () -> HttpClient.newHttpClient()
                        .send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()));

        // by name: the server sees the SNI and presents a certificate for that name, which the client verifies
        try (Socket plain = new Socket()) {
            plain.connect(new InetSocketAddress(secure.ipv4(), 443), 5000);
            SSLSocket tls = (SSLSocket)
                    internet.sslContext().getSocketFactory().createSocket(plain, "secure.example.test", 443, false);
            SSLParameters parameters = tls.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            tls.setSSLParameters(parameters);
            tls.getOutputStream()
                    .write("GET /sni HTTP/1.1\r\nHost: secure.example.test\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
            String reply = new String(tls.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(reply.startsWith("HTTP/1.1 200"), reply);
        }
        assertEquals("secure.example.test", last(internet.requests()).sni());
        assertTrue(Files.readString(internet.caCertificatePem()).startsWith("-----BEGIN CERTIFICATE-----"));
    }

    @Test
    void echoes() throws IOException {
        internet.tcpEcho(2222);
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(internet.address(), 2222), 5000);
            socket.getOutputStream().write("ping".getBytes(StandardCharsets.US_ASCII));
            socket.shutdownOutput();
            assertEquals("ping", new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII));
        }
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.setSoTimeout(5000);
            byte[] ping = "udp-ping".getBytes(StandardCharsets.US_ASCII);
            socket.send(new DatagramPacket(
                    ping, ping.length, new InetSocketAddress(internet.address(), TestInternet.UDP_ECHO_PORT)));
            DatagramPacket pong = new DatagramPacket(new byte[64], 64);
            socket.receive(pong);
            assertEquals("udp-ping", new String(pong.getData(), 0, pong.getLength(), StandardCharsets.US_ASCII));
        }
        List<TestInternet.Connection> connections = internet.connections();
        assertTrue(connections.stream().anyMatch(c -> c.protocol().equals("tcp") && c.localPort() == 2222));
        assertTrue(connections.stream().anyMatch(c -> c.protocol().equals("udp") && c.localPort() == 7));
    }

    @Test
    void metadataAnswersOnlyThroughTheRouteIntoTheNamespace() throws Exception {
        Assumptions.assumeTrue(internet.routeMetadataFromHost(), "the host has a route of its own to 169.254.169.254");
        // never send anything toward the real metadata address: check the route first
        String route = TestInternet.run("ip", "route", "get", TestInternet.METADATA_ADDRESS);
        assertTrue(route.contains("dev " + internet.hostInterface()), route);
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://169.254.169.254/latest/meta-data/"))
                                .timeout(Duration.ofSeconds(5))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(TestInternet.METADATA_SECRET + "\n", response.body());
        assertEquals(TestInternet.METADATA_ADDRESS, last(internet.requests()).localAddress());
    }

    @Test
    void closeLeavesNoNamespaceLinkOrFileBehind() throws Exception {
        String namespace;
        String link;
        Path ca;
        try (TestInternet second = TestInternet.start()) {
            namespace = second.namespace();
            link = second.hostInterface();
            ca = second.caCertificatePem();
            assertNotEquals(internet.subnet(), second.subnet());
            assertEquals(List.of("A 203.0.113.9"), query(second, "x.test").records());
            assertTrue(TestInternet.run("ip", "netns", "list").contains(namespace));
        }
        assertFalse(TestInternet.run("ip", "netns", "list").contains(namespace));
        assertFalse(TestInternet.run("ip", "-o", "link").contains(link + ":"));
        assertFalse(TestInternet.run("ip", "route").contains(link + " "));
        assertFalse(TestInternet.run("ip", "-6", "route").contains(link + " "));
        assertFalse(Files.exists(ca.getParent()));
    }

    @Test
    void aTakenSlotIsRefusedAndLeftAlone() throws IOException {
        assertThrows(IllegalStateException.class, () -> TestInternet.start(internet.slot()));
        internet.record("still-there.example.test", "198.51.100.201");
        assertEquals(
                List.of("A 198.51.100.201"),
                udpQuery("still-there.example.test", TestDnsServer.A).records());
    }

    private static Answer query(TestInternet second, String name) throws IOException {
        second.record(name, "203.0.113.9");
        return query(second.dnsServer(), name, TestDnsServer.A, false);
    }

    // --- a small DNS client ---

    record Answer(int rcode, List<String> records, List<Long> ttls) {}

    private static Answer udpQuery(String name, int type) throws IOException {
        return query(internet.dnsServer(), name, type, false);
    }

    private static Answer tcpQuery(String name, int type) throws IOException {
        return query(internet.dnsServer(), name, type, true);
    }

    private static Answer query(InetSocketAddress server, String name, int type, boolean tcp) throws IOException {
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        message.writeBytes(new byte[] {0x12, 0x34, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0});
        message.writeBytes(TestDnsServer.encodeName(name));
        message.writeBytes(new byte[] {0, (byte) type, 0, 1});
        byte[] query = message.toByteArray();
        byte[] response;
        if (tcp) {
            try (Socket socket = new Socket()) {
                socket.connect(server, 5000);
                socket.setSoTimeout(5000);
                DataOutputStream out = new DataOutputStream(socket.getOutputStream());
                out.writeShort(query.length);
                out.write(query);
                DataInputStream in = new DataInputStream(socket.getInputStream());
                response = new byte[in.readUnsignedShort()];
                in.readFully(response);
            }
        } else {
            try (DatagramSocket socket = new DatagramSocket()) {
                socket.setSoTimeout(5000);
                socket.send(new DatagramPacket(query, query.length, server));
                DatagramPacket packet = new DatagramPacket(new byte[4096], 4096);
                socket.receive(packet);
                response = java.util.Arrays.copyOf(packet.getData(), packet.getLength());
            }
        }
        assertEquals(0x1234, u16(response, 0));
        int at = skipName(response, 12) + 4;
        List<String> records = new ArrayList<>();
        List<Long> ttls = new ArrayList<>();
        for (int i = 0; i < u16(response, 6); i++) {
            at = skipName(response, at);
            int recordType = u16(response, at);
            ttls.add(((long) u16(response, at + 4) << 16) | u16(response, at + 6));
            int length = u16(response, at + 8);
            byte[] data = java.util.Arrays.copyOfRange(response, at + 10, at + 10 + length);
            at += 10 + length;
            records.add(
                    switch (recordType) {
                        case TestDnsServer.A, TestDnsServer.AAAA ->
                            TestDnsServer.typeName(recordType) + " "
                                    + TestInternet.text(InetAddress.getByAddress(data));
                        case TestDnsServer.CNAME -> "CNAME " + readName(data);
                        case TestDnsServer.TXT -> "TXT " + new String(data, 1, data[0] & 0xff, StandardCharsets.UTF_8);
                        default -> TestDnsServer.typeName(recordType);
                    });
        }
        return new Answer(response[3] & 0xf, records, ttls);
    }

    private static int skipName(byte[] message, int at) {
        while (true) {
            int length = message[at] & 0xff;
            if (length == 0) {
                return at + 1;
            }
            if ((length & 0xc0) == 0xc0) {
                return at + 2;
            }
            at += 1 + length;
        }
    }

    private static String readName(byte[] data) {
        StringBuilder name = new StringBuilder();
        for (int at = 0; data[at] != 0; at += 1 + data[at]) {
            name.append(name.length() > 0 ? "." : "")
                    .append(new String(data, at + 1, data[at], StandardCharsets.US_ASCII));
        }
        return name.toString();
    }

    private static int u16(byte[] data, int at) {
        return ((data[at] & 0xff) << 8) | (data[at + 1] & 0xff);
    }

    private static HttpResponse<InputStream> get(HttpClient client, String url) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofInputStream());
    }

    private static <T> T last(List<T> list) {
        assertFalse(list.isEmpty());
        return list.get(list.size() - 1);
    }
}
