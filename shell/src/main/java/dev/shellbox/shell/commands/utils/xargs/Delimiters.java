package dev.shellbox.shell.commands.utils.xargs;

import dev.shellbox.shell.command.CommandContext;
import java.io.IOException;

/** Parses the -d argument: one character, or a backslash escape (\n, \t, \\, \x41, \101, ...). */
final class Delimiters {
    private Delimiters() {}

    /** The delimiter byte, or null after reporting an invalid specification. */
    static Integer parse(CommandContext ctx, String spec) throws IOException {
        byte[] bytes = dev.shellbox.shell.io.Text.encode(spec);
        if (bytes.length == 1) {
            return bytes[0] & 0xff;
        }
        if (bytes.length < 2 || bytes[0] != '\\') {
            ctx.error("Invalid input delimiter specification " + spec
                    + ": the delimiter must be either a single character or an escape sequence starting with \\.");
            return null;
        }
        String rest = spec.substring(1);
        if (rest.length() == 1) {
            switch (rest.charAt(0)) {
                case 'a':
                    return 7;
                case 'b':
                    return 8;
                case 'f':
                    return 12;
                case 'n':
                    return 10;
                case 'r':
                    return 13;
                case 't':
                    return 9;
                case 'v':
                    return 11;
                case '\\':
                    return (int) '\\';
                default:
                    break;
            }
        }
        int value;
        if (rest.startsWith("x") && rest.length() > 1 && rest.substring(1).matches("[0-9A-Fa-f]+")) {
            value = parseBounded(rest.substring(1), 16);
        } else if (rest.matches("[0-7]+")) {
            value = parseBounded(rest, 8);
        } else {
            ctx.error("Invalid escape sequence " + spec + " in input delimiter specification.");
            return null;
        }
        if (value > 0377) {
            ctx.error("Invalid escape sequence " + spec
                    + " in input delimiter specification; character values must not exceed "
                    + (rest.startsWith("x") ? "ff" : "377") + ".");
            return null;
        }
        return value;
    }

    private static int parseBounded(String digits, int radix) {
        int value = 0;
        for (int i = 0; i < digits.length(); i++) {
            value = Math.min(100_000, value * radix + Character.digit(digits.charAt(i), radix));
        }
        return value;
    }
}
