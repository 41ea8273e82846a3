package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.LineReader;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;

/** comm: compare two sorted files line by line (GNU coreutils; C.UTF-8 collation is byte order). */
public final class CommCommand implements Command {
    private static final String CHECK = "check-order";
    private static final String NO_CHECK = "nocheck-order";

    private static final OptionParser OPTIONS = OptionParser.of("123z")
            .longOption(CHECK, OptionParser.Arg.NONE)
            .longOption(NO_CHECK, OptionParser.Arg.NONE)
            .longOption("output-delimiter", OptionParser.Arg.REQUIRED)
            .longOption("total", OptionParser.Arg.NONE)
            .longOption("zero-terminated", 'z');

    @Override
    public String name() {
        return "comm";
    }

    @Override
    public String help() {
        return """
                Usage: comm [OPTION]... FILE1 FILE2
                Compare sorted files FILE1 and FILE2 line by line.

                When FILE1 or FILE2 (not both) is -, read standard input.

                With no options, produce three-column output.  Column one contains
                lines unique to FILE1, column two contains lines unique to FILE2,
                and column three contains lines common to both files.

                  -1              suppress column 1 (lines unique to FILE1)
                  -2              suppress column 2 (lines unique to FILE2)
                  -3              suppress column 3 (lines that appear in both files)

                  --check-order     check that the input is correctly sorted, even
                                      if all input lines are pairable
                  --nocheck-order   do not check that the input is correctly sorted
                  --output-delimiter=STR  separate columns with STR
                  --total           output a summary
                  -z, --zero-terminated    line delimiter is NUL, not newline
                      --help        display this help and exit
                      --version     output version information and exit
                """;
    }

    /** One input: its reader, the current line and the previous one (for order checks). */
    private static final class Input {
        final LineReader reader;
        byte[] line;
        byte[] previous;
        boolean warned;

        Input(LineReader reader) {
            this.reader = reader;
        }

        boolean advance() throws IOException {
            previous = line;
            line = reader.next() ? reader.bytes() : null;
            return line != null;
        }
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        byte[] separator = null;
        for (String d : parsed.values("output-delimiter")) {
            byte[] candidate = d.isEmpty() ? new byte[] {0} : Text.encode(d);
            if (separator != null && !Arrays.equals(separator, candidate)) {
                ctx.error("multiple output delimiters specified");
                return 1;
            }
            separator = candidate;
        }
        if (separator == null) {
            separator = new byte[] {'\t'};
        }
        List<String> files = parsed.operands();
        if (files.size() < 2) {
            return ctx.usageError(
                    files.isEmpty() ? "missing operand" : "missing operand after " + Quoting.locale(files.get(0)), 1);
        }
        if (files.size() > 2) {
            return ctx.usageError("extra operand " + Quoting.locale(files.get(2)), 1);
        }
        int check = 0; // 0 default, 1 --check-order, -1 --nocheck-order
        for (ParsedOptions.Option o : parsed.options()) {
            if (o.key().equals(CHECK)) {
                check = 1;
            } else if (o.key().equals(NO_CHECK)) {
                check = -1;
            }
        }
        boolean show1 = !parsed.has('1');
        boolean show2 = !parsed.has('2');
        boolean show3 = !parsed.has('3');
        byte delimiter = parsed.has('z') ? (byte) 0 : (byte) '\n';
        InputStream in1;
        InputStream in2;
        try {
            in1 = Inputs.open(ctx, files.get(0));
        } catch (FsException e) {
            ctx.error(Quoting.shell(files.get(0)) + ": " + e.errno().message());
            return 1;
        }
        try {
            in2 = Inputs.open(ctx, files.get(1));
        } catch (FsException e) {
            in1.close();
            ctx.error(Quoting.shell(files.get(1)) + ": " + e.errno().message());
            return 1;
        }
        ByteSink out = new ByteSink(ctx.stdout());
        long[] totals = new long[3];
        boolean seenUnpairable = false;
        try (in1;
                in2) {
            Input[] inputs = {
                new Input(new LineReader(out.flushingBeforeBlocking(in1), delimiter)),
                new Input(new LineReader(out.flushingBeforeBlocking(in2), delimiter))
            };
            inputs[0].advance();
            inputs[1].advance();
            while (inputs[0].line != null || inputs[1].line != null) {
                ctx.checkCancelled();
                int order;
                if (inputs[0].line == null) {
                    order = 1;
                } else if (inputs[1].line == null) {
                    order = -1;
                } else {
                    order = Arrays.compareUnsigned(inputs[0].line, inputs[1].line);
                }
                if (order == 0) {
                    totals[2]++;
                    if (show3) {
                        if (show1) {
                            out.write(separator);
                        }
                        if (show2) {
                            out.write(separator);
                        }
                        writeLine(out, inputs[1].line, delimiter);
                    }
                } else {
                    seenUnpairable = true;
                    if (order < 0) {
                        totals[0]++;
                        if (show1) {
                            writeLine(out, inputs[0].line, delimiter);
                        }
                    } else {
                        totals[1]++;
                        if (show2) {
                            if (show1) {
                                out.write(separator);
                            }
                            writeLine(out, inputs[1].line, delimiter);
                        }
                    }
                }
                for (int i = 0; i < 2; i++) {
                    boolean step = i == 0 ? order <= 0 : order >= 0;
                    if (step && inputs[i].advance() && check >= 0 && (check == 1 || seenUnpairable)) {
                        Input input = inputs[i];
                        if (!input.warned
                                && input.previous != null
                                && Arrays.compareUnsigned(input.previous, input.line) > 0) {
                            out.flush();
                            ctx.error("file " + (i + 1) + " is not in sorted order");
                            if (check == 1) {
                                return 1;
                            }
                            input.warned = true;
                        }
                    }
                }
            }
            if (parsed.has("total")) {
                out.writeDecimal(totals[0]);
                out.write(separator);
                out.writeDecimal(totals[1]);
                out.write(separator);
                out.writeDecimal(totals[2]);
                out.write(separator);
                out.writeAscii("total");
                out.write(delimiter);
            }
            if (inputs[0].warned || inputs[1].warned) {
                out.flush();
                ctx.error("input is not in sorted order");
                return 1;
            }
        } finally {
            out.flush();
        }
        return 0;
    }

    private static void writeLine(ByteSink out, byte[] line, byte delimiter) throws IOException {
        out.write(line);
        out.write(delimiter);
    }
}
