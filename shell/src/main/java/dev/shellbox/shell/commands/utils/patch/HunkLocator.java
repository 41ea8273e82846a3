package dev.shellbox.shell.commands.utils.patch;

import java.util.Arrays;
import java.util.List;

/**
 * Finds where a hunk applies in the input, as GNU patch's locate_hunk: at the expected line plus the offset of
 * earlier hunks, then further and further away, alternately after and before; with fuzz F, up to F context lines at
 * each end may differ. Lines are 1-based; {@code lastFrozenLine} is the last input line already consumed.
 */
final class HunkLocator {
    /** One line of the file being patched. */
    record Line(byte[] text, boolean newline) {}

    private final List<Line> input;
    private final boolean ignoreWhiteSpace;

    HunkLocator(List<Line> input, boolean ignoreWhiteSpace) {
        this.input = input;
        this.ignoreWhiteSpace = ignoreWhiteSpace;
    }

    /** The input line where the hunk's old text starts, or 0 when it does not match within the search range. */
    int locate(Hunk hunk, int fuzz, int inOffset, int lastFrozenLine) {
        List<Hunk.Line> pattern = hunk.pattern();
        int patLines = pattern.size();
        int firstGuess = hunk.first() + inOffset;
        int prefixContext = hunk.prefixContext();
        int suffixContext = hunk.suffixContext();
        int context = Math.max(prefixContext, suffixContext);
        int prefixFuzz = fuzz + prefixContext - context;
        int suffixFuzz = fuzz + suffixContext - context;
        int inputLines = input.size();
        int maxWhere = inputLines - (patLines - suffixFuzz) + 1;
        int minWhere = lastFrozenLine + 1 - (prefixContext - prefixFuzz);
        int maxPosOffset = maxWhere - firstGuess;
        int maxNegOffset = firstGuess - minWhere;
        int maxOffset = Math.max(maxPosOffset, maxNegOffset);
        if (patLines == 0) {
            return firstGuess;
        }
        if (firstGuess <= maxNegOffset) {
            maxNegOffset = firstGuess - 1;
        }
        if (prefixFuzz < 0 && hunk.first() <= 1) {
            // Can only match the start of the file.
            if (suffixFuzz < 0 && (patLines != inputLines || prefixContext < lastFrozenLine)) {
                return 0;
            }
            int offset = 1 - firstGuess;
            if (lastFrozenLine <= prefixContext
                    && offset <= maxPosOffset
                    && matches(pattern, firstGuess, offset, 0, suffixFuzz)) {
                return firstGuess + offset;
            }
            return 0;
        } else if (prefixFuzz < 0) {
            prefixFuzz = 0;
        }
        if (suffixFuzz < 0) {
            // Can only match the end of the file.
            int offset = firstGuess - (inputLines - patLines + 1);
            if (offset <= maxNegOffset && matches(pattern, firstGuess, -offset, prefixFuzz, 0)) {
                return firstGuess - offset;
            }
            return 0;
        }
        for (int offset = 0; offset <= maxOffset; offset++) {
            if (offset <= maxPosOffset && matches(pattern, firstGuess, offset, prefixFuzz, suffixFuzz)) {
                return firstGuess + offset;
            }
            if (0 < offset && offset <= maxNegOffset && matches(pattern, firstGuess, -offset, prefixFuzz, suffixFuzz)) {
                return firstGuess - offset;
            }
        }
        return 0;
    }

    private boolean matches(List<Hunk.Line> pattern, int base, int offset, int prefixFuzz, int suffixFuzz) {
        int patLines = pattern.size() - suffixFuzz;
        int iline = base + offset + prefixFuzz;
        for (int pline = 1 + prefixFuzz; pline <= patLines; pline++, iline++) {
            if (iline < 1 || iline > input.size()) {
                return false;
            }
            Line in = input.get(iline - 1);
            Hunk.Line p = pattern.get(pline - 1);
            if (ignoreWhiteSpace) {
                if (!similar(in.text(), p.text())) {
                    return false;
                }
            } else if (in.newline() != p.newline() || !Arrays.equals(in.text(), p.text())) {
                return false;
            }
        }
        return true;
    }

    /** GNU patch's similar(): blanks runs match any blank run, and a missing newline does not matter. */
    static boolean similar(byte[] a, byte[] b) {
        int ai = 0;
        int bi = 0;
        int alen = a.length;
        int blen = b.length;
        while (true) {
            if (bi == blen || isBlank(b[bi])) {
                while (bi < blen && isBlank(b[bi])) {
                    bi++;
                }
                if (ai < alen) {
                    if (!isBlank(a[ai])) {
                        return false;
                    }
                    while (ai < alen && isBlank(a[ai])) {
                        ai++;
                    }
                }
                if (ai == alen || bi == blen) {
                    return (alen - ai) == (blen - bi);
                }
            } else if (ai == alen || a[ai++] != b[bi++]) {
                return false;
            }
        }
    }

    private static boolean isBlank(byte c) {
        return c == ' ' || c == '\t';
    }
}
