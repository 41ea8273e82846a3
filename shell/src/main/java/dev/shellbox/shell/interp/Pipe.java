package dev.shellbox.shell.interp;

import dev.shellbox.shell.io.BrokenPipeException;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.EndAware;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * An in-memory pipe with a bounded buffer: the writer blocks when it is full, the reader when it is empty. When the
 * reader closes, writes fail with {@link BrokenPipeException} (SIGPIPE); when the writer closes, reads see end of
 * file. Cancellation wakes both sides.
 */
final class Pipe {
    private static final int CAPACITY = 64 * 1024;

    private final byte[] buf = new byte[CAPACITY];
    private final Cancellation cancellation;
    private int head;
    private int count;
    private boolean writerClosed;
    private boolean readerClosed;
    private final Runnable unregister;

    final InputStream reader = new Reader();
    final OutputStream writer = new Writer();

    Pipe(Cancellation cancellation) {
        this.cancellation = cancellation;
        this.unregister = cancellation.onCancel(() -> {
            synchronized (this) {
                notifyAll();
            }
        });
    }

    /** No data, and it says so: what reading {@code /dev/null} gives. */
    static final class Empty extends InputStream implements EndAware {
        @Override
        public int read() {
            return -1;
        }

        @Override
        public boolean atEnd() {
            return true;
        }
    }

    private final class Reader extends InputStream implements EndAware {
        @Override
        public boolean atEnd() {
            synchronized (Pipe.this) {
                return count == 0 && (writerClosed || readerClosed);
            }
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n <= 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            synchronized (Pipe.this) {
                while (count == 0) {
                    if (writerClosed || readerClosed) {
                        return -1;
                    }
                    cancellation.check();
                    waitQuietly();
                }
                int n = Math.min(len, count);
                int first = Math.min(n, CAPACITY - head);
                System.arraycopy(buf, head, b, off, first);
                if (n > first) {
                    System.arraycopy(buf, 0, b, off + first, n - first);
                }
                head = (head + n) % CAPACITY;
                count -= n;
                Pipe.this.notifyAll();
                return n;
            }
        }

        @Override
        public int available() {
            synchronized (Pipe.this) {
                return count;
            }
        }

        @Override
        public void close() {
            synchronized (Pipe.this) {
                readerClosed = true;
                count = 0;
                Pipe.this.notifyAll();
            }
            maybeUnregister();
        }
    }

    private final class Writer extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            synchronized (Pipe.this) {
                while (len > 0) {
                    if (readerClosed) {
                        throw new BrokenPipeException();
                    }
                    if (writerClosed) {
                        throw new IOException("Bad file descriptor");
                    }
                    cancellation.check();
                    if (count == CAPACITY) {
                        waitQuietly();
                        continue;
                    }
                    int tail = (head + count) % CAPACITY;
                    int n = Math.min(len, CAPACITY - count);
                    n = Math.min(n, CAPACITY - tail);
                    System.arraycopy(b, off, buf, tail, n);
                    count += n;
                    off += n;
                    len -= n;
                    Pipe.this.notifyAll();
                }
            }
        }

        @Override
        public void close() {
            synchronized (Pipe.this) {
                writerClosed = true;
                Pipe.this.notifyAll();
            }
            maybeUnregister();
        }
    }

    private void waitQuietly() {
        try {
            wait();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new dev.shellbox.shell.io.CancelledException("interrupted");
        }
    }

    private void maybeUnregister() {
        boolean done;
        synchronized (this) {
            done = writerClosed && readerClosed;
        }
        if (done) {
            unregister.run();
        }
    }
}
