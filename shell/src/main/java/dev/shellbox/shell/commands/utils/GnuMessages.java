package dev.shellbox.shell.commands.utils;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.io.Text;
import java.io.IOException;

/** Pieces of GNU diagnostics shared by the utility commands. */
public final class GnuMessages {
    private GnuMessages() {}

    /** Writes GNU's {@code Try 'name --help' for more information.} alone and returns {@code status}. */
    public static int tryHelp(CommandContext ctx, int status) throws IOException {
        ctx.stderr().write(Text.encode("Try '" + ctx.commandName() + " --help' for more information.\n"));
        ctx.stderr().flush();
        return status;
    }

    /**
     * gnulib's {@code quote()} in a UTF-8 locale: the operand between ‘ and ’, with backslash escapes for control
     * characters, backslashes, the closing quote and bytes that are not valid UTF-8. Coreutils uses it in messages
     * such as {@code sleep: invalid time interval ‘x’}.
     */
    public static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('‘');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '’' -> sb.append("\\’");
                case '\u0007' -> sb.append("\\a");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\u000b' -> sb.append("\\v");
                default -> {
                    if (Text.isEscapedByte(c)) {
                        appendOctal(sb, c - 0xDC00);
                    } else if (c < 0x20 || c == 0x7f) {
                        appendOctal(sb, c);
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('’').toString();
    }

    private static void appendOctal(StringBuilder sb, int b) {
        sb.append('\\')
                .append((char) ('0' + ((b >> 6) & 7)))
                .append((char) ('0' + ((b >> 3) & 7)))
                .append((char) ('0' + (b & 7)));
    }
}
