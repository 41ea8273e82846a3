package dev.shellbox.shell.commands.utils.diff;

import java.io.ByteArrayOutputStream;

/** One side of a comparison: the file's bytes split into lines, its name as printed and its modification time. */
final class SourceFile {
    /** How many leading bytes are checked for NUL to decide that a file is binary. */
    private static final int BINARY_PROBE = 32 * 1024;

    final String name;
    final byte[] data;
    /** starts[i] is where line i begins; starts[lineCount] == data.length. */
    final int[] starts;

    final int lineCount;
    final long mtimeMillis;
    final int mtimeNanos;
    /** A file that does not exist, read as empty because of -N. */
    final boolean absent;
    /** The file lacked a final newline and one was added (for ed scripts). */
    boolean finalNewlineAdded;

    SourceFile(String name, byte[] content, long mtimeMillis, int mtimeNanos, boolean absent, boolean stripCr) {
        this.name = name;
        this.data = stripCr ? stripCarriageReturns(content) : content;
        this.mtimeMillis = mtimeMillis;
        this.mtimeNanos = mtimeNanos;
        this.absent = absent;
        int lines = 0;
        for (byte b : data) {
            if (b == '\n') {
                lines++;
            }
        }
        if (data.length > 0 && data[data.length - 1] != '\n') {
            lines++;
        }
        this.lineCount = lines;
        this.starts = new int[lines + 1];
        int line = 1;
        for (int i = 0; i < data.length; i++) {
            if (data[i] == '\n' && line <= lines) {
                starts[line++] = i + 1;
            }
        }
        starts[lines] = data.length;
    }

    /** The line's first byte. */
    int start(int line) {
        return starts[line];
    }

    /** Just past the line's last byte, its newline excluded. */
    int contentEnd(int line) {
        int end = starts[line + 1];
        return end > starts[line] && data[end - 1] == '\n' ? end - 1 : end;
    }

    /** Whether the line ends with a newline (only the last line may not). */
    boolean hasNewline(int line) {
        int end = starts[line + 1];
        return end > starts[line] && data[end - 1] == '\n';
    }

    boolean sameLine(int line, SourceFile other, int otherLine) {
        int len = starts[line + 1] - starts[line];
        if (len != other.starts[otherLine + 1] - other.starts[otherLine]) {
            return false;
        }
        return java.util.Arrays.equals(
                data,
                starts[line],
                starts[line] + len,
                other.data,
                other.starts[otherLine],
                other.starts[otherLine] + len);
    }

    boolean isBinary() {
        int n = Math.min(data.length, BINARY_PROBE);
        for (int i = 0; i < n; i++) {
            if (data[i] == 0) {
                return true;
            }
        }
        return false;
    }

    private static byte[] stripCarriageReturns(byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(content.length);
        for (int i = 0; i < content.length; i++) {
            if (content[i] == '\r' && i + 1 < content.length && content[i + 1] == '\n') {
                continue;
            }
            out.write(content[i]);
        }
        return out.toByteArray();
    }
}
