package dev.shellbox.supervisor;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * A connection relayed to a program's egress connection ({@code EGRESS_ATTACH}): what {@link #in()} gives is what the
 * program sent, what {@link #out()} takes goes to the program. Both ends may be half closed: {@link #shutdownOutput()}
 * gives the program end of file, and {@link #in()} ends when the program shut down its sending side. Reading and
 * writing may happen on different threads.
 */
public final class EgressStream implements AutoCloseable {
    private final Connection connection;
    private final OutputStream out;

    EgressStream(Connection connection) {
        this.connection = connection;
        this.out = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                connection.write(b, off, len);
            }

            /** Closing the output half closes the relay, so the program sees end of file. */
            @Override
            public void close() throws IOException {
                shutdownOutput();
            }
        };
    }

    /** What the program sends; ends when it shut down its sending side (or closed). */
    public InputStream in() {
        return connection.input();
    }

    /** To the program; closing it is {@link #shutdownOutput()}. */
    public OutputStream out() {
        return out;
    }

    /** The program reads end of file once what was written reached it; reading {@link #in()} goes on. */
    public void shutdownOutput() throws IOException {
        connection.shutdownOutput();
    }

    /** Ends the relay in both directions. */
    @Override
    public void close() {
        connection.close();
    }
}
