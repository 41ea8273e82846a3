package dev.shellbox.shell.commands.net;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;

/** A response being received: its head, and its body framed and counted. Closing it closes the connection. */
final class HttpExchange implements AutoCloseable {
    private final ResponseHead head;
    private final Counting body;
    private final Socket socket;
    private final Runnable onClose;

    HttpExchange(ResponseHead head, InputStream body, Socket socket, Runnable onClose) {
        this.head = head;
        this.body = new Counting(body);
        this.socket = socket;
        this.onClose = onClose;
    }

    ResponseHead head() {
        return head;
    }

    /** The body after transfer decoding (chunks), before content decoding (gzip). */
    InputStream body() {
        return body;
    }

    /** Body bytes read so far. */
    long bytesReceived() {
        return body.count;
    }

    @Override
    public void close() {
        onClose.run();
        try {
            socket.close();
        } catch (IOException e) {
            // closing only releases the connection
        }
    }

    private static final class Counting extends FilterInputStream {
        long count;

        Counting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int c = in.read();
            if (c >= 0) {
                count++;
            }
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }
}
