package dev.shellbox.shell.commands.data.awk;

import dev.shellbox.shell.gnu.regex.ClassRanges;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * An awk (POSIX ERE plus gawk's escapes) regular expression compiled to java.util.regex, with POSIX
 * leftmost-longest matching where alternation makes Java's leftmost-first answer differ.
 */
final class AwkRegex {
    /** How far past Java's match end the longest-match search looks. */
    private static final int LONGEST_SEARCH_LIMIT = 4096;

    final String source;
    final Pattern pattern;
    private final boolean hasAlternation;

    private AwkRegex(String source, Pattern pattern, boolean hasAlternation) {
        this.source = source;
        this.pattern = pattern;
        this.hasAlternation = hasAlternation;
    }

    static AwkRegex compile(String ere) {
        String java = translate(ere);
        try {
            return new AwkRegex(ere, Pattern.compile(java, Pattern.DOTALL), java.indexOf('|') >= 0);
        } catch (PatternSyntaxException e) {
            throw new AwkRuntimeError("regular expression /" + ere + "/: " + e.getDescription());
        }
    }

    /** Whether the regex matches anywhere in {@code s}. Reuses one Matcher: an awk run is single-threaded. */
    boolean matches(CharSequence s) {
        Matcher m = reusable;
        if (m == null) {
            m = reusable = pattern.matcher(s);
        } else {
            m.reset(s);
        }
        return m.find();
    }

    private Matcher reusable;

    /** A match: {@code [start, end)}. */
    record Match(int start, int end) {}

    /** The leftmost match at or after {@code from}, extended to the longest match starting there; null if none. */
    Match find(Matcher m, CharSequence s, int from) {
        if (!m.find(from)) {
            return null;
        }
        int start = m.start();
        int end = m.end();
        if (hasAlternation) {
            int limit = Math.min(s.length(), end + LONGEST_SEARCH_LIMIT);
            m.useAnchoringBounds(false).useTransparentBounds(true);
            for (int candidate = limit; candidate > end; candidate--) {
                m.region(start, candidate);
                if (m.matches()) {
                    end = candidate;
                    break;
                }
            }
            m.reset();
        }
        return new Match(start, end);
    }

    /** Translates an ERE to Java syntax. */
    static String translate(String ere) {
        StringBuilder out = new StringBuilder(ere.length() + 16);
        int n = ere.length();
        int i = 0;
        boolean atomStart = true; // where a repetition operator would have nothing to repeat
        while (i < n) {
            char c = ere.charAt(i++);
            switch (c) {
                case '\\' -> {
                    if (i >= n) {
                        out.append("\\\\");
                        break;
                    }
                    char e = ere.charAt(i++);
                    appendEscape(out, e);
                    atomStart = false;
                }
                case '[' -> {
                    i = bracket(ere, i, out);
                    atomStart = false;
                }
                case '.' -> {
                    out.append('.');
                    atomStart = false;
                }
                case '^' -> {
                    out.append('^');
                    atomStart = true;
                }
                case '$' -> {
                    out.append("(?![\\s\\S])");
                    atomStart = false;
                }
                case '(' -> {
                    out.append('(');
                    atomStart = true;
                }
                case ')' -> {
                    out.append(')');
                    atomStart = false;
                }
                case '|' -> {
                    out.append('|');
                    atomStart = true;
                }
                case '*', '+', '?' -> {
                    if (atomStart) {
                        out.append('\\').append(c);
                        atomStart = false;
                    } else {
                        out.append(c);
                    }
                }
                case '{' -> {
                    int close = interval(ere, i);
                    if (close < 0 || atomStart) {
                        out.append("\\{");
                        atomStart = false;
                    } else {
                        out.append(ere, i - 1, close + 1);
                        i = close + 1;
                    }
                }
                default -> {
                    appendLiteral(out, c);
                    atomStart = false;
                }
            }
        }
        return out.toString();
    }

    /** The index of the '}' closing a valid interval {n}, {n,}, {n,m} whose '{' precedes {@code from}; else -1. */
    private static int interval(String ere, int from) {
        int i = from;
        int digits = 0;
        while (i < ere.length() && Character.isDigit(ere.charAt(i))) {
            i++;
            digits++;
        }
        if (digits == 0) {
            return -1;
        }
        if (i < ere.length() && ere.charAt(i) == ',') {
            i++;
            while (i < ere.length() && Character.isDigit(ere.charAt(i))) {
                i++;
            }
        }
        return i < ere.length() && ere.charAt(i) == '}' ? i : -1;
    }

    private static void appendEscape(StringBuilder out, char e) {
        switch (e) {
            case 'n' -> out.append("\\n");
            case 't' -> out.append("\\t");
            case 'r' -> out.append("\\r");
            case 'f' -> out.append("\\f");
            case 'v' -> out.append("\\x0B");
            case 'a' -> out.append("\\x07");
            case 'b' -> out.append("\\x08");
            case 'y' -> out.append("\\b");
            case 'B' -> out.append("\\B");
            case '<' -> out.append("\\b(?=\\w)");
            case '>' -> out.append("\\b(?<=\\w)");
            case 'w' -> out.append("[\\p{IsAlphabetic}\\p{IsDigit}_]");
            case 'W' -> out.append("[^\\p{IsAlphabetic}\\p{IsDigit}_]");
            case 's' -> out.append("[ \\t\\n\\r\\f\\x0B]");
            case 'S' -> out.append("[^ \\t\\n\\r\\f\\x0B]");
            case '`' -> out.append("\\A");
            case '\'' -> out.append("\\z");
            default -> appendLiteral(out, e);
        }
    }

    private static void appendLiteral(StringBuilder out, char c) {
        if (Character.isLetterOrDigit(c) || c == ' ' || c == '_' || c >= 0x80) {
            out.append(c);
        } else {
            out.append('\\').append(c);
        }
    }

    /** Translates a bracket expression whose '[' precedes {@code i}; returns the index after its ']'. */
    private static int bracket(String ere, int i, StringBuilder out) {
        int n = ere.length();
        StringBuilder cls = new StringBuilder("[");
        if (i < n && ere.charAt(i) == '^') {
            cls.append('^');
            i++;
        }
        boolean first = true;
        while (i < n) {
            char c = ere.charAt(i);
            if (c == ']' && !first) {
                out.append(cls).append(']');
                return i + 1;
            }
            first = false;
            if (c == '[' && i + 1 < n && ":.=".indexOf(ere.charAt(i + 1)) >= 0) {
                char kind = ere.charAt(i + 1);
                int close = ere.indexOf(kind + "]", i + 2);
                if (close > 0) {
                    String name = ere.substring(i + 2, close);
                    if (kind == ':') {
                        cls.append(characterClass(name));
                    } else {
                        for (char x : name.toCharArray()) {
                            appendClassLiteral(cls, x);
                        }
                    }
                    i = close + 2;
                    continue;
                }
            }
            if (c == '\\' && i + 1 < n) {
                char e = ere.charAt(i + 1);
                switch (e) {
                    case 'n' -> cls.append("\\n");
                    case 't' -> cls.append("\\t");
                    case 'r' -> cls.append("\\r");
                    case 'f' -> cls.append("\\f");
                    case 'v' -> cls.append("\\x0B");
                    case 'a' -> cls.append("\\x07");
                    case 'b' -> cls.append("\\x08");
                    default -> appendClassLiteral(cls, e);
                }
                i += 2;
                continue;
            }
            if (c == '-' && cls.length() > 1 && i + 1 < n && ere.charAt(i + 1) != ']') {
                cls.append('-');
                i++;
                continue;
            }
            appendClassLiteral(cls, c);
            i++;
        }
        // No closing ']': gawk rejects it.
        throw new AwkRuntimeError("regular expression /" + ere + "/: Unmatched [, [^, [:, [., or [=");
    }

    private static void appendClassLiteral(StringBuilder cls, char c) {
        if (Character.isLetterOrDigit(c) || c >= 0x80 || c == ' ' || c == '_') {
            cls.append(c);
        } else {
            cls.append('\\').append(c);
        }
    }

    private static String characterClass(String name) {
        String body = ClassRanges.of(name);
        if (body == null) {
            throw new AwkRuntimeError("invalid character class [:" + name + ":]");
        }
        return body;
    }
}
