package dev.shellbox.sandbox.runtime;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Collects an exec's stdout and stderr up to the plan's output limit (both together), and hands every chunk to a
 * listener as it is written (the SSE stream). What goes beyond the limit is counted, not kept: the exec is marked
 * truncated.
 */
public final class OutputCapture {
    /** Receives chunks as the script writes them. */
    @FunctionalInterface
    public interface Listener {
        void chunk(String stream, byte[] bytes);
    }

    private final long limit;
    private final Listener listener;
    private long total;
    private boolean truncated;
    private final Channel stdout = new Channel("stdout");
    private final Channel stderr = new Channel("stderr");

    public OutputCapture(long limit, Listener listener) {
        this.limit = limit;
        this.listener = listener;
    }

    public OutputStream stdout() {
        return stdout;
    }

    public OutputStream stderr() {
        return stderr;
    }

    public synchronized byte[] stdoutBytes() {
        return stdout.kept.toByteArray();
    }

    public synchronized byte[] stderrBytes() {
        return stderr.kept.toByteArray();
    }

    public synchronized boolean truncated() {
        return truncated;
    }

    /** Every byte the script wrote, kept or not. */
    public synchronized long totalBytes() {
        return total;
    }

    private final class Channel extends OutputStream {
        final String name;
        final ByteArrayOutputStream kept = new ByteArrayOutputStream();

        Channel(String name) {
            this.name = name;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            int keep;
            synchronized (OutputCapture.this) {
                keep = (int) Math.max(0, Math.min(len, limit - total));
                kept.write(b, off, keep);
                total += len;
                if (keep < len) {
                    truncated = true;
                }
            }
            if (listener != null && keep > 0) {
                listener.chunk(name, Arrays.copyOfRange(b, off, off + keep));
            }
        }
    }
}
