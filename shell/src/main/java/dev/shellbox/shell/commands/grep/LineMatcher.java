package dev.shellbox.shell.commands.grep;

import dev.shellbox.shell.commands.regex.PosixMatcher;
import dev.shellbox.shell.commands.regex.PosixRegex;
import dev.shellbox.shell.io.Text;
import java.util.regex.Matcher;

/**
 * Decides whether a line of bytes matches and where, for one search (not thread-safe). Lines are tested on their
 * bytes first: when the regex requires a literal, lines without it are rejected without decoding. ASCII lines are
 * then matched in place through a {@link ByteLine}; only other lines are decoded.
 */
public final class LineMatcher {
    private final PosixRegex regex;
    private final Matcher quick;
    private final PosixMatcher posix;
    private final ByteLine line = new ByteLine();
    private final byte[] literal;
    private final boolean literalFoldsCase;

    /** A matcher for no pattern at all ({@code grep -f /dev/null}): no line matches. */
    public static LineMatcher none() {
        return new LineMatcher(null, false);
    }

    public LineMatcher(PosixRegex regex, boolean ignoreCase) {
        this.regex = regex;
        if (regex == null) {
            this.quick = null;
            this.posix = null;
            this.literal = null;
            this.literalFoldsCase = false;
            return;
        }
        this.quick = regex.javaPattern().matcher("");
        this.posix = regex.matcher("");
        String required = regex.requiredLiteral();
        byte[] bytes = required == null || required.isEmpty() ? null : Text.encode(required);
        if (bytes != null && ignoreCase && !isAscii(bytes)) {
            bytes = null; // folding non-ASCII text on bytes is not worth it
        }
        this.literal = bytes;
        this.literalFoldsCase = ignoreCase;
        if (literalFoldsCase && literal != null) {
            for (int i = 0; i < literal.length; i++) {
                literal[i] = (byte) lower(literal[i]);
            }
        }
    }

    /** Whether some part of {@code bytes[0, length)} matches. */
    public boolean matches(byte[] bytes, int length) {
        if (regex == null || !mayMatch(bytes, length)) {
            return false;
        }
        line.set(bytes, length);
        return quick.reset(line.text()).find();
    }

    /** Prepares {@link #find} on a line; false when the line cannot match at all. */
    public boolean startLine(byte[] bytes, int length) {
        if (regex == null || !mayMatch(bytes, length)) {
            return false;
        }
        line.set(bytes, length);
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

    public PosixMatcher matcher() {
        return posix;
    }

    public PosixRegex regex() {
        return regex;
    }

    private boolean mayMatch(byte[] bytes, int length) {
        if (literal == null) {
            return true;
        }
        if (literalFoldsCase) {
            for (int i = 0; i < length; i++) {
                if (bytes[i] < 0) {
                    return true; // a non-ASCII character may fold to an ASCII one
                }
            }
            return indexOfFolded(bytes, length) >= 0;
        }
        return indexOf(bytes, length) >= 0;
    }

    private int indexOf(byte[] hay, int length) {
        byte[] needle = literal;
        byte first = needle[0];
        int last = length - needle.length;
        outer:
        for (int i = 0; i <= last; i++) {
            if (hay[i] != first) {
                continue;
            }
            for (int k = 1; k < needle.length; k++) {
                if (hay[i + k] != needle[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private int indexOfFolded(byte[] hay, int length) {
        byte[] needle = literal;
        int first = needle[0];
        int last = length - needle.length;
        outer:
        for (int i = 0; i <= last; i++) {
            if (lower(hay[i]) != first) {
                continue;
            }
            for (int k = 1; k < needle.length; k++) {
                if (lower(hay[i + k]) != needle[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static int lower(byte b) {
        return b >= 'A' && b <= 'Z' ? b + 32 : b;
    }

    private static boolean isAscii(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 0) {
                return false;
            }
        }
        return true;
    }
}
