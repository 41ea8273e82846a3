package dev.shellbox.supervisor;

import java.io.Closeable;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * One connection to a supervisor, greeted. Frames are sent whole under a lock, so that several threads (a stdin pump,
 * the readers that return credit) can share it; one thread receives.
 */
final class Connection implements Closeable {
    private final SocketChannel channel;
    private final DataInputStream in;
    private final Object writeLock = new Object();

    private Connection(SocketChannel channel) {
        this.channel = channel;
        // not Channels.newInputStream: it holds the channel's blocking lock while it reads, which would stop writes
        this.in = Frames.In.stream(new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return channel.read(ByteBuffer.wrap(b, off, len));
            }
        });
    }

    /** Connects and says {@code HELLO}; fails when the supervisor is not there or refuses the secret. */
    static Connection open(SocketAddress address, byte[] secret, Hello[] greeting) throws IOException {
        SocketChannel channel = SocketChannel.open(address);
        Connection c = new Connection(channel);
        try {
            c.send(new Frames.Out(Frames.HELLO)
                    .u32(Frames.VERSION)
                    .bytesField(secret)
                    .bytes());
            Frames.In answer = c.receive();
            if (answer.type != Frames.HELLO_OK) {
                throw answer.unexpected("HELLO_OK");
            }
            Hello hello = new Hello((int) answer.u32(), answer.i32(), answer.u64(), answer.u64());
            if (greeting != null) {
                greeting[0] = hello;
            }
            return c;
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    void send(byte[] frame) throws IOException {
        synchronized (writeLock) {
            ByteBuffer b = ByteBuffer.wrap(frame);
            while (b.hasRemaining()) {
                channel.write(b);
            }
        }
    }

    /** Sends a frame of {@code type} whose payload is {@code len} bytes of {@code data}, without copying them. */
    void sendData(int type, byte[] data, int off, int len) throws IOException {
        ByteBuffer header =
                ByteBuffer.allocate(5).putInt(len + 1).put((byte) type).flip();
        ByteBuffer[] frame = {header, ByteBuffer.wrap(data, off, len)};
        synchronized (writeLock) {
            while (frame[1].hasRemaining()) {
                channel.write(frame);
            }
        }
    }

    /**
     * What the supervisor sends, as it arrives; after a relay's {@code OK} these are the relayed bytes (read through
     * the same buffer the frames were, so none that came with the {@code OK} are lost).
     */
    InputStream input() {
        return in;
    }

    /** Raw bytes, for a relay. */
    void write(byte[] b, int off, int len) throws IOException {
        synchronized (writeLock) {
            ByteBuffer buffer = ByteBuffer.wrap(b, off, len);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        }
    }

    /** Half closes: the supervisor reads the end of what we send, and may go on sending. */
    void shutdownOutput() throws IOException {
        synchronized (writeLock) {
            channel.shutdownOutput();
        }
    }

    /** The next frame; fails when the supervisor closed the connection. */
    Frames.In receive() throws IOException {
        Frames.In f = Frames.In.read(in);
        if (f == null) {
            throw new SupervisorException(0, "the supervisor closed the connection");
        }
        return f;
    }

    /** The next frame, or null when the supervisor closed the connection. */
    Frames.In receiveOrEnd() throws IOException {
        return Frames.In.read(in);
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing left to release
        }
    }
}
