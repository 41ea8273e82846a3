package dev.shellbox.egress.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * Drives an SSLEngine over blocking streams. One thread may read while another writes: reading holds the read lock,
 * writing the write lock, and the reader takes the write lock too when the engine must answer the peer (a TLS 1.3
 * KeyUpdate, a close_notify in TLS 1.2), so records go out in the order the engine made them. The write lock is
 * never held while waiting for the read lock.
 */
final class EngineIo {
    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);

    private final SSLEngine engine;
    private final InputStream netIn;
    private final OutputStream netOut;
    private final TlsStreams.HalfClose shutdownOutput;
    private final Object readLock = new Object();
    private final Object writeLock = new Object();

    /** Ciphertext from the peer not yet unwrapped, in write mode (filled from position). Guarded by readLock. */
    private ByteBuffer inbound;
    /** Plaintext unwrapped and not yet read, in read mode. Guarded by readLock. */
    private ByteBuffer plaintext;
    /** Ciphertext for the peer, reused for each wrap. Guarded by writeLock. */
    private ByteBuffer outbound;

    private volatile boolean handshakeDone;
    private boolean outputClosed; // guarded by writeLock

    EngineIo(SSLEngine engine, byte[] alreadyRead, InputStream in, OutputStream out, TlsStreams.HalfClose shutdown) {
        this.engine = engine;
        this.netIn = in;
        this.netOut = out;
        this.shutdownOutput = shutdown;
        int packet = engine.getSession().getPacketBufferSize();
        this.inbound = ByteBuffer.allocate(Math.max(packet, alreadyRead.length));
        this.inbound.put(alreadyRead);
        this.plaintext = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize())
                .flip();
        this.outbound = ByteBuffer.allocate(packet);
    }

    /** Runs the handshake to its end; on failure the alert is sent, if the peer is still there to get it. */
    void handshake() throws IOException {
        try {
            engine.beginHandshake();
            HandshakeStatus status = engine.getHandshakeStatus();
            while (status != HandshakeStatus.NOT_HANDSHAKING && status != HandshakeStatus.FINISHED) {
                switch (status) {
                    case NEED_WRAP:
                        synchronized (writeLock) {
                            wrap(NOTHING);
                            netOut.flush();
                        }
                        break;
                    case NEED_UNWRAP:
                    case NEED_UNWRAP_AGAIN:
                        synchronized (readLock) {
                            if (unwrap().getStatus() == Status.CLOSED) {
                                throw new SSLHandshakeException("the peer closed the connection during the handshake");
                            }
                        }
                        break;
                    case NEED_TASK:
                        runTasks();
                        break;
                    default:
                        throw new IllegalStateException("handshake status " + status);
                }
                status = engine.getHandshakeStatus();
            }
            handshakeDone = true;
        } catch (SSLException e) {
            sendPendingAlert();
            throw e;
        }
    }

    int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        synchronized (readLock) {
            while (!plaintext.hasRemaining()) {
                if (engine.isInboundDone()) {
                    return -1;
                }
                SSLEngineResult result = unwrap();
                if (result.getStatus() == Status.CLOSED && !plaintext.hasRemaining()) {
                    return -1; // close_notify: a clean end
                }
            }
            int n = Math.min(len, plaintext.remaining());
            plaintext.get(b, off, n);
            return n;
        }
    }

    int available() {
        synchronized (readLock) {
            return plaintext.remaining();
        }
    }

    void write(byte[] b, int off, int len) throws IOException {
        synchronized (writeLock) {
            if (outputClosed) {
                throw new IOException("the TLS output is closed");
            }
            ByteBuffer src = ByteBuffer.wrap(b, off, len);
            while (src.hasRemaining()) {
                SSLEngineResult result = wrap(src);
                if (result.getStatus() == Status.CLOSED) {
                    throw new SSLException("the TLS connection is closed for writing");
                }
                if (result.bytesConsumed() == 0 && result.bytesProduced() == 0) {
                    // only a new handshake stops the engine from taking data, and renegotiation is refused
                    throw new SSLException("the TLS engine takes no data (" + result.getHandshakeStatus() + ")");
                }
            }
        }
    }

    void flush() throws IOException {
        synchronized (writeLock) {
            netOut.flush();
        }
    }

    /** Sends close_notify (unless the engine sent it already) and shuts the output down; once. */
    void closeOutput() throws IOException {
        synchronized (writeLock) {
            if (outputClosed) {
                return;
            }
            outputClosed = true;
            try {
                engine.closeOutbound();
                while (!engine.isOutboundDone()) {
                    if (wrap(NOTHING).bytesProduced() == 0) {
                        break;
                    }
                }
                netOut.flush();
            } finally {
                shutdownOutput.shutdownOutput();
            }
        }
    }

    /** One unwrap that made progress or ended; reads from the stream as needed. Holds readLock. */
    private SSLEngineResult unwrap() throws IOException {
        while (true) {
            inbound.flip();
            plaintext.compact();
            SSLEngineResult result;
            try {
                result = engine.unwrap(inbound, plaintext);
            } finally {
                inbound.compact();
                plaintext.flip();
            }
            switch (result.getStatus()) {
                case BUFFER_OVERFLOW:
                    plaintext = grow(plaintext, engine.getSession().getApplicationBufferSize());
                    break;
                case BUFFER_UNDERFLOW:
                    if (!inbound.hasRemaining()) {
                        inbound = growForWriting(inbound, engine.getSession().getPacketBufferSize());
                    }
                    fill();
                    break;
                default:
                    if (handshakeDone) {
                        answerPostHandshake(result);
                    }
                    return result;
            }
        }
    }

    private void fill() throws IOException {
        int n = netIn.read(inbound.array(), inbound.arrayOffset() + inbound.position(), inbound.remaining());
        if (n < 0) {
            // without close_notify the end of the stream could be an attacker's truncation: not a clean end
            throw handshakeDone
                    ? new SSLException("the peer closed the connection without close_notify")
                    : new SSLHandshakeException("the peer closed the connection during the handshake");
        }
        inbound.position(inbound.position() + n);
    }

    /**
     * After the handshake the peer can still make the engine answer: a KeyUpdate (TLS 1.3) or close_notify (TLS 1.2
     * answers it). A new handshake is refused: renegotiation is a TLS 1.2 feature no HTTP client here needs.
     */
    private void answerPostHandshake(SSLEngineResult result) throws IOException {
        HandshakeStatus status = result.getHandshakeStatus();
        if (status == HandshakeStatus.NEED_TASK) {
            runTasks();
            status = engine.getHandshakeStatus();
        }
        if (status == HandshakeStatus.NOT_HANDSHAKING || status == HandshakeStatus.FINISHED) {
            return;
        }
        // in TLS 1.2 only a new handshake moves an engine whose both directions are open (once our side is closed,
        // the engine reports NEED_UNWRAP while it waits for the peer's close_notify)
        if (!engine.isInboundDone()
                && !engine.isOutboundDone()
                && "TLSv1.2".equals(engine.getSession().getProtocol())) {
            engine.closeOutbound();
            sendPendingAlert();
            throw new SSLException("the peer started a renegotiation, which is refused");
        }
        if (status == HandshakeStatus.NEED_WRAP) {
            synchronized (writeLock) {
                while (engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
                    if (wrap(NOTHING).bytesProduced() == 0) {
                        break;
                    }
                }
                netOut.flush();
            }
        }
    }

    /** One wrap, its records written to the stream (not flushed). Holds writeLock. */
    private SSLEngineResult wrap(ByteBuffer src) throws IOException {
        while (true) {
            outbound.clear();
            SSLEngineResult result = engine.wrap(src, outbound);
            if (result.getStatus() == Status.BUFFER_OVERFLOW) {
                int packet = engine.getSession().getPacketBufferSize();
                outbound = ByteBuffer.allocate(Math.max(packet, outbound.capacity() * 2));
                continue;
            }
            outbound.flip();
            if (outbound.hasRemaining()) {
                netOut.write(outbound.array(), outbound.arrayOffset(), outbound.remaining());
            }
            if (result.getHandshakeStatus() == HandshakeStatus.NEED_TASK) {
                runTasks();
            }
            return result;
        }
    }

    private void sendPendingAlert() {
        try {
            synchronized (writeLock) {
                for (int i = 0; i < 4 && !engine.isOutboundDone(); i++) {
                    if (wrap(NOTHING).bytesProduced() == 0) {
                        break;
                    }
                }
                netOut.flush();
            }
        } catch (IOException | RuntimeException e) {
            // the peer is gone or the engine is broken: the caller reports the first failure
        }
    }

    private void runTasks() {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null) {
            task.run();
        }
    }

    /** A read-mode buffer with room for {@code more} bytes after what it holds. */
    private static ByteBuffer grow(ByteBuffer readMode, int more) {
        ByteBuffer bigger = ByteBuffer.allocate(Math.max(readMode.remaining() + more, readMode.capacity() * 2));
        bigger.put(readMode).flip();
        return bigger;
    }

    /** A write-mode buffer holding the same bytes, with room for a whole record. */
    private static ByteBuffer growForWriting(ByteBuffer writeMode, int packet) {
        ByteBuffer bigger = ByteBuffer.allocate(Math.max(packet, writeMode.capacity() * 2));
        writeMode.flip();
        bigger.put(writeMode);
        return bigger;
    }
}
