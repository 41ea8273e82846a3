package dev.shellbox.shell.commands.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayDeque;

/**
 * Holds the end of a stream while it is read, keeping only the chunks that may still belong to its last {@code N}
 * lines or bytes: {@code tail -n N} prints what is left at the end, {@code head -n -N} prints what falls out of the
 * window as it goes. Memory stays proportional to the window, not to the input.
 */
public final class TrailingWindow {
    private static final int CHUNK = 1 << 16;

    private record Chunk(byte[] data, int length, long delimiters) {}

    private final boolean lines;
    private final long count;
    private final byte delimiter;
    private final ArrayDeque<Chunk> chunks = new ArrayDeque<>();
    private long bytes;
    private long delimiters;

    /**
     * @param lines whether {@code count} counts lines (else bytes)
     * @param count how many lines or bytes the window keeps
     */
    public TrailingWindow(boolean lines, long count, byte delimiter) {
        this.lines = lines;
        this.count = count;
        this.delimiter = delimiter;
    }

    /**
     * Reads {@code in} to its end; whatever falls out of the window goes to {@code evicted} (null to discard it).
     * Calls {@code tick} between reads so callers can check for cancellation.
     */
    public void fill(InputStream in, OutputStream evicted, Runnable tick) throws IOException {
        while (true) {
            tick.run();
            byte[] data = new byte[CHUNK];
            int n = in.read(data, 0, data.length);
            if (n < 0) {
                return;
            }
            if (n == 0) {
                continue;
            }
            if (n < CHUNK / 4) {
                data = java.util.Arrays.copyOf(data, n);
            }
            long found = lines ? countDelimiters(data, n) : 0;
            chunks.addLast(new Chunk(data, n, found));
            bytes += n;
            delimiters += found;
            while (chunks.size() > 1 && outsideWindow(chunks.peekFirst())) {
                Chunk first = chunks.removeFirst();
                bytes -= first.length;
                delimiters -= first.delimiters;
                if (evicted != null) {
                    evicted.write(first.data, 0, first.length);
                }
            }
        }
    }

    /** Whether every byte of {@code first} lies before the window, whatever input is still to come. */
    private boolean outsideWindow(Chunk first) {
        if (lines) {
            // The first delimiter after the chunk may end a line that began in it.
            return delimiters - first.delimiters >= count + 1;
        }
        return bytes - first.length >= count;
    }

    /** Writes the window: the last {@code count} lines or bytes of the input. */
    public void writeWindow(OutputStream out) throws IOException {
        write(out, windowStart(), bytes);
    }

    /** Writes what precedes the window: everything but the last {@code count} lines or bytes. */
    public void writeBeforeWindow(OutputStream out) throws IOException {
        write(out, 0, windowStart());
    }

    /** The offset, within the chunks held, where the window starts. */
    private long windowStart() {
        if (!lines) {
            return Math.max(0, bytes - count);
        }
        if (count == 0) {
            return bytes;
        }
        long wanted = count;
        long offset = bytes;
        boolean skipFinal = true;
        var it = chunks.descendingIterator();
        while (it.hasNext()) {
            Chunk c = it.next();
            offset -= c.length;
            for (int i = c.length - 1; i >= 0; i--) {
                if (c.data[i] != delimiter) {
                    skipFinal = false;
                    continue;
                }
                if (skipFinal) {
                    // The delimiter that ends the last line does not start a line.
                    skipFinal = false;
                    continue;
                }
                if (--wanted == 0) {
                    return offset + i + 1;
                }
            }
        }
        return 0;
    }

    private void write(OutputStream out, long from, long to) throws IOException {
        long offset = 0;
        for (Chunk c : chunks) {
            long start = Math.max(from, offset);
            long end = Math.min(to, offset + c.length);
            if (start < end) {
                out.write(c.data, (int) (start - offset), (int) (end - start));
            }
            offset += c.length;
        }
    }

    private int countDelimiters(byte[] data, int n) {
        int found = 0;
        byte d = delimiter;
        for (int i = 0; i < n; i++) {
            if (data[i] == d) {
                found++;
            }
        }
        return found;
    }
}
