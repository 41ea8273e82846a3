package dev.shellbox.shell.commands;

import dev.shellbox.shell.io.Text;

/**
 * gnulib's shell quoting styles, used where GNU tools print words a shell could read back: {@code xargs -t} quotes
 * only words that need it, {@code nohup} always quotes. Control characters and invalid bytes become {@code $'\ooo'}.
 */
public final class ShellQuoting {
    private static final String SPECIAL = " \t\n!\"$&'()*;<=>?[\\^`|";
    private static final String SPECIAL_IN_DOUBLE_QUOTES = "\"$`\\!";

    private ShellQuoting() {}

    /** The word as is when a shell would read it unchanged, quoted otherwise. */
    public static String quoteIfNeeded(String s) {
        return needsQuoting(s) ? quote(s) : s;
    }

    /** The word quoted: in double quotes when it holds a single quote and nothing else special, else single. */
    public static String quote(String s) {
        if (s.chars().noneMatch(c -> isControl((char) c))) {
            if (s.indexOf('\'') >= 0 && s.chars().noneMatch(c -> SPECIAL_IN_DOUBLE_QUOTES.indexOf(c) >= 0)) {
                return "\"" + s + "\"";
            }
            return "'" + s.replace("'", "'\\''") + "'";
        }
        // Control characters go in $'...' segments between single-quoted runs: 'a'$'\n''b'.
        StringBuilder sb = new StringBuilder("'");
        boolean inDollarQuote = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isControl(c)) {
                if (!inDollarQuote) {
                    sb.append("'$'");
                    inDollarQuote = true;
                }
                sb.append(escape(c));
            } else {
                if (inDollarQuote) {
                    sb.append("''");
                    inDollarQuote = false;
                }
                sb.append(c == '\'' ? "'\\''" : String.valueOf(c));
            }
        }
        return sb.append('\'').toString();
    }

    private static String escape(char c) {
        switch (c) {
            case '\u0007':
                return "\\a";
            case '\b':
                return "\\b";
            case '\f':
                return "\\f";
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            case '\t':
                return "\\t";
            case '\u000b':
                return "\\v";
            default:
                int b = Text.isEscapedByte(c) ? c - 0xDC00 : c;
                return "\\" + (char) ('0' + ((b >> 6) & 7)) + (char) ('0' + ((b >> 3) & 7)) + (char) ('0' + (b & 7));
        }
    }

    private static boolean needsQuoting(String s) {
        if (s.isEmpty() || s.charAt(0) == '#' || s.charAt(0) == '~') {
            return true;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (SPECIAL.indexOf(c) >= 0 || isControl(c)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isControl(char c) {
        return c < 0x20 || c == 0x7f || Text.isEscapedByte(c);
    }
}
