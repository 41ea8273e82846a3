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

    static Duplex of(Socket socket) {
        return new Duplex() {
            @Override
            public InputStream in() throws IOException {
                return socket.getInputStream();
            }

            @Override
            public OutputStream out() throws IOException {
                return socket.getOutputStream();
            }

            @Override
            public void shutdownOutput() throws IOException {
                socket.shutdownOutput();
            }

            @Override
            public void close() {
                try {
                    socket.close();
                } catch (IOException e) {
                    // closing: nothing is left to lose
                }
            }
        };
    }
}
