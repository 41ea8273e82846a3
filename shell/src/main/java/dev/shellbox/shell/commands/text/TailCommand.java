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

/**
 * tail: output the last part of files (GNU coreutils). Files here do not grow while a command reads them, so
 * {@code -f} and {@code -F} print the end of each file and exit instead of waiting.
 */
public final class TailCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("c:n:fFqs:vz0123456789")
            .longOption("bytes", 'c')
            .longOption("lines", 'n')
            .longOption("follow", OptionParser.Arg.OPTIONAL)
            .longOption("retry", OptionParser.Arg.NONE)
            .longOption("pid", OptionParser.Arg.REQUIRED)
            .longOption("max-unchanged-stats", OptionParser.Arg.REQUIRED)
            .longOption("quiet", 'q')
            .longOption("silent", 'q')
            .longOption("sleep-interval", 's')
            .longOption("verbose", 'v')
            .longOption("zero-terminated", 'z');

    @Override
    public String name() {
        return "tail";
    }

    @Override
    public String help() {
        return """
                Usage: tail [OPTION]... [FILE]...
                Print the last 10 lines of each FILE to standard output.
                With more than one FILE, precede each with a header giving the file name.

                With no FILE, or when FILE is -, read standard input.

                Mandatory arguments to long options are mandatory for short options too.
                  -c, --bytes=[+]NUM       output the last NUM bytes; or use -c +NUM to
                                             output starting with byte NUM of each file
                  -f, --follow[={name|descriptor}]
                                           accepted; files do not grow while tail reads them
                                             here, so tail prints their end and exits
                  -F                       same as --follow=name --retry
                  -n, --lines=[+]NUM       output the last NUM lines, instead of the last 10;
                                             or use -n +NUM to output starting with line NUM
                      --max-unchanged-stats=N
                                           accepted and ignored (only meaningful with -f)
                      --pid=PID            accepted and ignored (only meaningful with -f)
                  -q, --quiet, --silent    never output headers giving file names
                      --retry              accepted and ignored (only meaningful with -f)
                  -s, --sleep-interval=N   accepted and ignored (only meaningful with -f)
                  -v, --verbose            always output headers giving file names
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
        boolean fromStart;
        byte delimiter = '\n';
        Boolean headers;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        Plan plan = new Plan();
        List<String> rest = new ArrayList<>(args);
        if (isObsoleteForm(rest)) {
            String arg = rest.remove(0);
            if (!applyObsolete(arg, plan)) {
                ctx.error("invalid number: " + Quoting.locale(arg));
                return 1;
            }
        }
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(rest);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        for (ParsedOptions.Option o : parsed.options()) {
            String key = o.key();
            switch (key) {
                case "c", "n" -> {
                    plan.lines = key.equals("n");
                    String value = o.value();
                    plan.fromStart = value.startsWith("+");
                    String digits = value.startsWith("+") || value.startsWith("-") ? value.substring(1) : value;
                    try {
                        plan.count = GnuNumber.parse(digits, GnuNumber.SIZE_SUFFIXES);
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
                case "z" -> plan.delimiter = 0;
                case "s" -> {
                    if (!isSleepInterval(o.value())) {
                        ctx.error("invalid number of seconds: " + Quoting.locale(o.value()));
                        return 1;
                    }
                }
                default -> {
                    if (key.length() == 1 && Character.isDigit(key.charAt(0))) {
                        ctx.error("option used in invalid context -- " + key);
                        return 1;
                    }
                    // -f, -F, --follow, --retry, --pid, --max-unchanged-stats: nothing to wait for here.
                }
            }
        }
        List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        boolean headers = plan.headers != null ? plan.headers : files.size() > 1;
        ByteSink out = new ByteSink(ctx.stdout());
        return HeaderedFiles.copyEach(ctx, files, headers, out, in -> copyTail(ctx, in, out, plan));
    }

    private static void copyTail(CommandContext ctx, InputStream in, ByteSink out, Plan plan) throws IOException {
        if (!plan.fromStart) {
            TrailingWindow window = new TrailingWindow(plan.lines, plan.count, plan.delimiter);
            window.fill(in, null, ctx::checkCancelled);
            window.writeWindow(out);
            return;
        }
        InputStream input = out.flushingBeforeBlocking(in);
        long skip = Math.max(0, plan.count - 1);
        byte[] buffer = new byte[1 << 16];
        int n;
        while ((n = input.read(buffer, 0, buffer.length)) >= 0) {
            ctx.checkCancelled();
            int start = 0;
            if (skip > 0) {
                if (plan.lines) {
                    byte d = plan.delimiter;
                    while (start < n && skip > 0) {
                        if (buffer[start++] == d) {
                            skip--;
                        }
                    }
                } else {
                    start = (int) Math.min(n, skip);
                    skip -= start;
                }
            }
            out.write(buffer, start, n - start);
        }
    }

    private static boolean isSleepInterval(String value) {
        try {
            return Double.parseDouble(value) >= 0 && !value.endsWith("d") && !value.endsWith("f");
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The obsolete {@code tail -5}, {@code tail +3c}, {@code tail -2f file} form: one count, at most one file. */
    private static boolean isObsoleteForm(List<String> args) {
        int argc = args.size() + 1;
        boolean shape = argc == 2
                || (argc == 3 && !(args.get(1).startsWith("-") && args.get(1).length() > 1))
                || (argc >= 3 && argc <= 4 && args.get(1).equals("--"));
        if (!shape) {
            return false;
        }
        String arg = args.get(0);
        if (arg.isEmpty() || (arg.charAt(0) != '+' && arg.charAt(0) != '-')) {
            return false;
        }
        if (arg.charAt(0) == '-') {
            // "-" is stdin and "-c" needs an argument; anything else starting with a digit is the obsolete form.
            int probe = arg.length() > 1 && arg.charAt(1) == 'c' ? 2 : 1;
            if (probe >= arg.length()) {
                return false;
            }
        }
        int i = 1;
        while (i < arg.length() && Character.isDigit(arg.charAt(i))) {
            i++;
        }
        if (i < arg.length() && "bcl".indexOf(arg.charAt(i)) >= 0) {
            i++;
        }
        if (i < arg.length() && arg.charAt(i) == 'f') {
            i++;
        }
        return i == arg.length();
    }

    /** Applies the obsolete form; false when its number is too large. */
    private static boolean applyObsolete(String arg, Plan plan) {
        plan.fromStart = arg.charAt(0) == '+';
        int i = 1;
        while (i < arg.length() && Character.isDigit(arg.charAt(i))) {
            i++;
        }
        String digits = arg.substring(1, i);
        long unit = 1;
        if (i < arg.length()) {
            char c = arg.charAt(i);
            if (c == 'b') {
                unit = 512;
                plan.lines = false;
            } else if (c == 'c') {
                plan.lines = false;
            }
        }
        if (digits.isEmpty()) {
            plan.count = 10 * unit;
            return true;
        }
        try {
            plan.count = GnuNumber.parse(digits, "") * unit;
        } catch (GnuNumber.NumberException e) {
            return false;
        }
        return true;
    }
}
