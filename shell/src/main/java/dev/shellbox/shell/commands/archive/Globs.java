package dev.shellbox.shell.commands.archive;

import java.util.regex.Pattern;

/** Shell wildcard patterns (*, ?, [...]) as regular expressions, for tar --exclude and unzip -x. */
final class Globs {
    private Globs() {}

    /** The pattern as a regex in which '*' also matches '/', as tar's exclusion patterns do. */
    static Pattern toRegex(String glob) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            switch (c) {
                case '*' -> sb.append(".*");
                case '?' -> sb.append('.');
                case '[' -> {
                    int close = glob.indexOf(']', i + 2);
                    if (close < 0) {
                        sb.append("\\[");
                    } else {
                        String body = glob.substring(i + 1, close);
                        if (body.startsWith("!")) {
                            body = "^" + body.substring(1);
                        }
                        sb.append('[').append(body.replace("\\", "\\\\")).append(']');
                        i = close;
                    }
                }
                case '\\' -> {
                    if (i + 1 < glob.length()) {
                        sb.append(Pattern.quote(String.valueOf(glob.charAt(++i))));
                    }
                }
                default -> sb.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(sb.toString(), Pattern.DOTALL);
    }

    /** tar's unanchored exclusion: the pattern matches the whole name or any tail of it after a '/'. */
    static boolean matchesAnyTail(Pattern pattern, String name) {
        String n = name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
        if (pattern.matcher(n).matches()) {
            return true;
        }
        for (int i = n.indexOf('/'); i >= 0; i = n.indexOf('/', i + 1)) {
            if (pattern.matcher(n.substring(i + 1)).matches()) {
                return true;
            }
        }
        return false;
    }
}
