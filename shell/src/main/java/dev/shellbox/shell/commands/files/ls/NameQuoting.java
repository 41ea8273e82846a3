package dev.shellbox.shell.commands.files.ls;

import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.Text;

/** The quoting styles of {@code ls --quoting-style}, {@code -Q}, {@code -b}, {@code -N} and {@code -q}. */
enum NameQuoting {
    LITERAL,
    LOCALE,
    SHELL,
    SHELL_ALWAYS,
    SHELL_ESCAPE,
    SHELL_ESCAPE_ALWAYS,
    C,
    ESCAPE;

    /** The name as ls shows it; {@code hideControl} turns unprintable characters into {@code ?} ({@code -q}). */
    String quote(String name, boolean hideControl) {
        return switch (this) {
            case LITERAL -> hideControl ? hideControl(name) : name;
            case LOCALE -> Quoting.locale(name);
            case SHELL -> Quoting.shell(hideControl(name));
            case SHELL_ALWAYS -> Quoting.shellAlways(hideControl(name));
            case SHELL_ESCAPE -> Quoting.shell(name);
            case SHELL_ESCAPE_ALWAYS -> Quoting.shellAlways(name);
            case C -> '"' + cEscape(name, false) + '"';
            case ESCAPE -> cEscape(name, true);
        };
    }

    /** Whether names may or may not get outer quotes, so unquoted ones are indented to line up. */
    boolean variableOuterQuotes() {
        return this == SHELL || this == SHELL_ESCAPE;
    }

    private static String hideControl(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(unprintable(c) ? '?' : c);
        }
        return sb.toString();
    }

    private static boolean unprintable(char c) {
        return c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) || Text.isEscapedByte(c);
    }

    private static String cEscape(String s, boolean escapeSpace) {
        StringBuilder sb = new StringBuilder(s.length() + 2);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '"' -> sb.append(escapeSpace ? "\"" : "\\\"");
                case ' ' -> sb.append(escapeSpace ? "\\ " : " ");
                case 0x07 -> sb.append("\\a");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case 0x0b -> sb.append("\\v");
                default -> {
                    if (unprintable(c)) {
                        for (byte b : Text.encode(String.valueOf(c))) {
                            sb.append('\\').append(String.format("%03o", b & 0xff));
                        }
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.toString();
    }
}
