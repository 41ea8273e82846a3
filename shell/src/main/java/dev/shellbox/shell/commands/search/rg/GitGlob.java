package dev.shellbox.shell.commands.search.rg;

import dev.shellbox.shell.gnu.regex.PosixClass;
import java.util.regex.Pattern;

/**
 * ripgrep's globs ({@code rg --glob}, {@code --type} and ignore files): fnmatch(3)'s wildcards ({@code *}, {@code ?},
 * bracket expressions with {@code !} or {@code ^} negation and {@code [:class:]}, backslash quoting) plus gitignore's
 * {@code **} across path components, compiled to a java.util.regex pattern. GNU tools match with {@link
 * dev.shellbox.shell.gnu.fnmatch.Glob}, which has no {@code **}.
 */
public final class GitGlob {
    private final Pattern pattern;

    private GitGlob(Pattern pattern) {
        this.pattern = pattern;
    }

    /**
     * Compiles {@code glob}.
     *
     * @param pathname FNM_PATHNAME: wildcards never match {@code /}; then {@code **} as a whole path component
     *     matches any number of components, as in gitignore
     * @param ignoreCase FNM_CASEFOLD
     */
    public static GitGlob compile(String glob, boolean pathname, boolean ignoreCase) {
        StringBuilder re = new StringBuilder();
        int n = glob.length();
        for (int i = 0; i < n; i++) {
            char c = glob.charAt(i);
            switch (c) {
                case '*' -> {
                    if (pathname && i + 1 < n && glob.charAt(i + 1) == '*' && (i == 0 || glob.charAt(i - 1) == '/')) {
                        int after = i + 2;
                        if (after == n) {
                            re.append(".*");
                            i = after - 1;
                        } else if (glob.charAt(after) == '/') {
                            re.append("(?:.*/)?");
                            i = after;
                        } else {
                            re.append("[^/]*");
                        }
                    } else {
                        re.append(pathname ? "[^/]*" : ".*");
                    }
                }
                case '?' -> re.append(pathname ? "[^/]" : ".");
                case '[' -> {
                    int end = bracketEnd(glob, i);
                    if (end < 0) {
                        re.append("\\[");
                    } else {
                        re.append(bracket(glob.substring(i + 1, end), pathname));
                        i = end;
                    }
                }
                case '\\' -> {
                    if (i + 1 < n) {
                        i++;
                    }
                    quote(re, glob.charAt(i));
                }
                default -> quote(re, c);
            }
        }
        int flags = Pattern.DOTALL | (ignoreCase ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0);
        return new GitGlob(Pattern.compile(re.toString(), flags));
    }

    /** Whether {@code name} matches the whole pattern. */
    public boolean matches(CharSequence name) {
        return pattern.matcher(name).matches();
    }

    /** Whether {@code glob} has any wildcard character, i.e. is not just a literal name. */
    public static boolean hasWildcards(String glob) {
        for (int i = 0; i < glob.length(); i++) {
            if ("*?[\\".indexOf(glob.charAt(i)) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static void quote(StringBuilder re, char c) {
        if (Character.isLetterOrDigit(c)) {
            re.append(c);
        } else {
            re.append("\\x{").append(Integer.toHexString(c)).append('}');
        }
    }

    /** The index of the ']' closing the bracket expression at {@code open}, or -1 when it is not closed. */
    private static int bracketEnd(String glob, int open) {
        int i = open + 1;
        if (i < glob.length() && (glob.charAt(i) == '!' || glob.charAt(i) == '^')) {
            i++;
        }
        if (i < glob.length() && glob.charAt(i) == ']') {
            i++;
        }
        while (i < glob.length()) {
            char c = glob.charAt(i);
            if (c == '[' && i + 1 < glob.length() && glob.charAt(i + 1) == ':') {
                int close = glob.indexOf(":]", i + 2);
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

    private static String bracket(String body, boolean pathname) {
        StringBuilder sb = new StringBuilder("[");
        int i = 0;
        if (!body.isEmpty() && (body.charAt(0) == '!' || body.charAt(0) == '^')) {
            sb.append('^');
            if (pathname) {
                sb.append('/');
            }
            i = 1;
        }
        while (i < body.length()) {
            char c = body.charAt(i);
            if (c == '[' && i + 1 < body.length() && body.charAt(i + 1) == ':') {
                int close = body.indexOf(":]", i + 2);
                PosixClass cls = PosixClass.named(body.substring(i + 2, close));
                if (cls != null) {
                    sb.append(cls.java());
                }
                i = close + 2;
                continue;
            }
            if (i + 2 < body.length() && body.charAt(i + 1) == '-') {
                sb.append("\\x{")
                        .append(Integer.toHexString(c))
                        .append("}-\\x{")
                        .append(Integer.toHexString(body.charAt(i + 2)))
                        .append('}');
                i += 3;
                continue;
            }
            sb.append("\\x{").append(Integer.toHexString(c)).append('}');
            i++;
        }
        return sb.append(']').toString();
    }
}
