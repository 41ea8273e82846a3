package dev.shellbox.shell.commands.support;

/**
 * Quotes a file name the way GNU tools print operands in diagnostics (gnulib's shell-escape quoting): plain names
 * stay bare, others get single quotes, double quotes when the name holds a single quote, and {@code $'\n'} pieces for
 * control characters.
 */
public final class ShellQuote {
    private ShellQuote() {}

    public static String quote(String name) {
        if (!name.isEmpty() && name.chars().allMatch(ShellQuote::isPlain)) {
            return name;
        }
        boolean control = name.chars().anyMatch(c -> c < 0x20 || c == 0x7f);
        if (!control && name.indexOf('\'') >= 0 && name.chars().noneMatch(c -> "\"$`\\".indexOf(c) >= 0)) {
            return "\"" + name + "\"";
        }
        StringBuilder sb = new StringBuilder("'");
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '\'') {
                sb.append("'\\''");
            } else if (c < 0x20 || c == 0x7f) {
                sb.append("'$'").append(controlEscape(c)).append("''");
            } else {
                sb.append(c);
            }
        }
        String quoted = sb.append('\'').toString();
        // gnulib drops the empty '' pairs that splicing leaves at either end.
        if (quoted.startsWith("'''")) {
            quoted = quoted.substring(2);
        }
        if (quoted.endsWith("'''") && quoted.length() > 3) {
            quoted = quoted.substring(0, quoted.length() - 2);
        }
        return quoted;
    }

    private static String controlEscape(char c) {
        return switch (c) {
            case '\n' -> "\\n";
            case '\t' -> "\\t";
            case '\r' -> "\\r";
            case '\b' -> "\\b";
            case '\f' -> "\\f";
            case 0x07 -> "\\a";
            case 0x0b -> "\\v";
            default -> String.format("\\%03o", (int) c);
        };
    }

    private static boolean isPlain(int c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || "-_./+,:=@%^".indexOf(c) >= 0
                || c >= 0x80;
    }
}
