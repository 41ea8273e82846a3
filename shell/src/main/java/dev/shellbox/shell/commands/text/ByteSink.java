package dev.shellbox.shell.commands.text;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * An unsynchronized output buffer over a command's stdout with helpers for the numbers and ASCII text that text
 * tools print, so hot loops never go through String.format. {@link #close()} only flushes: the stream underneath
 * belongs to the caller.
 */
public final class ByteSink extends OutputStream {
    private final OutputStream out;
    private final byte[] buffer;
    private int count;

    public ByteSink(OutputStream out) {
        this(out, 1 << 16);
    }

    public ByteSink(OutputStream out, int size) {
        this.out = out;
        this.buffer = new byte[size];
    }

    @Override
    public void write(int b) throws IOException {
        if (count == buffer.length) {
            drain();
        }
        buffer[count++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (len >= buffer.length) {
            drain();
            out.write(b, off, len);
            return;
        }
        if (len > buffer.length - count) {
            drain();
        }
        System.arraycopy(b, off, buffer, count, len);
        count += len;
    }

    /** Writes the characters of {@code s}, which must be ASCII (option text, numbers, headers). */
    public void writeAscii(CharSequence s) throws IOException {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            write(s.charAt(i));
        }
    }

    /** Writes {@code value} in decimal. */
    public void writeDecimal(long value) throws IOException {
        writePadded(value, 0, ' ');
    }

    /** Writes {@code value} in decimal, right-aligned in {@code width} columns filled with {@code pad}. */
    public void writePadded(long value, int width, char pad) throws IOException {
        byte[] digits = new byte[20];
        boolean negative = value < 0;
        int n = 0;
        long v = value;
        do {
            digits[n++] = (byte) ('0' + Math.abs(v % 10));
            v /= 10;
        } while (v != 0);
        int length = n + (negative ? 1 : 0);
        if (negative && pad == '0') {
            write('-');
        }
        for (int i = length; i < width; i++) {
            write(pad);
        }
        if (negative && pad != '0') {
            write('-');
        }
        while (n > 0) {
            write(digits[--n]);
        }
    }

    private void drain() throws IOException {
        if (count > 0) {
            out.write(buffer, 0, count);
            count = 0;
        }
    }

    @Override
    public void flush() throws IOException {
        drain();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        flush();
    }

    /**
     * Wraps {@code in} so that this sink is flushed whenever a read would wait for more input: a pipeline fed slowly
     * sees each result as soon as it is known, while bulk input is still written in large blocks.
     */
    public InputStream flushingBeforeBlocking(InputStream in) {
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                flushIfIdle();
                return super.read();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                flushIfIdle();
                return super.read(b, off, len);
            }

            private void flushIfIdle() throws IOException {
                if (count > 0 && in.available() == 0) {
                    flush();
                }
            }

            @Override
            public void close() throws IOException {
                in.close();
            }
        };
    }
}
