package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.gnu.human.GnuNumber;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.LineReader;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** shuf: random permutations and samples of lines, arguments or a number range (GNU coreutils). */
public final class ShufCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("ei:n:o:rz")
            .longOption("echo", 'e')
            .longOption("input-range", 'i')
            .longOption("head-count", 'n')
            .longOption("output", 'o')
            .longOption("random-source", OptionParser.Arg.REQUIRED)
            .longOption("repeat", 'r')
            .longOption("zero-terminated", 'z');

    @Override
    public String name() {
        return "shuf";
    }

    @Override
    public String help() {
        return """
                Usage: shuf [OPTION]... [FILE]
                  or:  shuf -e [OPTION]... [ARG]...
                  or:  shuf -i LO-HI [OPTION]...
                Write a random permutation of the input lines to standard output.

                With no FILE, or when FILE is -, read standard input.

                Mandatory arguments to long options are mandatory for short options too.
                  -e, --echo                treat each ARG as an input line
                  -i, --input-range=LO-HI   treat each number LO through HI as an input line
                  -n, --head-count=COUNT    output at most COUNT lines
                  -o, --output=FILE         write result to FILE instead of standard output
                      --random-source=FILE  get random bytes from FILE
                  -r, --repeat              output lines can be repeated
                  -z, --zero-terminated     line delimiter is NUL, not newline
                      --help        display this help and exit
                      --version     output version information and exit
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        boolean echo = parsed.has('e');
        boolean repeat = parsed.has('r');
        byte eol = parsed.has('z') ? (byte) 0 : (byte) '\n';
        long count = Long.MAX_VALUE;
        for (String v : parsed.values('n')) {
            try {
                count = Math.min(count, GnuNumber.parse(v, ""));
            } catch (GnuNumber.NumberException e) {
                ctx.error("invalid line count: " + Quoting.locale(v));
                return 1;
            }
        }
        long low = 0;
        long high = -1;
        boolean range = parsed.has('i');
        if (range) {
            if (parsed.values('i').size() > 1) {
                ctx.error("multiple -i options specified");
                return 1;
            }
            String v = parsed.value('i');
            int dash = v.indexOf('-');
            try {
                if (dash < 0) {
                    throw new GnuNumber.NumberException(GnuNumber.Problem.INVALID);
                }
                low = parseBound(v.substring(0, dash), ctx);
                high = parseBound(v.substring(dash + 1), ctx);
            } catch (GnuNumber.NumberException e) {
                return 1;
            }
            if (high < low - 1) {
                ctx.error("invalid input range: " + Quoting.locale(v));
                return 1;
            }
        }
        if (echo && range) {
            return ctx.usageError("cannot combine -e and -i options", 1);
        }
        List<String> operands = parsed.operands();
        if (!echo && (range ? !operands.isEmpty() : operands.size() > 1)) {
            return ctx.usageError("extra operand " + Quoting.locale(operands.get(range ? 0 : 1)), 1);
        }
        SplittableRandom random;
        if (parsed.has("random-source")) {
            String source = parsed.value("random-source");
            try (InputStream in = Inputs.open(ctx, source)) {
                long seed = 0x9E3779B97F4A7C15L;
                for (byte b : in.readNBytes(4096)) {
                    seed = seed * 31 + b;
                }
                random = new SplittableRandom(seed);
            } catch (FsException e) {
                ctx.error(Quoting.shell(source) + ": " + e.errno().message());
                return 1;
            }
        } else {
            random = new SplittableRandom(new SecureRandom().nextLong());
        }
        List<byte[]> lines = null;
        if (!range) {
            lines = new ArrayList<>();
            if (echo) {
                for (String operand : operands) {
                    lines.add(Text.encode(operand));
                }
            } else {
                String file = operands.isEmpty() ? "-" : operands.get(0);
                try (InputStream in = Inputs.open(ctx, file)) {
                    LineReader reader = new LineReader(in, eol);
                    while (reader.next()) {
                        ctx.checkCancelled();
                        lines.add(reader.bytes());
                    }
                } catch (FsException e) {
                    ctx.error(Quoting.shell(file) + ": " + e.errno().message());
                    return 1;
                }
            }
        }
        long total = range ? high - low + 1 : lines.size();
        if (repeat && total == 0 && count > 0) {
            ctx.error("no lines to repeat");
            return 1;
        }
        OutputStream target = ctx.stdout();
        String output = parsed.value('o');
        if (output != null) {
            try {
                target = ctx.openOutput(output, WriteMode.TRUNCATE);
            } catch (FsException e) {
                ctx.error(Quoting.shell(output) + ": " + e.errno().message());
                return 1;
            }
        }
        ByteSink out = new ByteSink(target);
        try {
            if (repeat) {
                for (long k = 0; k < count; k++) {
                    if ((k & 0xfff) == 0) {
                        ctx.checkCancelled();
                    }
                    long pick = random.nextLong(total);
                    writeItem(out, lines, low, pick, eol);
                }
            } else {
                // A partial Fisher-Yates shuffle over indices, sparse so that huge ranges cost only what is printed.
                long n = Math.min(count, total);
                Map<Long, Long> swapped = new HashMap<>();
                for (long k = 0; k < n; k++) {
                    if ((k & 0xfff) == 0) {
                        ctx.checkCancelled();
                    }
                    long j = k + random.nextLong(total - k);
                    long atJ = swapped.getOrDefault(j, j);
                    long atK = swapped.getOrDefault(k, k);
                    swapped.put(j, atK);
                    swapped.remove(k);
                    writeItem(out, lines, low, atJ, eol);
                }
            }
        } finally {
            out.flush();
            if (output != null) {
                target.close();
            }
        }
        return 0;
    }

    private static long parseBound(String text, CommandContext ctx) throws GnuNumber.NumberException, IOException {
        try {
            return GnuNumber.parse(text, "");
        } catch (GnuNumber.NumberException e) {
            ctx.error("invalid input range: " + Quoting.locale(text));
            throw e;
        }
    }

    private static void writeItem(ByteSink out, List<byte[]> lines, long low, long index, byte eol) throws IOException {
        if (lines == null) {
            out.writeDecimal(low + index);
        } else {
            out.write(lines.get((int) index));
        }
        out.write(eol);
    }
}
