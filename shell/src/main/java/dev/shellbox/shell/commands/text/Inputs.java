package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FsException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Opening the file operands of text tools, where {@code -} means standard input. */
public final class Inputs {
    private Inputs() {}

    /**
     * Opens {@code operand}: {@code -} gives stdin (closing the result leaves it open), anything else goes through
     * {@link CommandContext#openInput}.
     */
    public static InputStream open(CommandContext ctx, String operand) throws FsException {
        if (operand.equals("-")) {
            return new FilterInputStream(ctx.stdin()) {
                @Override
                public void close() {}
            };
        }
        return ctx.openInput(operand);
    }

    /**
     * Reads until {@code buffer} is full or the input ends; returns the number of bytes read, less than the buffer's
     * length only at end of input.
     */
    public static int readFully(InputStream in, byte[] buffer, int off, int len) throws IOException {
        int total = 0;
        while (total < len) {
            int n = in.read(buffer, off + total, len - total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }

    /** Skips exactly {@code n} bytes unless the input ends first; returns how many were skipped. */
    public static long skip(InputStream in, long n) throws IOException {
        byte[] scratch = null;
        long left = n;
        while (left > 0) {
            long skipped = in.skip(left);
            if (skipped > 0) {
                left -= skipped;
                continue;
            }
            if (scratch == null) {
                scratch = new byte[8192];
            }
            int r = in.read(scratch, 0, (int) Math.min(scratch.length, left));
            if (r < 0) {
                break;
            }
            left -= r;
        }
        return n - left;
    }
}
