package dev.shellbox.egress.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A loopback server that accepts like the proxy (it reads the first TLS record itself, then terminates with
 * TlsStreams) and echoes one HTTP/1.1 request, against JDK client sockets.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TlsStreamsTest {
    private static final SandboxCa CA = SandboxCa.create("test sandbox CA");
    private static final SSLContext TERMINATING = TlsContexts.terminating(CA);
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private ServerSocket server;

    /** What the server saw of one connection. */
    record Served(
            Optional<String> serverName,
            Optional<String> alpn,
            String protocol,
            String requestSha256,
            boolean clientClosedCleanly) {}

    @BeforeEach
    void listen() throws IOException {
        server = new ServerSocket(0, 50, LOOPBACK);
    }

    @AfterEach
    void close() throws IOException {
        server.close();
    }

    @Test
    void echoesARequestToAClientTrustingOnlyTheSandboxCa() throws Exception {
        CompletableFuture<Served> served = serveOne(null);
        try (SSLSocket client = client("api.example.com", null, null)) {
            byte[] response = exchange(client, "hello".getBytes(StandardCharsets.US_ASCII));

            assertThat(new String(response, StandardCharsets.US_ASCII)).isEqualTo("hello");
            X509Certificate presented = (X509Certificate) client.getSession().getPeerCertificates()[0];
            assertThat(presented.getSubjectAlternativeNames()).containsExactly(List.of(2, "api.example.com"));
            assertThat(client.getSession().getPeerCertificates()).hasSize(2);
        }
        Served s = served.get(30, TimeUnit.SECONDS);
        assertThat(s.serverName()).contains("api.example.com");
        assertThat(s.protocol()).isEqualTo("TLSv1.3");
        assertThat(s.clientClosedCleanly()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.2", "TLSv1.3"})
    void bothTlsVersionsWork(String version) throws Exception {
        CompletableFuture<Served> served = serveOne(null);
        try (SSLSocket client = client("v.example.com", new String[] {version}, null)) {
            assertThat(exchange(client, "x".repeat(100_000).getBytes(StandardCharsets.US_ASCII)))
                    .hasSize(100_000);
            assertThat(client.getSession().getProtocol()).isEqualTo(version);
        }
        Served s = served.get(30, TimeUnit.SECONDS);
        assertThat(s.protocol()).isEqualTo(version);
        assertThat(s.clientClosedCleanly()).isTrue();
    }

    @Test
    void clientOfferingH2GetsHttp11() throws Exception {
        CompletableFuture<Served> served = serveOne(null);
        try (SSLSocket client = client("api.example.com", null, new String[] {"h2", "http/1.1"})) {
            client.startHandshake();
            assertThat(client.getApplicationProtocol()).isEqualTo("http/1.1");
            exchange(client, new byte[0]);
        }
        assertThat(served.get(30, TimeUnit.SECONDS).alpn()).contains("http/1.1");
    }

    @Test
    void clientOfferingOnlyH2FailsTheHandshake() throws Exception {
        CompletableFuture<Served> served = serveOne(null);
        try (SSLSocket client = client("api.example.com", null, new String[] {"h2"})) {
            assertThatThrownBy(client::startHandshake)
                    .isInstanceOf(SSLHandshakeException.class)
                    .hasMessageContaining("no_application_protocol");
        }
        assertThatThrownBy(() -> served.get(30, TimeUnit.SECONDS)).hasCauseInstanceOf(SSLHandshakeException.class);
    }

    @Test
    void clientOfferingNoAlpnGetsNone() throws Exception {
        CompletableFuture<Served> served = serveOne(null);
        try (SSLSocket client = client("api.example.com", null, null)) {
            exchange(client, new byte[0]);
        }
        assertThat(served.get(30, TimeUnit.SECONDS).alpn()).isEmpty();
    }

    @Test
    void clientTrustingOnlyTheJdkRootsFailsTheHandshake() throws Exception {
        CompletableFuture<Served> served = serveOne(null);
        try (SSLSocket client = clientOf(TlsContexts.systemTrust(), "api.example.com", null, null)) {
            assertThatThrownBy(client::startHandshake).isInstanceOf(SSLHandshakeException.class);
        }
        assertThatThrownBy(() -> served.get(30, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(SSLException.class);
    }

    @Test
    void tenMebibytesGoBothWaysIntact() throws Exception {
        byte[] body = new byte[10 * 1024 * 1024];
        new Random(42).nextBytes(body);
        CompletableFuture<Served> served = serveOne(null);
        try (SSLSocket client = client("big.example.com", null, null)) {
            byte[] echoed = exchange(client, body);
            assertThat(sha256(echoed)).isEqualTo(sha256(body));
        }
        Served s = served.get(30, TimeUnit.SECONDS);
        assertThat(s.requestSha256()).isEqualTo(sha256(body));
        assertThat(s.clientClosedCleanly()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.2", "TLSv1.3"})
    void closeNotifyEndsBothDirectionsCleanly(String version) throws Exception {
        CompletableFuture<Served> served = serveOne(null);
        try (SSLSocket client = client("api.example.com", new String[] {version}, null)) {
            exchange(client, "a".getBytes(StandardCharsets.US_ASCII));
            // the server closed its output after the response: a clean end of stream, not an exception
            assertThat(client.getInputStream().read()).isEqualTo(-1);
        }
        assertThat(served.get(30, TimeUnit.SECONDS).clientClosedCleanly()).isTrue();
    }

    @Test
    void endOfStreamWithoutCloseNotifyIsAnError() throws Exception {
        CompletableFuture<Served> served = serveOne(null);
        Socket plain = new Socket(LOOPBACK, server.getLocalPort());
        SSLSocket client = layered(trustingCa(), plain, "api.example.com", null, null, true);
        exchange(client, "a".getBytes(StandardCharsets.US_ASCII));
        plain.close(); // a FIN without close_notify
        assertThatThrownBy(() -> served.get(30, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(SSLException.class)
                .hasMessageContaining("without close_notify");
    }

    @Test
    void pinnedHostIsPresentedToAClientWithoutSni() throws Exception {
        CompletableFuture<Served> served = serveOne("api.example.com");
        // a connection to an address sends no SNI
        try (SSLSocket client = client(LOOPBACK.getHostAddress(), null, null, false)) {
            exchange(client, new byte[0]);
            X509Certificate presented = (X509Certificate) client.getSession().getPeerCertificates()[0];
            assertThat(presented.getSubjectAlternativeNames()).containsExactly(List.of(2, "api.example.com"));
        }
        assertThat(served.get(30, TimeUnit.SECONDS).serverName()).isEmpty();
    }

    @Test
    void pinnedAddressGetsAnIpCertificateThatHttpsClientsAccept() throws Exception {
        CompletableFuture<Served> served = serveOne(LOOPBACK.getHostAddress());
        try (SSLSocket client = client(LOOPBACK.getHostAddress(), null, null)) {
            assertThat(exchange(client, "ip".getBytes(StandardCharsets.US_ASCII)))
                    .hasSize(2);
        }
        served.get(30, TimeUnit.SECONDS);
    }

    @Test
    void sniNamingAnotherHostThanThePinnedOneFailsTheHandshake() throws Exception {
        CompletableFuture<Served> served = serveOne("api.example.com");
        try (SSLSocket client = client("evil.example.com", null, null)) {
            assertThatThrownBy(client::startHandshake).isInstanceOf(SSLException.class);
        }
        assertThatThrownBy(() -> served.get(30, TimeUnit.SECONDS)).hasCauseInstanceOf(SSLHandshakeException.class);
    }

    @Test
    void withoutSniOrPinnedHostThereIsNoCertificate() throws Exception {
        CompletableFuture<Served> served = serveOne(null);
        try (SSLSocket client = client(LOOPBACK.getHostAddress(), null, null, false)) {
            assertThatThrownBy(client::startHandshake).isInstanceOf(SSLException.class);
        }
        assertThatThrownBy(() -> served.get(30, TimeUnit.SECONDS)).hasCauseInstanceOf(SSLHandshakeException.class);
    }

    @Test
    void terminatingContextMakesNoSockets() {
        assertThatThrownBy(TERMINATING::getServerSocketFactory).isInstanceOf(UnsupportedOperationException.class);
        assertThat(TERMINATING.getDefaultSSLParameters().getApplicationProtocols())
                .containsExactly("http/1.1");
        assertThat(TERMINATING.getDefaultSSLParameters().getProtocols()).containsExactly("TLSv1.3", "TLSv1.2");
    }

    // --- the server: accepts like the proxy, then echoes one request ---

    private CompletableFuture<Served> serveOne(String pinnedHost) {
        return CompletableFuture.supplyAsync(() -> {
            try (Socket accepted = server.accept()) {
                InputStream raw = accepted.getInputStream();
                byte[] hello = firstRecord(raw);
                TlsStreams tls = TlsStreams.serve(
                        TERMINATING, pinnedHost, hello, raw, accepted.getOutputStream(), accepted::shutdownOutput);
                return echo(tls);
            } catch (IOException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
    }

    /** The first TLS record, as the proxy reads it to check the SNI before deciding to terminate. */
    private static byte[] firstRecord(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        byte[] header = new byte[5];
        data.readFully(header);
        assertThat(header[0]).isEqualTo((byte) 22); // handshake
        int length = ((header[3] & 0xff) << 8) | (header[4] & 0xff);
        byte[] record = Arrays.copyOf(header, 5 + length);
        data.readFully(record, 5, length);
        return record;
    }

    /** Reads a request with a Content-Length and streams its body back as the response body, as it arrives. */
    private static Served echo(TlsStreams tls) throws IOException {
        InputStream in = tls.in();
        OutputStream out = tls.out();
        int length = contentLength(readHead(in));
        out.write(("HTTP/1.1 200 OK\r\nContent-Length: " + length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        MessageDigest sha = sha256();
        byte[] buffer = new byte[8192];
        int left = length;
        while (left > 0) {
            int n = in.read(buffer, 0, Math.min(buffer.length, left));
            if (n < 0) {
                throw new IOException("request body cut short");
            }
            sha.update(buffer, 0, n);
            out.write(buffer, 0, n);
            left -= n;
        }
        out.flush();
        tls.closeOutput();
        boolean clean = in.read() == -1;
        return new Served(
                tls.serverName(),
                tls.applicationProtocol(),
                tls.session().getProtocol(),
                HexFormat.of().formatHex(sha.digest()),
                clean);
    }

    // --- the client ---

    private SSLSocket client(String host, String[] protocols, String[] alpn) throws IOException {
        return client(host, protocols, alpn, true);
    }

    private SSLSocket client(String host, String[] protocols, String[] alpn, boolean verifyName) throws IOException {
        return layered(trustingCa(), new Socket(LOOPBACK, server.getLocalPort()), host, protocols, alpn, verifyName);
    }

    private SSLSocket clientOf(SSLContext trust, String host, String[] protocols, String[] alpn) throws IOException {
        return layered(trust, new Socket(LOOPBACK, server.getLocalPort()), host, protocols, alpn, true);
    }

    /** A client that connects to loopback but believes it talks to {@code host}. */
    private static SSLSocket layered(
            SSLContext trust, Socket plain, String host, String[] protocols, String[] alpn, boolean verifyName)
            throws IOException {
        SSLSocket s = (SSLSocket) trust.getSocketFactory().createSocket(plain, host, plain.getPort(), true);
        SSLParameters p = s.getSSLParameters();
        // when not verifying the name the client still verifies the chain
        p.setEndpointIdentificationAlgorithm(verifyName ? "HTTPS" : "");
        if (protocols != null) {
            p.setProtocols(protocols);
        }
        if (alpn != null) {
            p.setApplicationProtocols(alpn);
        }
        if (!Character.isDigit(host.charAt(0))) {
            p.setServerNames(List.of(new SNIHostName(host)));
        }
        s.setSSLParameters(p);
        return s;
    }

    private static SSLContext trustingCa() {
        return TlsContexts.trusting(List.of(CA.certificate()));
    }

    /** Sends a POST with the body from another thread while reading the echoed response body. */
    private static byte[] exchange(SSLSocket client, byte[] body) throws Exception {
        OutputStream out = client.getOutputStream();
        CompletableFuture<Void> sent = CompletableFuture.runAsync(() -> {
            try {
                out.write(("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: " + body.length + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                for (int off = 0; off < body.length; off += 65536) {
                    out.write(body, off, Math.min(65536, body.length - off));
                }
                out.flush();
            } catch (IOException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
        InputStream in = client.getInputStream();
        String head = readHead(in);
        assertThat(head).startsWith("HTTP/1.1 200 OK");
        byte[] response = new DataInputStream(in).readNBytes(contentLength(head));
        sent.get(30, TimeUnit.SECONDS);
        return response;
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the stream ended in a head: " + head);
            }
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase().startsWith("content-length:")) {
                return Integer.parseInt(line.substring(15).trim());
            }
        }
        throw new AssertionError("no Content-Length in " + head);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    private static String sha256(byte[] data) {
        return HexFormat.of().formatHex(sha256().digest(data));
    }
}
