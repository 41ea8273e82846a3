package dev.shellbox.egress.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The proxy's side towards the real server: a loopback HTTPS server with a certificate of another CA. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UpstreamTlsTest {
    private static final SandboxCa UPSTREAM_CA = SandboxCa.create("upstream test CA");
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private HttpsServer server;

    @BeforeEach
    void start() throws Exception {
        LeafCertificate leaf = UPSTREAM_CA.issue("upstream.example");
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        char[] password = "test".toCharArray();
        keys.setKeyEntry("server", leaf.privateKey(), password, leaf.chain().toArray(Certificate[]::new));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, password);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), null, null);

        server = HttpsServer.create(new InetSocketAddress(LOOPBACK, 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(context));
        server.createContext("/", exchange -> {
            byte[] body = "hello from upstream".getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void verifiesTheServerAgainstTheGivenTrustAndSpeaksHttp() throws Exception {
        SSLContext trust = TlsContexts.trusting(List.of(UPSTREAM_CA.certificate()));
        try (SSLSocket tls = TlsStreams.connectUpstream(plain(), "upstream.example", port(), trust)) {
            assertThat(tls.getSession().getPeerCertificates()[0])
                    .isEqualTo(UPSTREAM_CA.issue("upstream.example").certificate());
            assertThat(tls.getSSLParameters().getServerNames()).hasSize(1);
            tls.getOutputStream()
                    .write("GET / HTTP/1.1\r\nHost: upstream.example\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
            tls.getOutputStream().flush();
            String response = new String(tls.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            assertThat(response).startsWith("HTTP/1.1 200").endsWith("hello from upstream");
        }
    }

    @Test
    void failsWithTheJdkRoots() throws Exception {
        Socket plain = plain();
        assertThatThrownBy(
                        () -> TlsStreams.connectUpstream(plain, "upstream.example", port(), TlsContexts.systemTrust()))
                .isInstanceOf(SSLHandshakeException.class);
        assertThat(plain.isClosed()).isTrue();
    }

    @Test
    void failsForAnotherHostName() throws Exception {
        SSLContext trust = TlsContexts.trusting(List.of(UPSTREAM_CA.certificate()));
        Socket plain = plain();
        assertThatThrownBy(() -> TlsStreams.connectUpstream(plain, "other.example", port(), trust))
                .isInstanceOf(SSLHandshakeException.class)
                .hasStackTraceContaining("other.example");
        assertThat(plain.isClosed()).isTrue();
    }

    @Test
    void failsForAnAddressTheCertificateDoesNotName() throws Exception {
        SSLContext trust = TlsContexts.trusting(List.of(UPSTREAM_CA.certificate()));
        assertThatThrownBy(() -> TlsStreams.connectUpstream(plain(), LOOPBACK.getHostAddress(), port(), trust))
                .isInstanceOf(SSLHandshakeException.class);
    }

    private Socket plain() throws IOException {
        return new Socket(LOOPBACK, port());
    }

    private int port() {
        return server.getAddress().getPort();
    }
}
