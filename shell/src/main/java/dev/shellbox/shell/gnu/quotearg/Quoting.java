package dev.shellbox.shell.gnu.quotearg;

import dev.shellbox.shell.gnu.mbchar.SurrogateEscape;

/**
 * The quoting styles GNU tools use for names and values in messages (gnulib quotearg), working on strings decoded
 * with {@link SurrogateEscape#decode} so invalid bytes come out as octal escapes:
 *
 * <ul>
 *   <li>{@link #locale}: {@code ‘name’} with C escapes, what {@code quote()} gives in a UTF-8 locale
 *       ({@code mkdir: cannot create directory ‘d’: File exists});
 *   <li>{@link #shellAlways}: {@code 'name'}, shell-escaped, what {@code quoteaf()} gives ({@code rm: cannot remove
 *       'd': Is a directory});
 *   <li>{@link #shell}: the same, but only when the name needs it, what {@code quotef()} gives ({@code cat: 'a b': No
 *       such file or directory}); quotef also quotes a colon, so that the name cannot be mistaken for the message;
 *   <li>{@link #shellEscape}: {@code shell_escape_quoting_style} without that colon rule, for words a shell may read
 *       back ({@code xargs -t}, {@code diff}'s command lines);
 *   <li>{@link #c} and {@link #escape}: C-string escapes with and without the double quotes ({@code ls -Q},
 *       {@code ls -b}); {@link #hideUnprintable} shows each unprintable character as {@code ?} ({@code ls -q}).
 * </ul>
 */
public final class Quoting {
    private Quoting() {}

    /** {@code ‘name’} with control characters, invalid bytes, backslashes and right quotes escaped. */
    public static String locale(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('\u2018');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                sb.append("\\\\");
            } else if (c == '\u2019') {
                sb.append("\\\u2019");
            } else if (needsEscape(c)) {
                appendEscape(sb, c);
            } else {
                sb.append(c);
            }
        }
        return sb.append('\u2019').toString();
    }

    /** Shell-escaped and quoted only when the name contains something a shell would interpret, or a colon. */
    public static String shell(String s) {
        return needsShellQuoting(s, true) ? shellAlways(s) : s;
    }

    /** Shell-escaped and quoted only when the word contains something a shell would interpret. */
    public static String shellEscape(String s) {
        return needsShellQuoting(s, false) ? shellAlways(s) : s;
    }

    /** Always in single quotes, with {@code $'\t'} escapes, or in double quotes when that is enough for a quote. */
    public static String shellAlways(String s) {
        boolean hasQuote = s.indexOf('\'') >= 0;
        if (hasQuote && allDoubleQuoteSafe(s)) {
            return '"' + s + '"';
        }
        StringBuilder sb = new StringBuilder(s.length() + 2).append('\'');
        boolean inEscape = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (needsEscape(c)) {
                if (!inEscape) {
                    sb.append("'$'");
                    inEscape = true;
                }
                appendEscape(sb, c);
                continue;
            }
            if (c == '\'') {
                // Close the quoted (or $'...') part, add an escaped quote and reopen.
                sb.append("'\\''");
                inEscape = false;
                continue;
            }
            if (inEscape) {
                sb.append("''");
                inEscape = false;
            }
            sb.append(c);
        }
        return sb.append('\'').toString();
    }

    private static boolean needsShellQuoting(String s, boolean colon) {
        if (s.isEmpty()) {
            return true;
        }
        if (s.length() == 1 && (s.charAt(0) == '{' || s.charAt(0) == '}')) {
            return true;
        }
        if (s.charAt(0) == '#' || s.charAt(0) == '~') {
            return true;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (" !\"$&'()*;<=>?[\\^`|".indexOf(c) >= 0 || (colon && c == ':') || needsEscape(c)) {
                return true;
            }
        }
        return false;
    }

    /** Whether every character reads the same inside C-style double quotes as in a shell's: then "a'b" is used. */
    private static boolean allDoubleQuoteSafe(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ("!\"#$&()*;<=>?[\\^`{|}~".indexOf(c) >= 0 || needsEscape(c)) {
                return false;
            }
        }
        return true;
    }

    /** {@code "name"} with C escapes: {@code c_quoting_style}. */
    public static String c(String s) {
        return '"' + cEscape(s, false) + '"';
    }

    /** C escapes without quotes, a space escaped too: {@code escape_quoting_style}. */
    public static String escape(String s) {
        return cEscape(s, true);
    }

    /** Each character that would be escaped shown as {@code ?}. */
    public static String hideUnprintable(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(needsEscape(c) ? '?' : c);
        }
        return sb.toString();
    }

    private static String cEscape(String s, boolean escapeSpace) {
        StringBuilder sb = new StringBuilder(s.length() + 2);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                sb.append("\\\\");
            } else if (c == '"') {
                sb.append(escapeSpace ? "\"" : "\\\"");
            } else if (c == ' ') {
                sb.append(escapeSpace ? "\\ " : " ");
            } else if (needsEscape(c)) {
                appendEscape(sb, c);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Control characters, C1 controls and bytes that were not valid UTF-8 print as escapes. */
    private static boolean needsEscape(char c) {
        return c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) || SurrogateEscape.isEscapedByte(c);
    }

    private static void appendEscape(StringBuilder sb, char c) {
        switch (c) {
            case 0x07 -> sb.append("\\a");
            case '\b' -> sb.append("\\b");
            case '\f' -> sb.append("\\f");
            case '\n' -> sb.append("\\n");
            case '\r' -> sb.append("\\r");
            case '\t' -> sb.append("\\t");
            case 0x0b -> sb.append("\\v");
            default -> {
                for (byte b : SurrogateEscape.encode(String.valueOf(c))) {
                    sb.append('\\').append(String.format("%03o", b & 0xff));
                }
            }
        }
    }
}
