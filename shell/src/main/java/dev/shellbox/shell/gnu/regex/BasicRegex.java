package dev.shellbox.shell.gnu.regex;

import java.util.regex.Pattern;

/**
 * Translates a POSIX basic regular expression with GNU extensions ({@code \|}, {@code \+}, {@code \?}, {@code \w},
 * {@code \<} ...) into a {@link Pattern}, with the syntax rules expr uses: {@code *}, {@code \+}, {@code \?} and
 * {@code \{} are literal where nothing precedes them, {@code ^} and {@code $} anchor only at the ends of the pattern or
 * of a group or alternative, and invalid patterns fail with glibc's messages.
 */
public final class BasicRegex {
    private static final int DUP_MAX = 32767;

    private final String source;
    private final StringBuilder out = new StringBuilder();
    private int pos;
    private int openGroups;
    private final java.util.ArrayDeque<Integer> groupStarts = new java.util.ArrayDeque<>();
    private int closedGroups;
    private int groupCount;
    /** Where the last atom starts in {@link #out}, or -1 when there is none a repetition could apply to. */
    private int atomStart = -1;

    private boolean atomRepeated;

    private BasicRegex(String source) {
        this.source = source;
    }

    /** A compiled pattern and its number of capturing groups. */
    public record Compiled(Pattern pattern, int groups) {}

    /** Thrown with glibc's regcomp message. */
    public static final class RegexException extends Exception {
        RegexException(String message) {
            super(message, null, false, false);
        }
    }

    /** A pattern for searching lines anywhere ({@code Matcher.find}), as diff -I and -F use it. */
    public static Pattern compileForSearch(String bre) throws RegexException {
        return compile(bre).pattern();
    }

    public static Compiled compile(String bre) throws RegexException {
        BasicRegex t = new BasicRegex(bre);
        t.translate();
        return new Compiled(Pattern.compile(t.out.toString()), t.groupCount);
    }

    private void translate() throws RegexException {
        boolean atExpressionStart = true;
        while (pos < source.length()) {
            char c = source.charAt(pos++);
            boolean startBefore = atExpressionStart;
            atExpressionStart = false;
            switch (c) {
                case '\\' -> atExpressionStart = escape(startBefore);
                case '[' -> {
                    beginAtom();
                    bracket();
                }
                case '.' -> {
                    beginAtom();
                    out.append("[^\\x00]");
                }
                case '*' -> {
                    if (startBefore || atomStart < 0) {
                        literal(c);
                    } else {
                        repeat("*");
                    }
                }
                case '^' -> {
                    if (startBefore) {
                        out.append('^');
                        atomStart = -1;
                        atExpressionStart = true;
                    } else {
                        literal(c);
                    }
                }
                case '$' -> {
                    if (atExpressionEnd()) {
                        out.append("\\z");
                        atomStart = -1;
                    } else {
                        literal(c);
                    }
                }
                default -> literal(c);
            }
        }
        if (openGroups > 0) {
            throw new RegexException("Unmatched ( or \\(");
        }
    }

    /** Whether a {@code $} at the current position ends the pattern, a group or an alternative. */
    private boolean atExpressionEnd() {
        return pos == source.length() || source.startsWith("\\)", pos) || source.startsWith("\\|", pos);
    }

    /** Handles a backslash sequence; returns whether what follows starts an expression (after \( and \|). */
    private boolean escape(boolean atStart) throws RegexException {
        if (pos == source.length()) {
            throw new RegexException("Trailing backslash");
        }
        char c = source.charAt(pos++);
        switch (c) {
            case '(' -> {
                openGroups++;
                groupCount++;
                groupStarts.push(out.length());
                out.append('(');
                atomStart = -1;
                return true;
            }
            case ')' -> {
                if (openGroups == 0) {
                    throw new RegexException("Unmatched ) or \\)");
                }
                openGroups--;
                closedGroups++;
                out.append(')');
                atomStart = groupStarts.pop();
                atomRepeated = false;
                return false;
            }
            case '|' -> {
                out.append('|');
                atomStart = -1;
                return true;
            }
            case '{' -> {
                if (atStart || atomStart < 0) {
                    literal('{');
                } else {
                    interval();
                }
                return false;
            }
            case '+', '?' -> {
                if (atStart || atomStart < 0) {
                    literal(c);
                } else {
                    repeat(String.valueOf(c));
                }
                return false;
            }
            case 'w' -> atom("[\\p{IsAlphabetic}\\p{IsDigit}_]");
            case 'W' -> atom("[^\\p{IsAlphabetic}\\p{IsDigit}_]");
            case 's' -> atom("[ \\t\\n\\r\\f\\x0B]");
            case 'S' -> atom("[^ \\t\\n\\r\\f\\x0B]");
            case 'b' -> anchor("\\b");
            case 'B' -> anchor("\\B");
            case '<' -> anchor("\\b(?=[\\p{IsAlphabetic}\\p{IsDigit}_])");
            case '>' -> anchor("\\b(?<=[\\p{IsAlphabetic}\\p{IsDigit}_])");
            case '`' -> anchor("\\A");
            case '\'' -> anchor("\\z");
            default -> {
                if (c >= '1' && c <= '9') {
                    int n = c - '0';
                    if (n > closedGroups) {
                        throw new RegexException("Invalid back reference");
                    }
                    atom("\\" + n);
                } else {
                    literal(c);
                }
            }
        }
        return false;
    }

    private void interval() throws RegexException {
        int close = source.indexOf("\\}", pos);
        if (close < 0) {
            throw new RegexException("Unmatched \\{");
        }
        String body = source.substring(pos, close);
        pos = close + 2;
        if (!body.matches("[0-9]+(,[0-9]*)?|,[0-9]*")) {
            throw new RegexException("Invalid content of \\{\\}");
        }
        int comma = body.indexOf(',');
        String minText = comma < 0 ? body : body.substring(0, comma);
        String maxText = comma < 0 ? body : body.substring(comma + 1);
        long min = minText.isEmpty() ? 0 : parseBound(minText);
        long max = maxText.isEmpty() ? -1 : parseBound(maxText);
        if (min > DUP_MAX || max > DUP_MAX) {
            throw new RegexException("Regular expression too big");
        }
        if (max >= 0 && max < min) {
            throw new RegexException("Invalid content of \\{\\}");
        }
        repeat("{" + min + "," + (max < 0 ? "" : Long.toString(max)) + "}");
    }

    private static long parseBound(String digits) {
        return digits.length() > 6 ? DUP_MAX + 1L : Long.parseLong(digits);
    }

    private void repeat(String quantifier) {
        if (atomRepeated) {
            out.insert(atomStart, "(?:");
            out.append(')');
        }
        out.append(quantifier);
        atomRepeated = true;
    }

    private void beginAtom() {
        atomStart = out.length();
        atomRepeated = false;
    }

    private void atom(String javaRegex) {
        beginAtom();
        out.append(javaRegex);
    }

    private void anchor(String javaRegex) {
        out.append(javaRegex);
        atomStart = -1;
    }

    private void literal(char c) {
        beginAtom();
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80 || c == ' ') {
            out.append(c);
        } else {
            out.append('\\').append(c);
        }
    }

    private void bracket() throws RegexException {
        StringBuilder cls = new StringBuilder("[");
        boolean negated = pos < source.length() && source.charAt(pos) == '^';
        if (negated) {
            cls.append('^');
            pos++;
        }
        boolean first = true;
        boolean empty = true;
        while (true) {
            if (pos >= source.length()) {
                throw new RegexException("Unmatched [, [^, [:, [., or [=");
            }
            char c = source.charAt(pos);
            if (c == ']' && !first) {
                pos++;
                break;
            }
            first = false;
            int lo;
            if (c == '[' && pos + 1 < source.length() && ":.=".indexOf(source.charAt(pos + 1)) >= 0) {
                char kind = source.charAt(pos + 1);
                int end = source.indexOf(kind + "]", pos + 2);
                if (end < 0) {
                    throw new RegexException("Unmatched [, [^, [:, [., or [=");
                }
                String name = source.substring(pos + 2, end);
                pos = end + 2;
                if (kind == ':') {
                    cls.append(characterClass(name));
                    empty = false;
                    continue;
                }
                if (name.codePointCount(0, name.length()) != 1) {
                    throw new RegexException("Invalid collation character");
                }
                lo = name.codePointAt(0);
            } else {
                lo = source.codePointAt(pos);
                pos += Character.charCount(lo);
            }
            if (pos + 1 < source.length() && source.charAt(pos) == '-' && source.charAt(pos + 1) != ']') {
                pos++;
                int hi = source.codePointAt(pos);
                pos += Character.charCount(hi);
                if (hi < lo) {
                    continue; // an empty range matches nothing
                }
                cls.append(classLiteral(lo)).append('-').append(classLiteral(hi));
            } else {
                cls.append(classLiteral(lo));
            }
            empty = false;
        }
        if (empty) {
            out.append(negated ? "[\\x{0}-\\x{10FFFF}]" : "(?!)");
            return;
        }
        out.append(cls.append(']'));
    }

    private static String classLiteral(int cp) {
        if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9')) {
            return Character.toString(cp);
        }
        return "\\x{" + Integer.toHexString(cp) + "}";
    }

    private static String characterClass(String name) throws RegexException {
        String body = ClassRanges.of(name);
        if (body == null) {
            throw new RegexException("Invalid character class name");
        }
        return body;
    }
}
