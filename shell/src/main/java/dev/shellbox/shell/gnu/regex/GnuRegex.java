package dev.shellbox.shell.gnu.regex;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Translates the GNU regex syntaxes that text tools compile their patterns with into java.util.regex: POSIX basic
 * ({@code nl -b p}), POSIX extended, and the Emacs syntax that {@code tac -r} gets from re_compile_pattern. Patterns
 * and subjects are strings decoded with {@link dev.shellbox.shell.gnu.mbchar.SurrogateEscape}, so invalid bytes match only themselves.
 */
public final class GnuRegex {
    /** Which operators are special. */
    public enum Syntax {
        /** BRE with GNU extensions: {@code \( \) \{ \} \+ \? \|}; {@code * + ?} literal where POSIX says so. */
        BASIC,
        /** ERE: {@code ( ) { } + ? |} are operators. */
        EXTENDED,
        /** re_compile_pattern's default: {@code + ?} operators, {@code \( \) \|} groups, no intervals or classes. */
        EMACS
    }

    /** A pattern that does not compile; the message is what GNU tools print after "name: ". */
    public static final class RegexException extends Exception {
        public RegexException(String message) {
            super(message, null, false, false);
        }
    }

    private GnuRegex() {}

    public static Pattern compile(String pattern, Syntax syntax) throws RegexException {
        String java = translate(pattern, syntax);
        try {
            return Pattern.compile(java, Pattern.UNIX_LINES | (syntax == Syntax.EMACS ? Pattern.MULTILINE : 0));
        } catch (PatternSyntaxException e) {
            throw new RegexException("Invalid regular expression");
        }
    }

    static String translate(String p, Syntax syntax) throws RegexException {
        StringBuilder out = new StringBuilder();
        int groups = 0;
        int openGroups = 0;
        boolean atStart = true; // where '*' is literal and '^' is an anchor
        int n = p.length();
        for (int i = 0; i < n; i++) {
            char c = p.charAt(i);
            boolean start = atStart;
            atStart = false;
            if (c == '\\') {
                if (i + 1 >= n) {
                    throw new RegexException("Trailing backslash");
                }
                char e = p.charAt(++i);
                if (syntax != Syntax.EXTENDED && e == '(') {
                    out.append('(');
                    groups++;
                    openGroups++;
                    atStart = true;
                } else if (syntax != Syntax.EXTENDED && e == ')') {
                    if (openGroups == 0) {
                        throw new RegexException("Unmatched ) or \\)");
                    }
                    openGroups--;
                    out.append(')');
                } else if (syntax != Syntax.EXTENDED && e == '|') {
                    out.append('|');
                    atStart = true;
                } else if (syntax == Syntax.BASIC && e == '{') {
                    i = interval(p, i + 1, out, true);
                } else if (syntax == Syntax.BASIC && (e == '+' || e == '?')) {
                    if (start) {
                        out.append('\\').append(e);
                    } else {
                        out.append(e);
                    }
                } else if (e >= '1' && e <= '9') {
                    if (e - '0' > groups) {
                        throw new RegexException("Invalid back reference");
                    }
                    out.append('\\').append(e);
                } else if (e == 'w') {
                    out.append("[\\p{L}\\p{N}_]");
                } else if (e == 'W') {
                    out.append("[^\\p{L}\\p{N}_]");
                } else if (e == 's') {
                    out.append("\\s");
                } else if (e == 'S') {
                    out.append("\\S");
                } else if (e == '<') {
                    out.append("\\b(?=[\\p{L}\\p{N}_])");
                } else if (e == '>') {
                    out.append("\\b(?<=[\\p{L}\\p{N}_])");
                } else if (e == 'b') {
                    out.append("\\b");
                } else if (e == 'B') {
                    out.append("\\B");
                } else if (e == '`') {
                    out.append("\\A");
                } else if (e == '\'') {
                    out.append("\\z");
                } else {
                    out.append(Pattern.quote(String.valueOf(e)));
                }
                continue;
            }
            switch (c) {
                case '[' -> i = bracket(p, i, out, syntax);
                case '.' -> out.append(syntax == Syntax.EMACS ? "." : "(?s:.)");
                case '*' -> {
                    if (start) {
                        out.append("\\*");
                    } else {
                        out.append('*');
                    }
                }
                case '^' -> {
                    if (start || syntax == Syntax.EXTENDED) {
                        out.append('^');
                        atStart = true;
                    } else {
                        out.append("\\^");
                    }
                }
                case '$' -> {
                    boolean atEnd = i + 1 == n || p.startsWith("\\)", i + 1) || p.startsWith("\\|", i + 1);
                    out.append(syntax == Syntax.EXTENDED || atEnd ? "$" : "\\$");
                }
                case '+', '?' -> {
                    if (syntax == Syntax.BASIC || start) {
                        out.append('\\').append(c);
                    } else {
                        out.append(c);
                    }
                }
                case '{' -> {
                    if (syntax == Syntax.EXTENDED && !start) {
                        i = interval(p, i + 1, out, false);
                    } else {
                        out.append("\\{");
                    }
                }
                case '(', ')', '|' -> {
                    if (syntax == Syntax.EXTENDED) {
                        if (c == '(') {
                            groups++;
                            openGroups++;
                            atStart = true;
                        } else if (c == ')') {
                            if (openGroups == 0) {
                                out.append("\\)");
                                break;
                            }
                            openGroups--;
                        } else {
                            atStart = true;
                        }
                        out.append(c);
                    } else {
                        out.append('\\').append(c);
                    }
                }
                default -> out.append("\\^$.|?*+()[]{}".indexOf(c) >= 0 ? "\\" + c : String.valueOf(c));
            }
        }
        if (openGroups > 0) {
            throw new RegexException("Unmatched ( or \\(");
        }
        return out.toString();
    }

    /** Translates {@code {m,n}} (or {@code \{m,n\}}) starting after the brace; returns the index of the last char. */
    private static int interval(String p, int i, StringBuilder out, boolean escaped) throws RegexException {
        int j = i;
        while (j < p.length() && (Character.isDigit(p.charAt(j)) || p.charAt(j) == ',')) {
            j++;
        }
        String body = p.substring(i, j);
        boolean closed = escaped ? p.startsWith("\\}", j) : p.startsWith("}", j);
        if (!closed || body.isEmpty() || body.startsWith(",") && body.length() == 1) {
            throw new RegexException(closed ? "Invalid content of \\{\\}" : "Unmatched \\{");
        }
        out.append('{').append(body.startsWith(",") ? "0" + body : body).append('}');
        return escaped ? j + 1 : j;
    }

    /** Translates a bracket expression starting at {@code p[i] == '['}; returns the index of its ']'. */
    private static int bracket(String p, int i, StringBuilder out, Syntax syntax) throws RegexException {
        int j = i + 1;
        StringBuilder set = new StringBuilder("[");
        if (j < p.length() && p.charAt(j) == '^') {
            set.append('^');
            j++;
        }
        boolean first = true;
        while (true) {
            if (j >= p.length()) {
                throw new RegexException(first ? "Invalid regular expression" : "Unmatched [, [^, [:, [., or [=");
            }
            char c = p.charAt(j);
            if (c == ']' && !first) {
                break;
            }
            first = false;
            if (c == '[' && syntax != Syntax.EMACS && j + 1 < p.length() && ":.=".indexOf(p.charAt(j + 1)) >= 0) {
                char kind = p.charAt(j + 1);
                int close = p.indexOf(kind + "]", j + 2);
                if (close < 0) {
                    throw new RegexException("Unmatched [, [^, [:, [., or [=");
                }
                String name = p.substring(j + 2, close);
                if (kind == ':') {
                    String cls = posixClass(name);
                    if (cls == null) {
                        throw new RegexException("Invalid character class name");
                    }
                    set.append(cls);
                } else {
                    set.append(escapeInSet(name));
                }
                j = close + 2;
                continue;
            }
            set.append(escapeInSet(String.valueOf(c)));
            j++;
        }
        out.append(set).append(']');
        return j;
    }

    private static String escapeInSet(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            if ("\\[]^&-".indexOf(c) >= 0 && c != '-') {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.toString();
    }

    private static String posixClass(String name) {
        return ClassRanges.of(name);
    }
}
