package dev.shellbox.shell.commands.search;

import dev.shellbox.shell.gnu.regex.PosixMatcher;
import dev.shellbox.shell.gnu.regex.PosixRegex;
import dev.shellbox.shell.io.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;

/**
 * Decides whether a line of bytes matches and where, for one search (not thread-safe). Text is tested on its bytes
 * first: when every match must contain one of a few literals, text without them is rejected without decoding, and
 * whole stretches of lines are skipped at once. ASCII lines are then matched in place through a {@link ByteLine};
 * only other lines are decoded.
 */
public final class LineMatcher {
    private static final int MAX_LITERALS = 8;

    private final PosixRegex regex;
    private final Matcher quick;
    private final PosixMatcher posix;
    private final ByteLine line = new ByteLine();
    private final byte[][] literals;
    private final boolean foldCase;
    /** Finding a literal is finding a match: the regex need not run to decide. */
    private final boolean literalsDecide;

    /** A matcher for no pattern at all ({@code grep -f /dev/null}): no line matches. */
    public static LineMatcher none() {
        return new LineMatcher(null, false);
    }

    public LineMatcher(PosixRegex regex, boolean ignoreCase) {
        this.regex = regex;
        this.foldCase = ignoreCase;
        this.quick = regex == null ? null : regex.javaPattern().matcher("");
        this.posix = regex == null ? null : regex.matcher("");
        this.literals = regex == null ? null : prefilter(regex.requiredLiterals(), ignoreCase);
        this.literalsDecide = literals != null && regex.isLiteralSet();
    }

    /**
     * The literals as bytes (lower-cased when folding case), or null when they cannot decide anything on bytes: none
     * known, too many, or, when folding case, letters that non-ASCII characters fold to (i, k, s) or non-ASCII ones.
     */
    private static byte[][] prefilter(List<String> required, boolean ignoreCase) {
        if (required.isEmpty() || required.size() > MAX_LITERALS) {
            return null;
        }
        List<byte[]> list = new ArrayList<>();
        for (String literal : required) {
            if (literal.isEmpty()) {
                return null;
            }
            byte[] bytes = Text.encode(literal);
            if (ignoreCase) {
                for (int i = 0; i < bytes.length; i++) {
                    int c = lower(bytes[i]);
                    if (c < 0 || c == 'i' || c == 'k' || c == 's') {
                        return null;
                    }
                    bytes[i] = (byte) c;
                }
            }
            list.add(bytes);
        }
        return list.toArray(new byte[0][]);
    }

    /** Whether whole stretches of text can be ruled out on their bytes ({@link #nextCandidate}). */
    public boolean canSkip() {
        return literals != null;
    }

    /**
     * The first position in {@code [from, to)} where one of the required literals starts, -1 when none does; {@code
     * from} when nothing can be ruled out.
     */
    public int nextCandidate(byte[] bytes, int from, int to) {
        if (literals == null) {
            return from < to ? from : -1;
        }
        int best = -1;
        for (byte[] literal : literals) {
            int end = best < 0 ? to : Math.min(to, best + literal.length);
            int hit = foldCase ? indexOfFolded(bytes, from, end, literal) : indexOf(bytes, from, end, literal);
            if (hit >= 0 && (best < 0 || hit < best)) {
                best = hit;
            }
        }
        return best;
    }

    /** Whether some part of {@code bytes[offset, offset + length)} matches. */
    public boolean matches(byte[] bytes, int offset, int length) {
        if (regex == null || (literals != null && nextCandidate(bytes, offset, offset + length) < 0)) {
            return false;
        }
        if (literalsDecide) {
            return true;
        }
        line.set(bytes, offset, length);
        return quick.reset(line.text()).find();
    }

    /** Prepares {@link #find} on a line; false when the line cannot match at all. */
    public boolean startLine(byte[] bytes, int offset, int length) {
        if (regex == null || (literals != null && nextCandidate(bytes, offset, offset + length) < 0)) {
            return false;
        }
        line.set(bytes, offset, length);
        posix.reset(line.text());
        return true;
    }

    /** The line given to {@link #startLine}, for offsets and bytes of matches. */
    public ByteLine line() {
        return line;
    }

    /** Finds the leftmost-longest match at or after char {@code from} of the current line. */
    public boolean find(int from) {
        return posix.find(from);
    }

    public int start() {
        return posix.start();
    }

    public int end() {
        return posix.end();
    }

    private static int indexOf(byte[] hay, int from, int to, byte[] needle) {
        byte first = needle[0];
        int last = to - needle.length;
        int i = from;
        while (i <= last) {
            int hit = ByteSearch.indexOf(hay, i, last + 1, first);
            if (hit < 0) {
                return -1;
            }
            if (regionMatches(hay, hit, needle, false)) {
                return hit;
            }
            i = hit + 1;
        }
        return -1;
    }

    private static int indexOfFolded(byte[] hay, int from, int to, byte[] needle) {
        byte first = needle[0];
        byte upper = first >= 'a' && first <= 'z' ? (byte) (first - 32) : first;
        int last = to - needle.length;
        int i = from;
        while (i <= last) {
            int hit = ByteSearch.indexOfEither(hay, i, last + 1, first, upper);
            if (hit < 0) {
                return -1;
            }
            if (regionMatches(hay, hit, needle, true)) {
                return hit;
            }
            i = hit + 1;
        }
        return -1;
    }

    private static boolean regionMatches(byte[] hay, int at, byte[] needle, boolean fold) {
        for (int k = 1; k < needle.length; k++) {
            byte b = hay[at + k];
            if ((fold ? lower(b) : b) != needle[k]) {
                return false;
            }
        }
        return true;
    }

    private static int lower(byte b) {
        return b >= 'A' && b <= 'Z' ? b + 32 : b;
    }
}
