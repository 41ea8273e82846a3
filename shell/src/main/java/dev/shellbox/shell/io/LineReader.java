package dev.shellbox.shell.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads a stream line by line as bytes, without decoding and without reading ahead more than its buffer. A line is
 * what precedes the delimiter ({@code '\n'}, or {@code '\0'} for {@code -z} modes); the last line may lack one,
 * which {@link #hasDelimiter()} reports so commands can reproduce it.
 */
public final class LineReader {
    private final InputStream in;
    private final byte delimiter;
    private byte[] buf = new byte[8192];
    private int pos;
    private int limit;
    private boolean eof;

    private byte[] line = new byte[256];
    private int lineLength;
    private boolean lineHasDelimiter;

    public LineReader(InputStream in) {
        this(in, (byte) '\n');
    }

    public LineReader(InputStream in, byte delimiter) {
        this.in = in;
        this.delimiter = delimiter;
    }

    /** Advances to the next line; false at end of input. */
    public boolean next() throws IOException {
        lineLength = 0;
        lineHasDelimiter = false;
        while (true) {
            if (pos == limit) {
                if (eof || !fill()) {
                    return lineLength > 0;
                }
            }
            int start = pos;
            int end = limit;
            byte[] b = buf;
            byte d = delimiter;
            int i = start;
            while (i < end && b[i] != d) {
                i++;
            }
            append(b, start, i - start);
            if (i < end) {
                pos = i + 1;
                lineHasDelimiter = true;
                return true;
            }
            pos = end;
        }
    }

    private boolean fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) {
            eof = true;
            pos = limit = 0;
            return false;
        }
        pos = 0;
        limit = n;
        return true;
    }

    private void append(byte[] src, int off, int len) {
        if (lineLength + len > line.length) {
            line = Arrays.copyOf(line, Math.max(line.length * 2, lineLength + len));
        }
        System.arraycopy(src, off, line, lineLength, len);
        lineLength += len;
    }

    /** The current line's bytes in {@code [0, length())}; the array is reused by the next call. */
    public byte[] buffer() {
        return line;
    }

    public int length() {
        return lineLength;
    }

    /** Whether the current line ended with the delimiter (false only for a last, unterminated line). */
    public boolean hasDelimiter() {
        return lineHasDelimiter;
    }

    /** A copy of the current line's bytes, without the delimiter. */
    public byte[] bytes() {
        return Arrays.copyOf(line, lineLength);
    }

    /** The current line decoded with {@link Text#decode}, without the delimiter. */
    public String text() {
        return Text.decode(line, 0, lineLength);
    }

    /**
     * Reads one line (without its newline) byte by byte, so that nothing after it is taken from a stream the shell
     * shares with the commands it runs; null at end of input.
     */
    public static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int b;
        boolean any = false;
        while ((b = in.read()) >= 0) {
            any = true;
            if (b == '\n') {
                break;
            }
            buf.write(b);
        }
        return any ? Text.decode(buf.toByteArray()) : null;
    }
}
