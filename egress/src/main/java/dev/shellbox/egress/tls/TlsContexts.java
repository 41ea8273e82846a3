package dev.shellbox.egress.tls;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;

/** The SSLContexts of the proxy: one that terminates with a sandbox's CA, and the ones it trusts upstream with. */
public final class TlsContexts {
    /** The only application protocol the proxy speaks; a client offering h2 as well gets this. */
    public static final String HTTP_1_1 = "http/1.1";

    static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

    /** Forward secret AEAD suites for an ECDSA key, in the server's order of preference. */
    private static final List<String> SERVER_SUITES = List.of(
            "TLS_AES_128_GCM_SHA256",
            "TLS_AES_256_GCM_SHA384",
            "TLS_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256");

    private TlsContexts() {}

    /**
     * The server side of terminating a sandbox's TLS: each handshake presents a leaf of {@code ca} for the name the
     * client asked for (SNI), issued on demand. Its engines are configured already; it makes no sockets. Create it
     * once per sandbox: it holds the TLS session cache.
     *
     * <p>{@code createSSLEngine(host, port)} pins the host: that host's leaf is presented (to a client sending no
     * SNI, or one for an IP address), and a client naming another host fails the handshake.
     */
    public static SSLContext terminating(SandboxCa ca) {
        try {
            SSLContext jdk = SSLContext.getInstance("TLS");
            jdk.init(new KeyManager[] {new SniKeyManager(ca)}, null, null);
            return new SSLContext(new TerminatingContextSpi(jdk), jdk.getProvider(), jdk.getProtocol()) {};
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no TLS", e);
        }
    }

    /** A client context that trusts only the given certificates (a test CA, a private upstream's CA). */
    public static SSLContext trusting(Collection<X509Certificate> anchors) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            int i = 0;
            for (X509Certificate anchor : anchors) {
                store.setCertificateEntry("anchor-" + i++, anchor);
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot build a trust context", e);
        }
    }

    /** The JDK's default context: the JDK's trusted roots, as for any HTTPS client. */
    public static SSLContext systemTrust() {
        try {
            return SSLContext.getDefault();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no default TLS context", e);
        }
    }

    static SSLEngine configureServer(SSLEngine engine) {
        engine.setUseClientMode(false);
        SSLParameters p = engine.getSSLParameters();
        p.setProtocols(supported(PROTOCOLS, engine.getSupportedProtocols()));
        p.setCipherSuites(supported(SERVER_SUITES.toArray(String[]::new), engine.getSupportedCipherSuites()));
        p.setUseCipherSuitesOrder(true);
        p.setApplicationProtocols(new String[] {HTTP_1_1});
        p.setNeedClientAuth(false);
        p.setWantClientAuth(false);
        engine.setSSLParameters(p);
        return engine;
    }

    static String[] supported(String[] wanted, String[] supported) {
        List<String> available = Arrays.asList(supported);
        List<String> out = new ArrayList<>();
        for (String w : wanted) {
            if (available.contains(w)) {
                out.add(w);
            }
        }
        return out.toArray(String[]::new);
    }
}
