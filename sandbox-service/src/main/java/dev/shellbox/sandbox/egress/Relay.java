package dev.shellbox.sandbox.egress;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Copies bytes both ways between a program and its destination until both directions ended, passing each end of
 * stream on as a half close; the counts say what the program sent and received.
 */
final class Relay {
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong received = new AtomicLong();

    long sent() {
        return sent.get();
    }

    long received() {
        return received.get();
    }

    /**
     * Runs until both directions ended or either failed; {@code programIn} may hold bytes the proxy already read from
     * the program (a buffered stream), which go first.
     */
    void run(InputStream programIn, Duplex program, Duplex destination, ExecutorService threads) {
        Future<?> up = threads.submit(() -> copy(programIn, destination, sent));
        try {
            copy(destination.in(), program, received);
            up.get();
        } catch (Exception e) {
            // one side failed or ended abruptly: both close below
        } finally {
            up.cancel(true);
            destination.close();
            program.close();
        }
    }

    /**
     * Only the destination's answer, to its end, then the end passed on: for one request already sent whole. The
     * destination's side is not half-closed first, because over TLS that is a close_notify, which servers take for
     * the end of the connection before they answered.
     */
    void answerOnly(Duplex program, Duplex destination) {
        try {
            copy(destination.in(), program, received);
        } catch (Exception e) {
            // one side failed or ended abruptly: both close below
        } finally {
            destination.close();
            program.close();
        }
    }

    private static Void copy(InputStream from, Duplex to, AtomicLong count) throws IOException {
        byte[] buffer = new byte[32 * 1024];
        OutputStream out = to.out();
        int n;
        try {
            while ((n = from.read(buffer)) > 0) {
                out.write(buffer, 0, n);
                out.flush();
                count.addAndGet(n);
            }
            to.shutdownOutput();
        } catch (IOException e) {
            // the other direction notices when the sockets close
            to.close();
            throw e;
        }
        return null;
    }
}
