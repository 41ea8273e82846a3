package dev.shellbox.egress.tls;

import dev.shellbox.egress.InvalidHostnameException;
import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * Presents, for each handshake, a leaf the sandbox CA issues for the host the client asked for (SNI). When the engine
 * was created for an expected host ({@code createSSLEngine(host, port)}), that host is presented, and a client that
 * names another host in its SNI gets no certificate at all: the proxy terminates only the host it allowed.
 *
 * <p>The alias names the very leaf chosen (host and serial), so that the key and the chain the JDK asks for next
 * always belong together, even if the cache issued that host again in between; then neither is returned and the
 * handshake fails rather than present a key that does not match.
 */
final class SniKeyManager extends X509ExtendedKeyManager {
    private static final String EC = "EC";
    private static final char SEPARATOR = '#';

    private final SandboxCa ca;

    SniKeyManager(SandboxCa ca) {
        this.ca = ca;
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return engine == null ? null : choose(keyType, engine.getHandshakeSession(), engine.getPeerHost());
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return socket instanceof SSLSocket ? choose(keyType, ((SSLSocket) socket).getHandshakeSession(), null) : null;
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return leaf(alias).map(l -> l.chain().toArray(X509Certificate[]::new)).orElse(null);
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return leaf(alias).map(LeafCertificate::privateKey).orElse(null);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return null; // issued on demand: there is no list
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return null;
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
        return null;
    }

    @Override
    public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
        return null;
    }

    private String choose(String keyType, SSLSession handshake, String expectedHost) {
        if (!EC.equals(keyType)) {
            return null;
        }
        try {
            Optional<String> requested = requestedHostName(handshake);
            String host;
            if (expectedHost != null) {
                host = LeafName.parse(expectedHost).text();
                if (requested.isPresent()
                        && !LeafName.parse(requested.get()).text().equals(host)) {
                    return null;
                }
            } else if (requested.isPresent()) {
                host = requested.get();
            } else {
                return null;
            }
            LeafCertificate leaf = ca.issue(host);
            return leaf.host()
                    + SEPARATOR
                    + leaf.certificate().getSerialNumber().toString(16);
        } catch (InvalidHostnameException | IllegalStateException e) {
            return null; // the handshake fails: no certificate for that
        }
    }

    private Optional<LeafCertificate> leaf(String alias) {
        int at = alias == null ? -1 : alias.lastIndexOf(SEPARATOR);
        if (at < 0) {
            return Optional.empty();
        }
        try {
            LeafCertificate leaf = ca.issue(alias.substring(0, at));
            boolean same = leaf.certificate().getSerialNumber().toString(16).equals(alias.substring(at + 1));
            return same ? Optional.of(leaf) : Optional.empty();
        } catch (InvalidHostnameException | IllegalStateException e) {
            return Optional.empty();
        }
    }

    static Optional<String> requestedHostName(SSLSession session) {
        if (!(session instanceof ExtendedSSLSession)) {
            return Optional.empty();
        }
        List<SNIServerName> names = ((ExtendedSSLSession) session).getRequestedServerNames();
        for (SNIServerName name : names) {
            if (name instanceof SNIHostName) {
                return Optional.of(((SNIHostName) name).getAsciiName());
            }
        }
        return Optional.empty();
    }
}
