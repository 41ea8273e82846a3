package dev.shellbox.shell.expand;

import dev.shellbox.shell.gnu.regex.ClassRanges;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** Translates POSIX extended regular expressions (as {@code [[ =~ ]]} uses them) into java.util.regex patterns. */
public final class RegexTranslator {
    private static final int CACHE_LIMIT = 256;
    private static final Map<String, Pattern> CACHE = new ConcurrentHashMap<>();

    private RegexTranslator() {}

    /** Escapes every regex metacharacter of a literal text. */
    public static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 4);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ("\\.[]{}()*+?^$|".indexOf(c) >= 0) {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.toString();
    }

    /** Compiles an ERE; throws PatternSyntaxException when it is invalid. */
    public static Pattern compile(String ere, boolean ignoreCase) {
        String key = (ignoreCase ? "i" : "-") + ere;
        Pattern p = CACHE.get(key);
        if (p == null) {
            int flags = Pattern.DOTALL | (ignoreCase ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0);
            p = Pattern.compile(translate(ere), flags);
            if (CACHE.size() > CACHE_LIMIT) {
                CACHE.clear();
            }
            CACHE.put(key, p);
        }
        return p;
    }

    static String translate(String ere) {
        StringBuilder out = new StringBuilder(ere.length() + 8);
        int n = ere.length();
        int i = 0;
        while (i < n) {
            char c = ere.charAt(i);
            if (c == '\\' && i + 1 < n) {
                char next = ere.charAt(i + 1);
                if (Character.isLetterOrDigit(next)) {
                    // POSIX has no \d etc.; \< \> \b are GNU extensions; keep letters literal
                    if (next == 'b' || next == 'B' || next == 'w' || next == 'W' || next == 's' || next == 'S') {
                        out.append('\\').append(next);
                    } else if (Character.isDigit(next)) {
                        out.append('\\').append(next);
                    } else {
                        out.append(next);
                    }
                } else if (next == '<' || next == '>') {
                    out.append("\\b");
                } else {
                    out.append('\\').append(next);
                }
                i += 2;
                continue;
            }
            if (c == '[') {
                int end = bracketEnd(ere, i);
                if (end < 0) {
                    throw new PatternSyntaxException("brackets ([ ]) not balanced", ere, i);
                }
                out.append(translateBracket(ere.substring(i + 1, end)));
                i = end + 1;
                continue;
            }
            if (c == '$') {
                out.append("(?!(?s:.))");
                i++;
                continue;
            }
            if (c == '{') {
                // an interval only after an atom and when well formed; otherwise literal
                int close = ere.indexOf('}', i);
                if (close > 0 && ere.substring(i + 1, close).matches("\\d+(,\\d*)?") && !out.isEmpty()) {
                    out.append(ere, i, close + 1);
                    i = close + 1;
                    continue;
                }
                out.append("\\{");
                i++;
                continue;
            }
            if (c == '}') {
                out.append("\\}");
                i++;
                continue;
            }
            out.append(c);
            i++;
        }
        return out.toString();
    }

    private static int bracketEnd(String s, int open) {
        int i = open + 1;
        if (i < s.length() && s.charAt(i) == '^') {
            i++;
        }
        if (i < s.length() && s.charAt(i) == ']') {
            i++;
        }
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '['
                    && i + 1 < s.length()
                    && (s.charAt(i + 1) == ':' || s.charAt(i + 1) == '.' || s.charAt(i + 1) == '=')) {
                int close = s.indexOf(s.charAt(i + 1) + "]", i + 2);
                if (close > 0) {
                    i = close + 2;
                    continue;
                }
            }
            if (c == ']') {
                return i;
            }
            i++;
        }
        return -1;
    }

    private static String translateBracket(String body) {
        StringBuilder sb = new StringBuilder("[");
        int i = 0;
        if (body.startsWith("^")) {
            sb.append('^');
            i = 1;
        }
        boolean first = true;
        while (i < body.length()) {
            char c = body.charAt(i);
            if (c == '[' && i + 1 < body.length() && body.charAt(i + 1) == ':') {
                int close = body.indexOf(":]", i + 2);
                if (close > 0) {
                    sb.append(posixClass(body.substring(i + 2, close)));
                    i = close + 2;
                    first = false;
                    continue;
                }
            }
            if (c == '[' && i + 1 < body.length() && (body.charAt(i + 1) == '.' || body.charAt(i + 1) == '=')) {
                char d = body.charAt(i + 1);
                int close = body.indexOf(d + "]", i + 2);
                if (close > 0) {
                    sb.append(quote(body.substring(i + 2, close)));
                    i = close + 2;
                    first = false;
                    continue;
                }
            }
            if (c == ']' && first) {
                sb.append("\\]");
            } else if (c == '\\' || c == '[' || c == '&' || c == '^' || c == ']') {
                sb.append('\\').append(c);
            } else {
                sb.append(c);
            }
            first = false;
            i++;
        }
        return sb.append(']').toString();
    }

    private static String posixClass(String name) {
        String body = name.equals("word") ? "\\w" : ClassRanges.of(name);
        if (body == null) {
            throw new PatternSyntaxException("invalid character class", name, 0);
        }
        return body;
    }
}
