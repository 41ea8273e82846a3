package dev.shellbox.shell.gnu.regex;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Translates the regular expressions of GNU tools into {@link java.util.regex}: POSIX basic (with GNU's {@code \+ \?
 * \|}), POSIX extended, and the Emacs syntax that {@code find -regex} uses by default. Bracket expressions with
 * POSIX classes, back-references and GNU's {@code \< \> \b \B \w \W \s \S \` \'} are supported.
 */
public final class FindRegex {
    /** The flavours GNU's regex library offers. */
    public enum Syntax {
        BASIC,
        EXTENDED,
        EMACS
    }

    private FindRegex() {}

    /** Compiles {@code regex}; throws PatternSyntaxException when it is invalid. */
    public static Pattern compile(String regex, Syntax syntax, boolean ignoreCase) {
        String java = translate(regex, syntax);
        int flags = ignoreCase ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0;
        return Pattern.compile(java, flags | Pattern.DOTALL);
    }

    public static String translate(String re, Syntax syntax) {
        StringBuilder out = new StringBuilder();
        int n = re.length();
        boolean atStart = true; // where * is literal in BRE and ^ is an anchor
        for (int i = 0; i < n; i++) {
            char c = re.charAt(i);
            boolean start = atStart;
            atStart = false;
            if (c == '[') {
                int end = bracketEnd(re, i);
                if (end < 0) {
                    throw new PatternSyntaxException("Unmatched [", re, i);
                }
                out.append(bracket(re.substring(i + 1, end)));
                i = end;
                continue;
            }
            if (c == '\\') {
                if (i + 1 >= n) {
                    throw new PatternSyntaxException("Trailing backslash", re, i);
                }
                char e = re.charAt(++i);
                switch (e) {
                    case '(' -> {
                        if (syntax == Syntax.EXTENDED) {
                            out.append("\\(");
                        } else {
                            out.append('(');
                            atStart = true;
                        }
                    }
                    case ')' -> out.append(syntax == Syntax.EXTENDED ? "\\)" : ")");
                    case '|' -> {
                        if (syntax == Syntax.EXTENDED) {
                            out.append("\\|");
                        } else {
                            out.append('|');
                            atStart = true;
                        }
                    }
                    case '{' -> out.append(syntax == Syntax.BASIC ? "{" : "\\{");
                    case '}' -> out.append(syntax == Syntax.BASIC ? "}" : "\\}");
                    case '+', '?' -> out.append(syntax == Syntax.BASIC ? String.valueOf(e) : "\\" + e);
                    case '<' -> out.append("\\b(?=\\w)");
                    case '>' -> out.append("\\b(?<=\\w)");
                    case 'b', 'B', 'w', 'W', 's', 'S' -> out.append('\\').append(e);
                    case '`' -> out.append("\\A");
                    case '\'' -> out.append("\\z");
                    default -> {
                        if (e >= '1' && e <= '9') {
                            out.append('\\').append(e);
                        } else {
                            out.append(Pattern.quote(String.valueOf(e)));
                        }
                    }
                }
                continue;
            }
            switch (c) {
                case '^' -> {
                    if (syntax == Syntax.EXTENDED || start) {
                        out.append('^');
                        atStart = true;
                    } else {
                        out.append("\\^");
                    }
                }
                case '$' -> {
                    boolean end = i + 1 == n
                            || (syntax != Syntax.EXTENDED
                                    && (re.startsWith("\\)", i + 1) || re.startsWith("\\|", i + 1)));
                    out.append(syntax == Syntax.EXTENDED || end ? "$" : "\\$");
                }
                case '*' -> out.append(start && syntax != Syntax.EXTENDED ? "\\*" : "*");
                case '+', '?' -> out.append(syntax == Syntax.BASIC || (start && syntax == Syntax.EMACS) ? "\\" + c : c);
                case '(' -> {
                    if (syntax == Syntax.EXTENDED) {
                        out.append('(');
                        atStart = true;
                    } else {
                        out.append("\\(");
                    }
                }
                case ')' -> out.append(syntax == Syntax.EXTENDED ? ")" : "\\)");
                case '|' -> {
                    if (syntax == Syntax.EXTENDED) {
                        out.append('|');
                        atStart = true;
                    } else {
                        out.append("\\|");
                    }
                }
                case '{', '}' -> out.append(syntax == Syntax.EXTENDED ? String.valueOf(c) : "\\" + c);
                case '.' -> out.append('.');
                default -> out.append(literal(c));
            }
        }
        return out.toString();
    }

    private static String literal(char c) {
        return "\\[]{}()*+?.^$|&-".indexOf(c) >= 0 ? "\\" + c : String.valueOf(c);
    }

    /** The index of the {@code ]} that closes the bracket expression opened at {@code open}, or -1. */
    private static int bracketEnd(String re, int open) {
        int k = open + 1;
        if (k < re.length() && re.charAt(k) == '^') {
            k++;
        }
        if (k < re.length() && re.charAt(k) == ']') {
            k++;
        }
        while (k < re.length()) {
            char c = re.charAt(k);
            if (c == '[' && k + 1 < re.length() && ":=.".indexOf(re.charAt(k + 1)) >= 0) {
                int close = re.indexOf(re.charAt(k + 1) + "]", k + 2);
                if (close < 0) {
                    return -1;
                }
                k = close + 2;
                continue;
            }
            if (c == ']') {
                return k;
            }
            k++;
        }
        return -1;
    }

    /** A POSIX bracket body (between [ and ]) as a Java character class. */
    private static String bracket(String body) {
        StringBuilder sb = new StringBuilder("[");
        int i = 0;
        if (body.startsWith("^")) {
            sb.append('^');
            i++;
        }
        boolean first = true;
        while (i < body.length()) {
            char c = body.charAt(i);
            if (c == '[' && i + 1 < body.length() && ":=.".indexOf(body.charAt(i + 1)) >= 0) {
                char kind = body.charAt(i + 1);
                int close = body.indexOf(kind + "]", i + 2);
                String name = body.substring(i + 2, close);
                if (kind == ':') {
                    sb.append(posixClass(name));
                } else {
                    for (char ch : name.toCharArray()) {
                        sb.append(classLiteral(ch));
                    }
                }
                i = close + 2;
                first = false;
                continue;
            }
            if (c == '-' && !first && i + 1 < body.length()) {
                sb.append('-');
            } else {
                sb.append(classLiteral(c));
            }
            first = false;
            i++;
        }
        return sb.append(']').toString();
    }

    private static String classLiteral(char c) {
        return "\\[]^&-".indexOf(c) >= 0 ? "\\" + c : String.valueOf(c);
    }

    private static String posixClass(String name) {
        String body = name.equals("word") ? "\\w" : ClassRanges.of(name);
        if (body == null) {
            throw new PatternSyntaxException("Invalid character class name", name, 0);
        }
        return body;
    }
}
