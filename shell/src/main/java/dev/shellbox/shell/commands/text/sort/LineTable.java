package dev.shellbox.shell.commands.text.sort;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The lines to sort, held in one byte array with start and end offsets per line (the delimiter excluded), so that
 * sorting moves only int indices and comparisons read the bytes in place.
 */
final class LineTable {
    /** The input does not fit in one Java array. */
    static final class TooLargeException extends Exception {
        TooLargeException() {
            super("memory exhausted", null, false, false);
        }
    }

    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    byte[] data = new byte[1 << 16];
    int size;
    int count;
    int[] starts = new int[1024];
    int[] ends = new int[1024];

    /** Reads {@code in} to its end, adding one line per delimiter and one for a final unterminated line. */
    void read(InputStream in, byte delimiter, Runnable tick) throws IOException, TooLargeException {
        int lineStart = size;
        while (true) {
            tick.run();
            if (size == data.length) {
                grow(size + 1);
            }
            int n = in.read(data, size, data.length - size);
            if (n < 0) {
                break;
            }
            int end = size + n;
            byte[] d = data;
            for (int i = size; i < end; i++) {
                if (d[i] == delimiter) {
                    addLine(lineStart, i);
                    lineStart = i + 1;
                }
            }
            size = end;
        }
        if (lineStart < size) {
            addLine(lineStart, size);
        }
    }

    /** Appends a copy of {@code len} bytes as one line. */
    void add(byte[] src, int off, int len) throws TooLargeException {
        if (size + (long) len > data.length) {
            grow(size + (long) len);
        }
        System.arraycopy(src, off, data, size, len);
        addLine(size, size + len);
        size += len;
    }

    void clear() {
        size = 0;
        count = 0;
    }

    private void addLine(int start, int end) {
        if (count == starts.length) {
            int capacity = starts.length * 2;
            starts = Arrays.copyOf(starts, capacity);
            ends = Arrays.copyOf(ends, capacity);
        }
        starts[count] = start;
        ends[count] = end;
        count++;
    }

    private void grow(long needed) throws TooLargeException {
        if (needed > MAX_ARRAY) {
            throw new TooLargeException();
        }
        long capacity = Math.max(needed, Math.min(MAX_ARRAY, (long) data.length * 2));
        data = Arrays.copyOf(data, (int) capacity);
    }
}
