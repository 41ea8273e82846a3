package dev.shellbox.shell.commands.utils.diff;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Numbers the lines of both files so that lines comparing equal under the options (-i, -b, -w, -E, -Z) share a
 * number. A last line without a newline only equals another such line, unless trailing white space is ignored, as
 * in GNU diff.
 */
final class LineClasses {
    private final DiffOptions options;
    private final Map<Key, Integer> classes = new HashMap<>();

    private LineClasses(DiffOptions options) {
        this.options = options;
    }

    /** Class numbers (from 1) for lines [from, to) of each file. */
    static int[][] of(SourceFile a, int fromA, int toA, SourceFile b, int fromB, int toB, DiffOptions options) {
        LineClasses c = new LineClasses(options);
        return new int[][] {c.number(a, fromA, toA), c.number(b, fromB, toB)};
    }

    private int[] number(SourceFile f, int from, int to) {
        int[] result = new int[to - from];
        for (int i = from; i < to; i++) {
            Key key = new Key(normalize(f, i));
            result[i - from] = classes.computeIfAbsent(key, k -> classes.size() + 1);
        }
        return result;
    }

    /** The bytes that decide equality, with a marker for an incomplete last line when that matters. */
    private byte[] normalize(SourceFile f, int line) {
        int start = f.start(line);
        int end = f.contentEnd(line);
        byte[] d = f.data;
        DiffOptions.WhiteSpace ws = options.whiteSpace;
        if (ws == DiffOptions.WhiteSpace.TAB_EXPANSION_AND_TRAILING) {
            // GNU's lines_differ checks trailing space first and never reaches its tab expansion branch for two
            // blank characters, so -E -Z compares like -Z.
            ws = DiffOptions.WhiteSpace.TRAILING;
        }
        boolean incompleteMatters = !f.hasNewline(line) && !ws.ignoresTrailing();
        if (ws == DiffOptions.WhiteSpace.NONE && !options.ignoreCase) {
            byte[] bytes = Arrays.copyOfRange(d, start, end);
            return incompleteMatters ? withIncompleteMarker(bytes) : bytes;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(end - start);
        switch (ws) {
            case ALL -> {
                for (int i = start; i < end; i++) {
                    if (!isSpace(d[i])) {
                        out.write(fold(d[i]));
                    }
                }
            }
            case SPACE_CHANGE -> {
                int i = start;
                while (i < end) {
                    if (isSpace(d[i])) {
                        while (i < end && isSpace(d[i])) {
                            i++;
                        }
                        if (i == end) {
                            break;
                        }
                        out.write(' ');
                    }
                    out.write(fold(d[i++]));
                }
            }
            case TAB_EXPANSION, TAB_EXPANSION_AND_TRAILING -> {
                int last = ws == DiffOptions.WhiteSpace.TAB_EXPANSION ? end : trimmedEnd(d, start, end);
                long column = 0;
                for (int i = start; i < last; i++) {
                    byte c = d[i];
                    int repetitions = 1;
                    switch (c) {
                        case '\b' -> column -= column > 0 ? 1 : 0;
                        case '\t' -> {
                            c = ' ';
                            repetitions = (int) (options.tabSize - column % options.tabSize);
                            column += repetitions;
                        }
                        case '\r' -> column = 0;
                        default -> column++;
                    }
                    for (int r = 0; r < repetitions; r++) {
                        out.write(fold(c));
                    }
                }
            }
            case TRAILING -> {
                int last = trimmedEnd(d, start, end);
                for (int i = start; i < last; i++) {
                    out.write(fold(d[i]));
                }
            }
            default -> {
                for (int i = start; i < end; i++) {
                    out.write(fold(d[i]));
                }
            }
        }
        byte[] bytes = out.toByteArray();
        return incompleteMatters ? withIncompleteMarker(bytes) : bytes;
    }

    private static byte[] withIncompleteMarker(byte[] bytes) {
        // A newline cannot occur inside a line, so it marks "no newline at end of file".
        byte[] marked = Arrays.copyOf(bytes, bytes.length + 1);
        marked[bytes.length] = '\n';
        return marked;
    }

    private static int trimmedEnd(byte[] d, int start, int end) {
        while (end > start && isSpace(d[end - 1])) {
            end--;
        }
        return end;
    }

    private int fold(byte b) {
        return options.ignoreCase && b >= 'A' && b <= 'Z' ? b + ('a' - 'A') : b & 0xff;
    }

    static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == 0x0b || b == '\f';
    }

    /** A byte array with value semantics, for hashing. */
    private static final class Key {
        private final byte[] bytes;
        private final int hash;

        Key(byte[] bytes) {
            this.bytes = bytes;
            this.hash = Arrays.hashCode(bytes);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
