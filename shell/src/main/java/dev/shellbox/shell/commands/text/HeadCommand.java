package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.gnu.human.GnuNumber;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/** head: output the first part of files (GNU coreutils). */
public final class HeadCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("c:n:qvz")
            .longOption("bytes", 'c')
            .longOption("lines", 'n')
            .longOption("quiet", 'q')
            .longOption("silent", 'q')
            .longOption("verbose", 'v')
            .longOption("zero-terminated", 'z');

    @Override
    public String name() {
        return "head";
    }

    @Override
    public String help() {
        return """
                Usage: head [OPTION]... [FILE]...
                Print the first 10 lines of each FILE to standard output.
                With more than one FILE, precede each with a header giving the file name.

                With no FILE, or when FILE is -, read standard input.

                Mandatory arguments to long options are mandatory for short options too.
                  -c, --bytes=[-]NUM       print the first NUM bytes of each file;
                                             with the leading '-', print all but the last
                                             NUM bytes of each file
                  -n, --lines=[-]NUM       print the first NUM lines instead of the first 10;
                                             with the leading '-', print all but the last
                                             NUM lines of each file
                  -q, --quiet, --silent    never print headers giving file names
                  -v, --verbose            always print headers giving file names
                  -z, --zero-terminated    line delimiter is NUL, not newline
                      --help        display this help and exit
                      --version     output version information and exit

                NUM may have a multiplier suffix:
                b 512, kB 1000, K 1024, MB 1000*1000, M 1024*1024,
                GB 1000*1000*1000, G 1024*1024*1024, and so on for T, P, E, Z, Y.
                Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
                """;
    }

    /** What to print of each file. */
    private static final class Plan {
        boolean lines = true;
        long count = 10;
        boolean allBut;
        byte delimiter = '\n';
        Boolean headers;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        Plan plan = new Plan();
        List<String> rest = new ArrayList<>(args);
        if (!rest.isEmpty() && isObsoleteCount(rest.get(0))) {
            String bad = applyObsolete(rest.remove(0), plan);
            if (bad != null) {
                return ctx.usageError("invalid trailing option -- " + bad, 1);
            }
        }
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(rest);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        for (ParsedOptions.Option o : parsed.options()) {
            switch (o.key()) {
                case "c", "n" -> {
                    plan.lines = o.key().equals("n");
                    String value = o.value();
                    plan.allBut = value.startsWith("-");
                    try {
                        plan.count = GnuNumber.parse(plan.allBut ? value.substring(1) : value, GnuNumber.SIZE_SUFFIXES);
                    } catch (GnuNumber.NumberException e) {
                        String what = plan.lines ? "invalid number of lines: " : "invalid number of bytes: ";
                        String suffix = e.problem() == GnuNumber.Problem.OVERFLOW
                                ? ": Value too large for defined data type"
                                : "";
                        ctx.error(what + Quoting.locale(value) + suffix);
                        return 1;
                    }
                }
                case "q" -> plan.headers = false;
                case "v" -> plan.headers = true;
                default -> plan.delimiter = 0;
            }
        }
        List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        boolean headers = plan.headers != null ? plan.headers : files.size() > 1;
        ByteSink out = new ByteSink(ctx.stdout());
        return HeaderedFiles.copyEach(
                ctx, files, headers, out, in -> copyHead(ctx, out.flushingBeforeBlocking(in), out, plan));
    }

    private static void copyHead(CommandContext ctx, InputStream in, ByteSink out, Plan plan) throws IOException {
        if (plan.allBut) {
            TrailingWindow window = new TrailingWindow(plan.lines, plan.count, plan.delimiter);
            window.fill(in, out, ctx::checkCancelled);
            window.writeBeforeWindow(out);
            return;
        }
        long left = plan.count;
        byte[] buffer = new byte[1 << 16];
        while (left > 0) {
            ctx.checkCancelled();
            int n = in.read(buffer, 0, plan.lines ? buffer.length : (int) Math.min(buffer.length, left));
            if (n < 0) {
                return;
            }
            if (!plan.lines) {
                out.write(buffer, 0, n);
                left -= n;
                continue;
            }
            int end = 0;
            byte d = plan.delimiter;
            while (end < n && left > 0) {
                if (buffer[end++] == d) {
                    left--;
                }
            }
            out.write(buffer, 0, end);
        }
    }

    /** {@code -5}, {@code -5c}, {@code -3vz}: the obsolete first-argument form. */
    private static boolean isObsoleteCount(String arg) {
        return arg.length() > 1 && arg.charAt(0) == '-' && Character.isDigit(arg.charAt(1));
    }

    /** Applies an obsolete count; returns the offending letter, or null. */
    private static String applyObsolete(String arg, Plan plan) {
        int i = 1;
        long count = 0;
        while (i < arg.length() && Character.isDigit(arg.charAt(i))) {
            count = Math.min(Long.MAX_VALUE / 10 - 10, count) * 10 + (arg.charAt(i++) - '0');
        }
        long multiplier = 1;
        for (; i < arg.length(); i++) {
            char c = arg.charAt(i);
            switch (c) {
                case 'c' -> {
                    plan.lines = false;
                    multiplier = 1;
                }
                case 'b' -> {
                    plan.lines = false;
                    multiplier = 512;
                }
                case 'k' -> {
                    plan.lines = false;
                    multiplier = 1024;
                }
                case 'm' -> {
                    plan.lines = false;
                    multiplier = 1024 * 1024;
                }
                case 'l' -> plan.lines = true;
                case 'q' -> plan.headers = false;
                case 'v' -> plan.headers = true;
                case 'z' -> plan.delimiter = 0;
                default -> {
                    return String.valueOf(c);
                }
            }
        }
        plan.count = count * multiplier;
        return null;
    }
}
