package dev.shellbox.bench.commands;

import java.io.OutputStream;

/**
 * A digest of output that ignores the order of its lines (grep -r and find list directories in whatever order the file
 * system gives): bytes, lines, and the sum of a 64-bit FNV-1a hash of each line.
 */
final class OutputDigest extends OutputStream {
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private long bytes;
    private long lines;
    private long sum;
    private long line = FNV_OFFSET;

    @Override
    public void write(int b) {
        bytes++;
        if (b == '\n') {
            lines++;
            sum += line;
            line = FNV_OFFSET;
        } else {
            line = (line ^ (b & 0xff)) * FNV_PRIME;
        }
    }

    @Override
    public void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    /** The digest, with an unterminated last line counted as a line. */
    String value() {
        long total = line == FNV_OFFSET ? sum : sum + line;
        return String.format("%d bytes, %d lines, %016x", bytes, lines, total);
    }
}
