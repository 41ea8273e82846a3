package dev.shellbox.supervisor;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * A running program's channel: its stdin, stdout and stderr as streams, and its end. Output arrives as the reader
 * returns credit (a slow reader slows the program, as a pipe would); closing an output stream tells the supervisor
 * that nobody reads it, so the program's next write gets {@code EPIPE}. One thread per program receives its frames.
 */
public final class Program implements Closeable {
    private final long id;
    private final int pid;
    private final Connection connection;
    private final Received stdout;
    private final Received stderr;
    private final Stdin stdin;
    private final CompletableFuture<Exit> exit = new CompletableFuture<>();

    Program(long id, int pid, int stdinWindow, int outputWindow, Connection connection) {
        this.id = id;
        this.pid = pid;
        this.connection = connection;
        this.stdout = new Received(1, outputWindow);
        this.stderr = new Received(2, outputWindow);
        this.stdin = new Stdin(stdinWindow);
        Thread reader = new Thread(this::receive, "supervisor-program-" + id);
        reader.setDaemon(true);
        reader.start();
    }

    /** The supervisor's id of the program, for {@link Supervisor#signal} and the logs. */
    public long id() {
        return id;
    }

    /** Its process id inside the sandbox. */
    public int pid() {
        return pid;
    }

    public OutputStream stdin() {
        return stdin;
    }

    public InputStream stdout() {
        return stdout;
    }

    public InputStream stderr() {
        return stderr;
    }

    /** Whether the program may still run: it has not ended, and its channel is still there to say so. */
    public boolean isAlive() {
        return !exit.isDone();
    }

    /** Waits for the program to end; fails when the connection to the supervisor was lost first. */
    public Exit waitFor() throws IOException, InterruptedException {
        try {
            return exit.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
    }

    /**
     * Lets go of the channel. A program still running goes on; what it writes from now on goes to its log, and its
     * stdin sees end of file.
     */
    @Override
    public void close() {
        connection.close();
    }

    private void receive() {
        IOException failure = null;
        try {
            for (Frames.In f; (f = connection.receiveOrEnd()) != null; ) {
                switch (f.type) {
                    case Frames.OUTPUT -> {
                        int stream = f.u8();
                        (stream == 2 ? stderr : stdout).add(f.restView());
                    }
                    case Frames.OUTPUT_END -> (f.u8() == 2 ? stderr : stdout).end(null);
                    case Frames.STDIN_CREDIT -> stdin.grant((int) f.u32());
                    case Frames.EXITED -> {
                        f.u64();
                        exit.complete(new Exit(f.i32(), f.i32(), f.u64()));
                    }
                    default -> throw f.unexpected("output or the program's end");
                }
            }
        } catch (IOException e) {
            failure = e;
        }
        if (failure == null && !exit.isDone()) {
            failure = new SupervisorException(0, "the supervisor closed program " + id + "'s channel before it ended");
        }
        IOException lost = failure != null ? failure : new SupervisorException(0, "program " + id + " ended");
        stdout.end(failure);
        stderr.end(failure);
        stdin.fail(lost);
        exit.completeExceptionally(lost);
        connection.close();
    }

    /** Output received and not yet read; its reads give the supervisor credit for more. */
    private final class Received extends InputStream {
        private final int stream;
        private final int window;
        private final ArrayDeque<ByteBuffer> chunks = new ArrayDeque<>();
        private int unreturnedCredit;
        private boolean ended;
        private boolean dropped;
        private IOException failure;

        Received(int stream, int window) {
            this.stream = stream;
            this.window = window;
        }

        synchronized void add(ByteBuffer chunk) {
            if (!dropped && chunk.hasRemaining()) {
                chunks.add(chunk);
                notifyAll();
            }
        }

        synchronized void end(IOException cause) {
            if (!ended) {
                ended = true;
                failure = cause;
                notifyAll();
            }
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            int n;
            boolean giveCredit;
            synchronized (this) {
                while (chunks.isEmpty() && !ended && !dropped) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new InterruptedIOException();
                    }
                }
                if (chunks.isEmpty()) {
                    if (failure != null && !dropped) {
                        throw failure;
                    }
                    return -1;
                }
                ByteBuffer head = chunks.peek();
                n = Math.min(len, head.remaining());
                head.get(b, off, n);
                if (!head.hasRemaining()) {
                    chunks.poll();
                }
                unreturnedCredit += n;
                // credit goes back in batches of a quarter window: the supervisor, holding the other three quarters,
                // never waits for it while the reader keeps reading
                giveCredit = unreturnedCredit >= window / 4;
            }
            if (giveCredit) {
                returnCredit();
            }
            return n;
        }

        private void returnCredit() throws IOException {
            int credit;
            synchronized (this) {
                credit = unreturnedCredit;
                unreturnedCredit = 0;
                if (credit == 0 || ended) {
                    return;
                }
            }
            try {
                connection.send(
                        new Frames.Out(Frames.CREDIT).u8(stream).u32(credit).bytes());
            } catch (IOException e) {
                // the channel is gone; the reader thread ends the stream
            }
        }

        @Override
        public synchronized int available() {
            int n = 0;
            for (ByteBuffer c : chunks) {
                n += c.remaining();
            }
            return n;
        }

        /** Nobody reads this output any more: the program's next write to it fails. */
        @Override
        public void close() {
            synchronized (this) {
                if (dropped) {
                    return;
                }
                dropped = true;
                chunks.clear();
                notifyAll();
                if (ended) {
                    return;
                }
            }
            try {
                connection.send(new Frames.Out(Frames.DROP_OUTPUT).u8(stream).bytes());
            } catch (IOException e) {
                // the channel is gone, and the program's output with it
            }
        }
    }

    /** The program's stdin: writes wait for the window the supervisor grants as the program reads. */
    private final class Stdin extends OutputStream {
        private static final int MAX_CHUNK = 65_536;
        private int credit;
        private boolean closed;
        private IOException failure;

        Stdin(int window) {
            this.credit = window;
        }

        synchronized void grant(int bytes) {
            credit += bytes;
            notifyAll();
        }

        synchronized void fail(IOException cause) {
            if (failure == null) {
                failure = cause;
            }
            notifyAll();
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            while (len > 0) {
                int n;
                synchronized (this) {
                    while (credit == 0 && failure == null && !closed) {
                        try {
                            wait();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new InterruptedIOException();
                        }
                    }
                    if (closed) {
                        throw new IOException("Stream closed");
                    }
                    if (failure != null) {
                        throw new IOException("Broken pipe", failure);
                    }
                    n = Math.min(Math.min(len, credit), MAX_CHUNK);
                    credit -= n;
                }
                connection.sendData(Frames.STDIN, b, off, n);
                off += n;
                len -= n;
            }
        }

        @Override
        public void close() throws IOException {
            synchronized (this) {
                if (closed) {
                    return;
                }
                closed = true;
                notifyAll();
                if (failure != null) {
                    return;
                }
            }
            try {
                connection.send(new Frames.Out(Frames.STDIN_CLOSE).bytes());
            } catch (IOException e) {
                // the program ended: its stdin is closed already
            }
        }
    }
}
