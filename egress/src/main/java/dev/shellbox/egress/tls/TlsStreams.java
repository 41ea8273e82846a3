package dev.shellbox.egress.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/**
 * TLS over a pair of plain streams, for the proxy's program side, which is a relayed connection rather than a
 * socket. {@link #serve} runs the server handshake and hands back decrypting and encrypting streams: one thread may
 * read while another writes. {@link #connectUpstream} is the client side towards the real server, over a socket.
 */
public final class TlsStreams {
    /** Shuts the plain output down (a half close), once the close_notify is out. */
    @FunctionalInterface
    public interface HalfClose {
        void shutdownOutput() throws IOException;
    }

    private final SSLEngine engine;
    private final EngineIo io;
    private final InputStream in;
    private final OutputStream out;

    private TlsStreams(SSLEngine engine, EngineIo io) {
        this.engine = engine;
        this.io = io;
        this.in = new Decrypting(io);
        this.out = new Encrypting(io);
    }

    /**
     * Terminates TLS for the host the client names in its SNI.
     *
     * @see #serve(SSLContext, String, byte[], InputStream, OutputStream, HalfClose)
     */
    public static TlsStreams serve(
            SSLContext context, byte[] alreadyRead, InputStream in, OutputStream out, HalfClose shutdownOutput)
            throws IOException {
        return serve(context, null, alreadyRead, in, out, shutdownOutput);
    }

    /**
     * Runs the server handshake and returns the decrypted streams.
     *
     * @param context usually {@link TlsContexts#terminating}
     * @param host the host the proxy allowed, or null: with {@link TlsContexts#terminating} its leaf is presented even
     *     to a client that sent no SNI (or connected to an IP address), and a client whose SNI names another host
     *     fails the handshake
     * @param alreadyRead the bytes the proxy read from {@code in} already (the ClientHello record), fed first
     * @throws javax.net.ssl.SSLException when the handshake fails (the alert was sent) or the peer left during it
     */
    public static TlsStreams serve(
            SSLContext context,
            String host,
            byte[] alreadyRead,
            InputStream in,
            OutputStream out,
            HalfClose shutdownOutput)
            throws IOException {
        SSLEngine engine = host == null ? context.createSSLEngine() : context.createSSLEngine(host, -1);
        engine.setUseClientMode(false);
        EngineIo io = new EngineIo(
                engine,
                alreadyRead == null ? new byte[0] : alreadyRead,
                Objects.requireNonNull(in),
                Objects.requireNonNull(out),
                Objects.requireNonNull(shutdownOutput));
        io.handshake();
        return new TlsStreams(engine, io);
    }

    /**
     * Opens TLS to the real server over a connected socket, verifying its certificate chain against {@code trust}
     * and its name the way HTTPS clients do (RFC 2818: the SAN must name {@code host}), offering ALPN
     * {@code http/1.1} only and sending {@code host} as SNI unless it is an IP address. Closing the returned socket
     * closes {@code plain}; when the handshake fails both are closed.
     *
     * @param host the name (or address) the program asked for, not the address connected to
     * @param trust {@link TlsContexts#systemTrust()} in production
     * @throws javax.net.ssl.SSLHandshakeException when the server's certificate is not trusted or not for host
     */
    public static SSLSocket connectUpstream(Socket plain, String host, int port, SSLContext trust) throws IOException {
        LeafName name = LeafName.parse(host);
        SSLSocket tls = (SSLSocket) trust.getSocketFactory().createSocket(plain, name.text(), port, true);
        try {
            SSLParameters p = tls.getSSLParameters();
            p.setEndpointIdentificationAlgorithm("HTTPS");
            p.setProtocols(TlsContexts.supported(TlsContexts.PROTOCOLS, tls.getSupportedProtocols()));
            p.setApplicationProtocols(new String[] {TlsContexts.HTTP_1_1});
            p.setServerNames(name instanceof LeafName.Dns ? List.of(new SNIHostName(name.text())) : List.of());
            tls.setSSLParameters(p);
            tls.startHandshake();
            return tls;
        } catch (IOException | RuntimeException e) {
            tls.close();
            throw e;
        }
    }

    /** The decrypted bytes from the client; -1 after its close_notify, an SSLException if it left without one. */
    public InputStream in() {
        return in;
    }

    /** Encrypts to the client; {@code flush()} flushes the plain stream. {@code close()} is {@link #closeOutput}. */
    public OutputStream out() {
        return out;
    }

    /** Sends close_notify and shuts the plain output down; reading goes on (TLS 1.3 allows a half close). */
    public void closeOutput() throws IOException {
        io.closeOutput();
    }

    /** The server name the client sent (SNI), in ASCII. */
    public Optional<String> serverName() {
        return SniKeyManager.requestedHostName(engine.getSession());
    }

    /** The protocol ALPN agreed on ({@code http/1.1}), or empty when the client offered none. */
    public Optional<String> applicationProtocol() {
        String protocol = engine.getApplicationProtocol();
        return protocol == null || protocol.isEmpty() ? Optional.empty() : Optional.of(protocol);
    }

    /** The negotiated session: protocol version, cipher suite, the certificate presented. */
    public SSLSession session() {
        return engine.getSession();
    }

    private static final class Decrypting extends InputStream {
        private final EngineIo io;

        Decrypting(EngineIo io) {
            this.io = io;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            Objects.checkFromIndexSize(off, len, b.length);
            return io.read(b, off, len);
        }

        @Override
        public int available() {
            return io.available();
        }
    }

    private static final class Encrypting extends OutputStream {
        private final EngineIo io;

        Encrypting(EngineIo io) {
            this.io = io;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            Objects.checkFromIndexSize(off, len, b.length);
            io.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            io.flush();
        }

        @Override
        public void close() throws IOException {
            io.closeOutput();
        }
    }
}
