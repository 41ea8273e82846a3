package dev.shellbox.vfs.domain;

import java.util.regex.Pattern;

/**
 * Shell-style globs: {@code *} and {@code ?} within one path component, {@code **} across components, {@code [...]}
 * (with {@code !} or {@code ^} to negate) and {@code {a,b}}. A glob without a slash matches entry names (like
 * {@code find -name} or {@code grep --include}); one with a slash matches paths relative to the search root.
 */
public final class Glob {
    private final Pattern pattern;
    private final boolean matchesPaths;

    private Glob(Pattern pattern, boolean matchesPaths) {
        this.pattern = pattern;
        this.matchesPaths = matchesPaths;
    }

    public static Glob compile(String glob) {
        if (glob == null || glob.isEmpty()) {
            throw new VfsException(Errno.EINVAL, null, "a glob must not be empty");
        }
        try {
            return new Glob(Pattern.compile(toRegex(glob)), glob.indexOf('/') >= 0);
        } catch (IllegalArgumentException e) {
            throw new VfsException(Errno.EINVAL, null, "invalid glob " + glob);
        }
    }

    /** Whether an entry matches, given its name and its path relative to the search root. */
    public boolean matches(String name, String relativePath) {
        return pattern.matcher(matchesPaths ? relativePath : name).matches();
    }

    static String toRegex(String glob) {
        StringBuilder re = new StringBuilder();
        int braces = 0;
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            switch (c) {
                case '*' -> {
                    if (i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                        i++;
                        if (i + 1 < glob.length() && glob.charAt(i + 1) == '/') {
                            i++;
                            re.append("(?:.*/)?");
                        } else {
                            re.append(".*");
                        }
                    } else {
                        re.append("[^/]*");
                    }
                }
                case '?' -> re.append("[^/]");
                case '[' -> {
                    int end = glob.indexOf(']', i + 2);
                    if (end < 0) {
                        re.append("\\[");
                        break;
                    }
                    String body = glob.substring(i + 1, end);
                    if (body.startsWith("!") || body.startsWith("^")) {
                        body = "^" + body.substring(1);
                    }
                    re.append('[').append(body.replace("\\", "\\\\")).append(']');
                    i = end;
                }
                case '{' -> {
                    braces++;
                    re.append("(?:");
                }
                case '}' -> {
                    if (braces > 0) {
                        braces--;
                        re.append(')');
                    } else {
                        re.append("\\}");
                    }
                }
                case ',' -> re.append(braces > 0 ? "|" : ",");
                default -> {
                    if ("\\.^$+()|".indexOf(c) >= 0) {
                        re.append('\\');
                    }
                    re.append(c);
                }
            }
        }
        if (braces != 0) {
            throw new IllegalArgumentException("unbalanced braces");
        }
        return re.toString();
    }
}
