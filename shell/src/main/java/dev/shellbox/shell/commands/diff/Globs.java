package dev.shellbox.shell.commands.diff;

/** fnmatch(3) without flags, for --exclude patterns: {@code *}, {@code ?}, bracket expressions and backslash. */
final class Globs {
    private Globs() {}

    static boolean matches(String pattern, String name) {
        return match(pattern, 0, name, 0);
    }

    private static boolean match(String p, int pi, String s, int si) {
        while (pi < p.length()) {
            char c = p.charAt(pi);
            switch (c) {
                case '*' -> {
                    while (pi < p.length() && p.charAt(pi) == '*') {
                        pi++;
                    }
                    if (pi == p.length()) {
                        return true;
                    }
                    for (int k = si; k <= s.length(); k++) {
                        if (match(p, pi, s, k)) {
                            return true;
                        }
                    }
                    return false;
                }
                case '?' -> {
                    if (si >= s.length()) {
                        return false;
                    }
                    pi++;
                    si++;
                }
                case '[' -> {
                    int end = bracketEnd(p, pi);
                    if (end < 0) {
                        if (si >= s.length() || s.charAt(si) != '[') {
                            return false;
                        }
                        pi++;
                        si++;
                        continue;
                    }
                    if (si >= s.length() || !bracketMatches(p, pi + 1, end, s.charAt(si))) {
                        return false;
                    }
                    pi = end + 1;
                    si++;
                }
                case '\\' -> {
                    char literal = pi + 1 < p.length() ? p.charAt(pi + 1) : '\\';
                    if (si >= s.length() || s.charAt(si) != literal) {
                        return false;
                    }
                    pi += pi + 1 < p.length() ? 2 : 1;
                    si++;
                }
                default -> {
                    if (si >= s.length() || s.charAt(si) != c) {
                        return false;
                    }
                    pi++;
                    si++;
                }
            }
        }
        return si == s.length();
    }

    private static int bracketEnd(String p, int open) {
        int i = open + 1;
        if (i < p.length() && (p.charAt(i) == '!' || p.charAt(i) == '^')) {
            i++;
        }
        if (i < p.length() && p.charAt(i) == ']') {
            i++;
        }
        while (i < p.length() && p.charAt(i) != ']') {
            if (p.charAt(i) == '[' && i + 1 < p.length() && p.charAt(i + 1) == ':') {
                int close = p.indexOf(":]", i + 2);
                if (close > 0) {
                    i = close + 2;
                    continue;
                }
            }
            i++;
        }
        return i < p.length() ? i : -1;
    }

    private static boolean bracketMatches(String p, int from, int end, char c) {
        boolean negate = p.charAt(from) == '!' || p.charAt(from) == '^';
        int i = negate ? from + 1 : from;
        boolean found = false;
        while (i < end) {
            char x = p.charAt(i);
            if (x == '[' && i + 1 < end && p.charAt(i + 1) == ':') {
                int close = p.indexOf(":]", i + 2);
                found |= classMatches(p.substring(i + 2, close), c);
                i = close + 2;
                continue;
            }
            if (i + 2 < end && p.charAt(i + 1) == '-') {
                char hi = p.charAt(i + 2);
                found |= x <= c && c <= hi;
                i += 3;
            } else {
                found |= x == c;
                i++;
            }
        }
        return found != negate;
    }

    private static boolean classMatches(String name, char c) {
        return switch (name) {
            case "alpha" -> Character.isLetter(c);
            case "digit" -> c >= '0' && c <= '9';
            case "alnum" -> Character.isLetterOrDigit(c);
            case "upper" -> Character.isUpperCase(c);
            case "lower" -> Character.isLowerCase(c);
            case "space" -> Character.isWhitespace(c);
            case "punct" -> c < 128 && !Character.isLetterOrDigit(c) && c > 32 && c != 127;
            default -> false;
        };
    }
}
