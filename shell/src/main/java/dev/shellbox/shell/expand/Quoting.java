package dev.shellbox.shell.expand;

/** The quoting styles bash uses to print values back as shell input. */
public final class Quoting {
    private Quoting() {}

    /** {@code ${x@Q}}: {@code 'text'}, or {@code $'...'} when the text has control characters. */
    public static String single(String s) {
        if (needsAnsiC(s)) {
            return ansiC(s);
        }
        return plainSingle(s);
    }

    /** {@code 'text'} whatever the text holds (trap -p keeps control characters and newlines as they are). */
    public static String plainSingle(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** {@code declare -p} style: {@code "text"} with {@code \ " $ `} escaped. */
    public static String doubleQuoted(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\' || c == '$' || c == '`') {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.append('"').toString();
    }

    /** {@code declare -p} for a scalar: double quotes, or {@code $'...'} with control characters. */
    public static String declareValue(String s) {
        if (needsAnsiC(s)) {
            return ansiC(s);
        }
        return doubleQuoted(s);
    }

    private static boolean needsAnsiC(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 32 || c == 127 || (c >= 0xDC80 && c <= 0xDCFF)) {
                return true;
            }
        }
        return false;
    }

    /** {@code $'...'} with C escapes. */
    public static String ansiC(String s) {
        StringBuilder sb = new StringBuilder("$'");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                case 7 -> sb.append("\\a");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                case 11 -> sb.append("\\v");
                case 27 -> sb.append("\\E");
                case '\'' -> sb.append("\\'");
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (c < 32 || c == 127) {
                        sb.append(String.format("\\%03o", (int) c));
                    } else if (c >= 0xDC80 && c <= 0xDCFF) {
                        sb.append(String.format("\\%03o", c - 0xDC00));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('\'').toString();
    }

    /** {@code printf %q}: backslashes before special characters, {@code ''} for empty, {@code $'...'} for controls. */
    public static String backslash(String s) {
        if (s.isEmpty()) {
            return "''";
        }
        if (needsAnsiC(s)) {
            return ansiC(s);
        }
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (" \t\n'\"\\$`!&;|<>()[]{}*?#~=%^,".indexOf(c) >= 0) {
                if (c == '~' && i != 0) {
                    sb.append(c);
                    continue;
                }
                if ((c == '=' || c == '%' || c == ',' || c == '^' || c == '#') && !(c == '#' && i == 0)) {
                    sb.append(c);
                    continue;
                }
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.toString();
    }
}
