package dev.shellbox.shell.commands.text;

/**
 * The quoting GNU tools apply to names and values in messages: {@link #locale} is gnulib's quote() in a UTF-8 locale
 * (‘value’), {@link #shell} and {@link #shellAlways} are the shell-escape styles of quotef() and quoteaf().
 */
public final class Quoting {
    private Quoting() {}

    /** ‘value’, as quote() prints an option argument in a UTF-8 locale: backslashes and controls escaped. */
    public static String locale(String value) {
        StringBuilder sb = new StringBuilder(value.length() + 2).append('\u2018');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\') {
                sb.append("\\\\");
            } else if (c < 0x20 || c == 0x7f) {
                sb.append(controlEscape(c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('\u2019').toString();
    }

    /** The name as is when the shell would read it back unchanged, else quoted as {@link #shellAlways} does. */
    public static String shell(String name) {
        if (!name.isEmpty() && isShellSafe(name)) {
            return name;
        }
        return shellAlways(name);
    }

    /** The name in shell quotes: 'a b', "it's", 'a'$'\n''b'. */
    public static String shellAlways(String name) {
        boolean control = false;
        boolean singleQuote = false;
        boolean doubleQuoteSpecial = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                control = true;
            } else if (c == '\'') {
                singleQuote = true;
            } else if ("\"$`\\".indexOf(c) >= 0) {
                doubleQuoteSpecial = true;
            }
        }
        if (!control) {
            if (singleQuote && !doubleQuoteSpecial) {
                return "\"" + name + "\"";
            }
            return "'" + name.replace("'", "'\\''") + "'";
        }
        StringBuilder sb = new StringBuilder();
        boolean open = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                if (open) {
                    sb.append('\'');
                    open = false;
                }
                sb.append("$'").append(controlEscape(c)).append('\'');
            } else {
                if (!open) {
                    sb.append('\'');
                    open = true;
                }
                sb.append(c == '\'' ? "'\\''" : String.valueOf(c));
            }
        }
        if (open) {
            sb.append('\'');
        }
        return sb.toString();
    }

    private static String controlEscape(char c) {
        switch (c) {
            case 7:
                return "\\a";
            case '\b':
                return "\\b";
            case '\t':
                return "\\t";
            case '\n':
                return "\\n";
            case 11:
                return "\\v";
            case '\f':
                return "\\f";
            case '\r':
                return "\\r";
            default:
                String octal = Integer.toOctalString(c);
                return "\\" + "000".substring(octal.length()) + octal;
        }
    }

    private static boolean isShellSafe(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean safe = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || "%+,-./:=@_^".indexOf(c) >= 0
                    || (i > 0 && (c == '~' || c == '#'))
                    || (c >= 0xa0 && !dev.shellbox.shell.io.Text.isEscapedByte(c));
            if (!safe) {
                return false;
            }
        }
        return true;
    }
}
