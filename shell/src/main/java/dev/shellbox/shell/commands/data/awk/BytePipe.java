package dev.shellbox.shell.commands.data.awk;

import dev.shellbox.shell.io.BrokenPipeException;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.CancelledException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * A bounded in-memory pipe between awk and a command it runs ({@code print | cmd}, {@code cmd | getline}): writes
 * block while full, reads block while empty, a write after the reader closed is a broken pipe, and both ends wake up
 * when the execution is cancelled.
 */
final class BytePipe {
    private final byte[] ring = new byte[65536];
    private final Cancellation cancellation;
    private int head;
    private int count;
    private boolean writerClosed;
    private boolean readerClosed;

    BytePipe(Cancellation cancellation) {
        this.cancellation = cancellation;
    }

    /** Waits for the other end, polling for cancellation. */
    private synchronized void await() {
        cancellation.check();
        try {
            wait(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException("interrupted");
        }
        cancellation.check();
    }

    final InputStream input = new InputStream() {
        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            synchronized (BytePipe.this) {
                while (count == 0) {
                    if (writerClosed || readerClosed) {
                        return -1;
                    }
                    await();
                }
                int n = Math.min(len, count);
                for (int i = 0; i < n; i++) {
                    b[off + i] = ring[(head + i) % ring.length];
                }
                head = (head + n) % ring.length;
                count -= n;
                BytePipe.this.notifyAll();
                return n;
            }
        }

        @Override
        public void close() {
            synchronized (BytePipe.this) {
                readerClosed = true;
                BytePipe.this.notifyAll();
            }
        }
    };

    final OutputStream output = new OutputStream() {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            synchronized (BytePipe.this) {
                while (len > 0) {
                    if (readerClosed) {
                        throw new BrokenPipeException();
                    }
                    if (count == ring.length) {
                        await();
                        continue;
                    }
                    int n = Math.min(len, ring.length - count);
                    for (int i = 0; i < n; i++) {
                        ring[(head + count + i) % ring.length] = b[off + i];
                    }
                    count += n;
                    off += n;
                    len -= n;
                    BytePipe.this.notifyAll();
                }
            }
        }

        @Override
        public void close() {
            synchronized (BytePipe.this) {
                writerClosed = true;
                BytePipe.this.notifyAll();
            }
        }
    };
}
