package dev.shellbox.sandbox.egress;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;

/** A two-way byte stream with a half close: a program's relayed connection, or the proxy's to a destination. */
interface Duplex extends AutoCloseable {
    InputStream in() throws IOException;

    OutputStream out() throws IOException;

    /** No more bytes in this direction; the other stays open. */
    void shutdownOutput() throws IOException;

    @Override
    void close();

    /** What ends one direction of a stream. */
    interface HalfClose {
        void shutdownOutput() throws IOException;
    }

    /** A duplex of these parts. */
    static Duplex of(InputStream in, OutputStream out, HalfClose halfClose, Runnable close) {
        return new Duplex() {
            @Override
            public InputStream in() {
                return in;
            }

            @Override
            public OutputStream out() {
                return out;
            }

            @Override
            public void shutdownOutput() throws IOException {
                halfClose.shutdownOutput();
            }

            @Override
            public void close() {
                close.run();
            }
        };
    }

    static Duplex of(Socket socket) throws IOException {
        return of(socket.getInputStream(), socket.getOutputStream(), socket::shutdownOutput, () -> {
            try {
                socket.close();
            } catch (IOException e) {
                // closing: nothing is left to lose
            }
        });
    }
}
