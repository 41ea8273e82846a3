package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.human.GnuNumber;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** fold: wrap input lines to a width (GNU coreutils; columns count bytes, tabs, backspaces and returns). */
public final class FoldCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("bsw:")
            .longOption("bytes", 'b')
            .longOption("spaces", 's')
            .longOption("width", 'w');

    @Override
    public String name() {
        return "fold";
    }

    @Override
    public String help() {
        return """
                Usage: fold [OPTION]... [FILE]...
                Wrap input lines in each FILE, writing to standard output.

                With no FILE, or when FILE is -, read standard input.

                Mandatory arguments to long options are mandatory for short options too.
                  -b, --bytes         count bytes rather than columns
                  -s, --spaces        break at spaces
                  -w, --width=WIDTH   use WIDTH columns instead of 80
                      --help        display this help and exit
                      --version     output version information and exit
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        List<String> rewritten = new ArrayList<>();
        for (String a : args) {
            // The obsolete -WIDTH form.
            rewritten.add(
                    a.length() > 1 && a.charAt(0) == '-' && Character.isDigit(a.charAt(1)) ? "-w" + a.substring(1) : a);
        }
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(rewritten);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        long width = 80;
        if (parsed.has('w')) {
            String v = parsed.value('w');
            try {
                width = GnuNumber.parse(v, "");
            } catch (GnuNumber.NumberException e) {
                ctx.error("invalid number of columns: " + Quoting.locale(v)
                        + (e.problem() == GnuNumber.Problem.OVERFLOW ? ": Value too large for defined data type" : ""));
                return 1;
            }
            if (width == 0) {
                ctx.error("invalid number of columns: " + Quoting.locale(v) + ": Numerical result out of range");
                return 1;
            }
        }
        boolean bytes = parsed.has('b');
        boolean spaces = parsed.has('s');
        List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        ByteSink out = new ByteSink(ctx.stdout());
        int status = 0;
        try {
            for (String file : files) {
                ctx.checkCancelled();
                try (InputStream in = out.flushingBeforeBlocking(Inputs.open(ctx, file))) {
                    fold(ctx, in, out, width, bytes, spaces);
                } catch (FsException e) {
                    out.flush();
                    ctx.error(Quoting.shell(file) + ": " + e.errno().message());
                    status = 1;
                }
            }
        } finally {
            out.flush();
        }
        return status;
    }

    private static long adjust(long column, int c, boolean bytes) {
        if (bytes) {
            return column + 1;
        }
        if (c == '\b') {
            return column > 0 ? column - 1 : 0;
        }
        if (c == '\r') {
            return 0;
        }
        if (c == '\t') {
            return column + 8 - column % 8;
        }
        return column + 1;
    }

    /** GNU's fold_file: the pending output line is kept until it is complete or too wide. */
    private static void fold(
            CommandContext ctx, InputStream in, ByteSink out, long width, boolean bytes, boolean spaces)
            throws IOException {
        byte[] line = new byte[256];
        int length = 0;
        long column = 0;
        byte[] buffer = new byte[1 << 16];
        int n;
        while ((n = in.read(buffer, 0, buffer.length)) >= 0) {
            ctx.checkCancelled();
            for (int i = 0; i < n; i++) {
                int c = buffer[i] & 0xff;
                if (length + 1 >= line.length) {
                    line = Arrays.copyOf(line, line.length * 2);
                }
                if (c == '\n') {
                    line[length++] = (byte) c;
                    out.write(line, 0, length);
                    column = 0;
                    length = 0;
                    continue;
                }
                while (true) {
                    column = adjust(column, c, bytes);
                    if (column <= width) {
                        line[length++] = (byte) c;
                        break;
                    }
                    if (spaces) {
                        int end = length;
                        boolean found = false;
                        while (end > 0) {
                            end--;
                            if (line[end] == ' ' || line[end] == '\t') {
                                found = true;
                                break;
                            }
                        }
                        if (found) {
                            end++;
                            out.write(line, 0, end);
                            out.write('\n');
                            System.arraycopy(line, end, line, 0, length - end);
                            length -= end;
                            column = 0;
                            for (int k = 0; k < length; k++) {
                                column = adjust(column, line[k] & 0xff, bytes);
                            }
                            continue; // rescan c against the shortened line
                        }
                    }
                    if (length == 0) {
                        line[length++] = (byte) c;
                        break;
                    }
                    line[length++] = '\n';
                    out.write(line, 0, length);
                    column = 0;
                    length = 0;
                }
            }
        }
        if (length > 0) {
            out.write(line, 0, length);
        }
    }
}
