package dev.shellbox.shell.commands.search;

import dev.shellbox.shell.command.CommandContext;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Lines of an input read through one large buffer: a line is a range of the buffer, never copied, and stretches of
 * lines that cannot match are skipped with a byte search instead of line by line. Also watches each block read for
 * NUL bytes, which make grep treat a file as binary.
 */
public final class LineBuffer {
    private static final int BLOCK = 96 * 1024;

    private final CommandContext ctx;
    private final InputStream in;
    private final byte eol;
    private final boolean watchNuls;
    private byte[] buf;
    private int pos;
    private int limit;
    private long base;
    private boolean eof;
    private boolean nulSeen;
    private long nulOffset = -1;

    private int lineStart;
    private int lineEnd;
    private boolean lineHasEol;

    /**
     * Reads {@code in} into {@code block} (from {@link #newBlock}, its content ignored), or into a larger copy once a
     * line does not fit. A searcher passes the same block for every file: allocating a fresh one per file costs more
     * than searching a small file.
     */
    public LineBuffer(CommandContext ctx, InputStream in, byte eol, boolean watchNuls, byte[] block) {
        this.ctx = ctx;
        this.in = in;
        this.eol = eol;
        this.watchNuls = watchNuls;
        this.buf = block;
    }

    public static byte[] newBlock() {
        return new byte[BLOCK];
    }

    public byte[] buffer() {
        return buf;
    }

    public int start() {
        return lineStart;
    }

    public int length() {
        return lineEnd - lineStart;
    }

    public boolean hasEol() {
        return lineHasEol;
    }

    /** The byte offset of the current line in the input. */
    public long offset() {
        return base + lineStart;
    }

    /** Whether a NUL byte arrived since the last call. */
    public boolean takeNulSeen() {
        boolean seen = nulSeen;
        nulSeen = false;
        return seen;
    }

    /** The input offset of the first NUL byte read, or -1. */
    public long nulOffset() {
        return nulOffset;
    }

    /** Advances to the next line; false at the end of the input. */
    public boolean next() throws IOException {
        int searchFrom = pos;
        while (true) {
            int nl = ByteSearch.indexOf(buf, searchFrom, limit, eol);
            if (nl >= 0) {
                lineStart = pos;
                lineEnd = nl;
                lineHasEol = true;
                pos = nl + 1;
                return true;
            }
            if (eof) {
                if (pos < limit) {
                    lineStart = pos;
                    lineEnd = limit;
                    lineHasEol = false;
                    pos = limit;
                    return true;
                }
                return false;
            }
            int scanned = limit - pos;
            fill();
            searchFrom = pos + scanned;
        }
    }

    /**
     * Moves to the start of the first line that may match according to {@code matcher}'s byte prefilter, skipping
     * the lines before it.
     *
     * @return the number of lines skipped
     */
    public long skipToCandidate(LineMatcher matcher) throws IOException {
        long skipped = 0;
        while (true) {
            int hit = matcher.nextCandidate(buf, pos, limit);
            if (hit >= 0) {
                int start = ByteSearch.lastIndexOf(buf, pos, hit, eol) + 1;
                if (start <= pos) {
                    return skipped;
                }
                skipped += ByteSearch.count(buf, pos, start, eol);
                pos = start;
                return skipped;
            }
            if (eof) {
                skipped += ByteSearch.count(buf, pos, limit, eol);
                pos = limit;
                return skipped;
            }
            int last = ByteSearch.lastIndexOf(buf, pos, limit, eol);
            if (last >= pos) {
                skipped += ByteSearch.count(buf, pos, last + 1, eol);
                pos = last + 1;
            }
            fill();
        }
    }

    /** Keeps the unread tail, then reads one more block (growing the buffer for a line longer than it). */
    private void fill() throws IOException {
        ctx.checkCancelled();
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            base += pos;
            limit -= pos;
            lineStart -= pos;
            lineEnd -= pos;
            pos = 0;
        }
        if (limit == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        int n = in.read(buf, limit, buf.length - limit);
        if (n <= 0) {
            eof = true;
            return;
        }
        if (watchNuls && nulOffset < 0) {
            int nul = ByteSearch.indexOf(buf, limit, limit + n, (byte) 0);
            if (nul >= 0) {
                nulSeen = true;
                nulOffset = base + nul;
            }
        }
        limit += n;
    }
}
