package dev.shellbox.shell.commands.system;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.List;

/** nproc: print the number of processing units available. */
public final class NprocCommand implements Command {
    private static final String ALL = "all";
    private static final String IGNORE = "ignore";
    private static final OptionParser OPTIONS =
            OptionParser.of("").longOption(ALL, OptionParser.Arg.NONE).longOption(IGNORE, OptionParser.Arg.REQUIRED);

    @Override
    public String name() {
        return "nproc";
    }

    @Override
    public String help() {
        return """
                Usage: nproc [OPTION]...
                Print the number of processing units available to the current process,
                which may be less than the number of online processors

                      --all      print the number of installed processors
                      --ignore=N  if possible, exclude N processing units
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
        if (!parsed.operands().isEmpty()) {
            return ctx.usageError(
                    "extra operand " + Quoting.locale(parsed.operands().get(0)), 1);
        }
        long ignore = 0;
        String ignoreText = parsed.value(IGNORE);
        if (ignoreText != null) {
            try {
                ignore = Long.parseLong(ignoreText.strip());
            } catch (NumberFormatException e) {
                ignore = -1;
            }
            if (ignore < 0) {
                ctx.error("invalid number: " + Quoting.locale(ignoreText));
                return 1;
            }
        }
        long n = Runtime.getRuntime().availableProcessors();
        if (!parsed.has(ALL)) {
            // OpenMP's variables limit the count, as GNU nproc honours them.
            Long threads = firstNumber(ctx.env("OMP_NUM_THREADS"));
            if (threads != null && threads > 0) {
                n = threads;
            }
            Long limit = firstNumber(ctx.env("OMP_THREAD_LIMIT"));
            if (limit != null && limit > 0) {
                n = Math.min(n, limit);
            }
        }
        n = Math.max(1, n - ignore);
        ctx.print(n + "\n");
        ctx.stdout().flush();
        return 0;
    }

    private static Long firstNumber(String value) {
        if (value == null) {
            return null;
        }
        String first = value.split(",", 2)[0].strip();
        try {
            return Long.parseLong(first);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
