package dev.shellbox.shell.gnu.fnmatch;

/**
 * fnmatch(3) for the patterns of {@code find -name/-path}, {@code ls --ignore} and {@code tree -I}: {@code *},
 * {@code ?}, bracket expressions with ranges, negation and character classes, and backslash escapes.
 */
public final class Glob {
    private final String pattern;
    private final boolean period;
    private final boolean caseFold;
    private final boolean pathname;

    private Glob(String pattern, boolean period, boolean caseFold, boolean pathname) {
        this.pattern = pattern;
        this.period = period;
        this.caseFold = caseFold;
        this.pathname = pathname;
    }

    /**
     * @param period a leading dot must be matched explicitly (FNM_PERIOD)
     * @param caseFold ignore case (FNM_CASEFOLD)
     * @param pathname wildcards do not match a slash (FNM_PATHNAME)
     */
    public static Glob compile(String pattern, boolean period, boolean caseFold, boolean pathname) {
        return new Glob(pattern, period, caseFold, pathname);
    }

    public boolean matches(String name) {
        return match(0, name, 0);
    }

    private boolean match(int p, String s, int i) {
        int n = pattern.length();
        while (p < n) {
            char c = pattern.charAt(p);
            switch (c) {
                case '*' -> {
                    while (p < n && pattern.charAt(p) == '*') {
                        p++;
                    }
                    if (leadingDot(s, i)) {
                        return false;
                    }
                    if (p == n) {
                        return !pathname || s.indexOf('/', i) < 0;
                    }
                    for (int k = i; k <= s.length(); k++) {
                        if (match(p, s, k)) {
                            return true;
                        }
                        if (k < s.length() && pathname && s.charAt(k) == '/') {
                            return false;
                        }
                    }
                    return false;
                }
                case '?' -> {
                    if (i >= s.length() || (pathname && s.charAt(i) == '/') || leadingDot(s, i)) {
                        return false;
                    }
                    p++;
                    i++;
                }
                case '[' -> {
                    if (i >= s.length() || (pathname && s.charAt(i) == '/') || leadingDot(s, i)) {
                        return false;
                    }
                    int end = bracketEnd(p);
                    if (end < 0) {
                        if (!same('[', s.charAt(i))) {
                            return false;
                        }
                        p++;
                        i++;
                    } else {
                        if (!bracketMatches(p + 1, end, s.charAt(i))) {
                            return false;
                        }
                        p = end + 1;
                        i++;
                    }
                }
                case '\\' -> {
                    char literal = p + 1 < n ? pattern.charAt(++p) : '\\';
                    if (i >= s.length() || !same(literal, s.charAt(i))) {
                        return false;
                    }
                    p++;
                    i++;
                }
                default -> {
                    if (i >= s.length() || !same(c, s.charAt(i))) {
                        return false;
                    }
                    p++;
                    i++;
                }
            }
        }
        return i == s.length();
    }

    private boolean leadingDot(String s, int i) {
        return period && i < s.length() && s.charAt(i) == '.' && (i == 0 || (pathname && s.charAt(i - 1) == '/'));
    }

    /** The index of the {@code ]} closing the bracket expression at {@code open}, or -1. */
    private int bracketEnd(int open) {
        int k = open + 1;
        if (k < pattern.length() && (pattern.charAt(k) == '!' || pattern.charAt(k) == '^')) {
            k++;
        }
        if (k < pattern.length() && pattern.charAt(k) == ']') {
            k++;
        }
        while (k < pattern.length()) {
            char c = pattern.charAt(k);
            if (c == '[' && k + 1 < pattern.length() && pattern.charAt(k + 1) == ':') {
                int close = pattern.indexOf(":]", k + 2);
                if (close > 0) {
                    k = close + 2;
                    continue;
                }
            }
            if (c == ']') {
                return k;
            }
            if (c == '\\') {
                k++;
            }
            k++;
        }
        return -1;
    }

    private boolean bracketMatches(int from, int end, char ch) {
        boolean negate = pattern.charAt(from) == '!' || pattern.charAt(from) == '^';
        int k = negate ? from + 1 : from;
        boolean found = false;
        boolean first = true;
        while (k < end) {
            char c = pattern.charAt(k);
            if (c == '[' && k + 1 < end && pattern.charAt(k + 1) == ':') {
                int close = pattern.indexOf(":]", k + 2);
                if (close > 0 && close < end) {
                    found |= inClass(pattern.substring(k + 2, close), ch);
                    k = close + 2;
                    first = false;
                    continue;
                }
            }
            if (c == '\\' && k + 1 < end) {
                c = pattern.charAt(++k);
            } else if (c == ']' && !first) {
                break;
            }
            first = false;
            if (k + 2 < end && pattern.charAt(k + 1) == '-' && pattern.charAt(k + 2) != ']') {
                char hi = pattern.charAt(k + 2);
                if (hi == '\\' && k + 3 < end) {
                    hi = pattern.charAt(k + 3);
                    k++;
                }
                found |= inRange(c, hi, ch);
                k += 3;
                continue;
            }
            found |= same(c, ch);
            k++;
        }
        return found != negate;
    }

    private boolean inRange(char lo, char hi, char ch) {
        if (lo <= ch && ch <= hi) {
            return true;
        }
        if (caseFold) {
            char l = Character.toLowerCase(ch);
            char u = Character.toUpperCase(ch);
            return (lo <= l && l <= hi) || (lo <= u && u <= hi);
        }
        return false;
    }

    private static boolean inClass(String name, char c) {
        return switch (name) {
            case "alpha" -> Character.isLetter(c);
            case "digit" -> c >= '0' && c <= '9';
            case "alnum" -> Character.isLetterOrDigit(c);
            case "upper" -> Character.isUpperCase(c);
            case "lower" -> Character.isLowerCase(c);
            case "space" -> Character.isWhitespace(c);
            case "blank" -> c == ' ' || c == '\t';
            case "punct" -> c < 128 && c > 32 && c != 127 && !Character.isLetterOrDigit(c);
            case "print" -> c >= 32 && c != 127;
            case "graph" -> c > 32 && c != 127;
            case "cntrl" -> c < 32 || c == 127;
            case "xdigit" -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            default -> false;
        };
    }

    private boolean same(char a, char b) {
        return a == b || (caseFold && Character.toLowerCase(a) == Character.toLowerCase(b));
    }
}
