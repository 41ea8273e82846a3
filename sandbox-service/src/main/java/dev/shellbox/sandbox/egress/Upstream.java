package dev.shellbox.sandbox.egress;

import dev.shellbox.egress.tls.TlsStreams;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;

/**
 * The proxy's connection to a destination the policy allowed, open while the program's is; closed at once when a new
 * policy denies its destination.
 */
final class Upstream implements AutoCloseable {
    private final SandboxEgress egress;
    private Socket socket;
    private Duplex duplex;
    /** What it was allowed as, to judge it again when the policy changes. */
    final String kind;

    final String name;
    final InetAddress address;
    final int port;
    final String method;
    final String path;
    private final Runnable abortProgram;

    private final Relay relay = new Relay();
    private final AtomicLong early = new AtomicLong();
    private volatile String closedBy;

    Upstream(
            SandboxEgress egress,
            Socket socket,
            String kind,
            String name,
            InetAddress address,
            int port,
            String method,
            String path,
            Runnable abortProgram)
            throws IOException {
        this.egress = egress;
        this.socket = socket;
        this.duplex = Duplex.of(socket);
        this.kind = kind;
        this.name = name;
        this.address = address;
        this.port = port;
        this.method = method;
        this.path = path;
        this.abortProgram = abortProgram;
    }

    /** Where the proxy writes what it read ahead (a TLS hello, a request head and body): counted as sent. */
    OutputStream out() throws IOException {
        OutputStream raw = socket.getOutputStream();
        return new FilterOutputStream(raw) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                raw.write(b, off, len);
                early.addAndGet(len);
            }

            @Override
            public void write(int b) throws IOException {
                raw.write(b);
                early.incrementAndGet();
            }
        };
    }

    /** Speaks TLS to the destination from here on, verifying it as {@code host} against {@code trust}. */
    void secure(String host, SSLContext trust) throws IOException {
        socket = TlsStreams.connectUpstream(socket, host, port, trust);
        duplex = Duplex.of(socket);
    }

    /** Relays until both sides are done; {@code programIn} holds what the proxy read ahead. */
    void relay(InputStream programIn, Duplex program) {
        relay.run(programIn, program, duplex, egress.threads());
    }

    /** Relays the destination's answer to the request the proxy sent whole (see {@link Relay#answerOnly}). */
    void relayAnswer(Duplex program) {
        relay.answerOnly(program, duplex);
    }

    /** Ends the connection because a new policy denies it: the program's end too, at once. */
    void cut(String rule) {
        closedBy = rule;
        abortProgram.run();
        duplex.close();
    }

    @Override
    public void close() {
        duplex.close();
        egress.closed(this, early.get() + relay.sent(), relay.received(), closedBy);
    }
}
