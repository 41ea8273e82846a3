package dev.shellbox.egress.tls;

import java.security.KeyManagementException;
import java.security.SecureRandom;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;

/**
 * An initialized JDK context whose engines come out configured for terminating (server mode, TLS 1.3 and 1.2, AEAD
 * suites with ECDSA, ALPN {@code http/1.1} only), so that no caller can forget a setting. Only engines: the proxy's
 * program side is a pair of streams, and a socket factory here would hand out sockets without those settings.
 */
final class TerminatingContextSpi extends SSLContextSpi {
    private final SSLContext delegate;

    TerminatingContextSpi(SSLContext delegate) {
        this.delegate = delegate;
    }

    @Override
    protected void engineInit(KeyManager[] km, TrustManager[] tm, SecureRandom sr) throws KeyManagementException {
        throw new KeyManagementException("a terminating context is initialized when it is made");
    }

    @Override
    protected SSLSocketFactory engineGetSocketFactory() {
        throw new UnsupportedOperationException("a terminating context makes SSLEngines only (see TlsStreams)");
    }

    @Override
    protected SSLServerSocketFactory engineGetServerSocketFactory() {
        throw new UnsupportedOperationException("a terminating context makes SSLEngines only (see TlsStreams)");
    }

    @Override
    protected SSLEngine engineCreateSSLEngine() {
        return TlsContexts.configureServer(delegate.createSSLEngine());
    }

    /** {@code host} is the host the proxy allowed: its leaf is presented when the client sends no SNI, and a different SNI is refused. */
    @Override
    protected SSLEngine engineCreateSSLEngine(String host, int port) {
        return TlsContexts.configureServer(delegate.createSSLEngine(host, port));
    }

    @Override
    protected SSLSessionContext engineGetServerSessionContext() {
        return delegate.getServerSessionContext();
    }

    @Override
    protected SSLSessionContext engineGetClientSessionContext() {
        return delegate.getClientSessionContext();
    }

    @Override
    protected SSLParameters engineGetDefaultSSLParameters() {
        return engineCreateSSLEngine().getSSLParameters();
    }

    @Override
    protected SSLParameters engineGetSupportedSSLParameters() {
        return delegate.getSupportedSSLParameters();
    }
}
