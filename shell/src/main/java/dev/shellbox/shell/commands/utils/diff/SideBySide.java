package dev.shellbox.shell.commands.utils.diff;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The -y format as GNU's side.c lays it out: each half at most {@code halfWidth} columns, the separator column in the
 * middle, tabs (unless -t) to reach the columns, and lines cut at the half width.
 */
final class SideBySide {
    private static final int GUTTER_WIDTH_MINIMUM = 3;

    private final SourceFile a;
    private final SourceFile b;
    private final DiffOptions o;
    private final OutputStream out;
    private final int halfWidth;
    private final int column2Offset;

    SideBySide(SourceFile a, SourceFile b, DiffOptions o, OutputStream out) {
        this.a = a;
        this.b = b;
        this.o = o;
        this.out = out;
        int t = o.expandTabs ? 1 : o.tabSize;
        int off = (o.width + t + GUTTER_WIDTH_MINIMUM) / (2 * t) * t;
        this.halfWidth = Math.max(0, Math.min(off - GUTTER_WIDTH_MINIMUM, o.width - off));
        this.column2Offset = halfWidth > 0 ? off : o.width;
    }

    /** Unchanged lines from (i0, i1) up to (limit0, limit1), paired, unless --suppress-common-lines. */
    void common(int i0, int i1, int limit0, int limit1) throws IOException {
        if (o.suppressCommonLines) {
            return;
        }
        while (i0 < limit0 && i1 < limit1) {
            if (o.leftColumn) {
                line(i0++, '(', -1);
                i1++;
            } else {
                line(i0++, ' ', i1++);
            }
        }
    }

    /** print_1sdiff_line; -1 stands for no line on that side. */
    void line(int left, char separator, int right) throws IOException {
        int column = 0;
        boolean putNewline = false;
        if (left >= 0) {
            putNewline = a.hasNewline(left);
            column = half(a, left, 0);
        }
        if (separator != ' ') {
            column = tabFromTo(column, (halfWidth + column2Offset - 1) / 2) + 1;
            if (separator == '|' && putNewline != b.hasNewline(right)) {
                separator = putNewline ? '/' : '\\';
            }
            out.write(separator);
        }
        if (right >= 0) {
            putNewline |= b.hasNewline(right);
            if (b.contentEnd(right) > b.start(right)) {
                column = tabFromTo(column, column2Offset);
                half(b, right, column);
            }
        }
        if (putNewline) {
            out.write('\n');
        }
    }

    private int tabFromTo(int from, int to) throws IOException {
        if (!o.expandTabs) {
            for (int tab = from + o.tabSize - from % o.tabSize; tab <= to; tab += o.tabSize) {
                out.write('\t');
                from = tab;
            }
        }
        while (from++ < to) {
            out.write(' ');
        }
        return to;
    }

    /** print_half_line: the line's text up to the half width; returns the output column reached. */
    private int half(SourceFile f, int line, int indent) throws IOException {
        byte[] d = f.data;
        int p = f.start(line);
        int limit = f.contentEnd(line);
        int in = 0;
        int outPosition = 0;
        while (p < limit) {
            int c = d[p] & 0xff;
            switch (c) {
                case '\t' -> {
                    int spaces = o.tabSize - in % o.tabSize;
                    if (in == outPosition) {
                        int tabStop = outPosition + spaces;
                        if (o.expandTabs) {
                            tabStop = Math.min(tabStop, halfWidth);
                            for (; outPosition < tabStop; outPosition++) {
                                out.write(' ');
                            }
                        } else if (tabStop < halfWidth) {
                            outPosition = tabStop;
                            out.write('\t');
                        }
                    }
                    in += spaces;
                    p++;
                }
                case '\r' -> {
                    out.write('\r');
                    tabFromTo(0, indent);
                    in = outPosition = 0;
                    p++;
                }
                case '\b' -> {
                    if (in != 0 && --in < halfWidth) {
                        if (outPosition <= in) {
                            for (; outPosition < in; outPosition++) {
                                out.write(' ');
                            }
                        } else {
                            outPosition = in;
                            out.write('\b');
                        }
                    }
                    p++;
                }
                default -> {
                    int length = sequenceLength(d, p, limit);
                    int width = displayWidth(d, p, length);
                    if (in + width <= halfWidth) {
                        outPosition = in + width;
                        out.write(d, p, length);
                    }
                    in += width;
                    p += length;
                }
            }
        }
        return outPosition;
    }

    /** The length of the UTF-8 sequence at {@code p}, 1 for an invalid byte. */
    private static int sequenceLength(byte[] d, int p, int limit) {
        int c = d[p] & 0xff;
        int need = c >= 0xF0 && c <= 0xF4 ? 3 : c >= 0xE0 ? (c <= 0xEF ? 2 : 0) : c >= 0xC2 ? 1 : 0;
        if (need == 0 || p + need >= limit + 1) {
            return 1;
        }
        for (int k = 1; k <= need; k++) {
            if (p + k >= limit || (d[p + k] & 0xC0) != 0x80) {
                return 1;
            }
        }
        return need + 1;
    }

    /** Columns a character takes: 0 for control characters, 2 for wide East Asian ones, 1 otherwise. */
    private static int displayWidth(byte[] d, int p, int length) {
        int c = d[p] & 0xff;
        if (length == 1) {
            return c < 0x20 || c == 0x7f ? 0 : 1;
        }
        int cp = new String(d, p, length, java.nio.charset.StandardCharsets.UTF_8).codePointAt(0);
        boolean wide = (cp >= 0x1100 && cp <= 0x115F)
                || (cp >= 0x2E80 && cp <= 0xA4CF)
                || (cp >= 0xAC00 && cp <= 0xD7A3)
                || (cp >= 0xF900 && cp <= 0xFAFF)
                || (cp >= 0xFE30 && cp <= 0xFE4F)
                || (cp >= 0xFF00 && cp <= 0xFF60)
                || (cp >= 0xFFE0 && cp <= 0xFFE6)
                || (cp >= 0x1F300 && cp <= 0x1F64F)
                || (cp >= 0x1F900 && cp <= 0x1F9FF)
                || (cp >= 0x20000 && cp <= 0x3FFFD);
        return wide ? 2 : 1;
    }
}
