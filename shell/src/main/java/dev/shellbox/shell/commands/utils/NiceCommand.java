package dev.shellbox.shell.commands.utils;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * nice: run a command with an adjusted niceness. Built-in commands share the shell's threads, so the adjustment is
 * validated and otherwise has no effect; without a command nice prints the niceness, which is always 0 here.
 */
public final class NiceCommand implements Command {
    private static final int EXIT_CANCELED = 125;
    private static final Pattern ADJUSTMENT = Pattern.compile("[ \\t\\n\\r\\f\\u000b]*[+-]?[0-9]+");
    private static final OptionParser OPTIONS =
            OptionParser.of("n:").longOption("adjustment", 'n').stopAtFirstOperand();

    @Override
    public String name() {
        return "nice";
    }

    @Override
    public String help() {
        return """
                Usage: nice [OPTION] [COMMAND [ARG]...]
                Run COMMAND with an adjusted niceness, which affects process scheduling.
                With no COMMAND, print the current niceness.  Niceness values range from
                -20 (most favorable to the process) to 19 (least favorable to the process).

                Mandatory arguments to long options are mandatory for short options too.
                  -n, --adjustment=N   add integer N to the niceness (default 10)
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        // The old form "-N" ("--N" for a negative N) may come first, before getopt sees the rest.
        String adjustment = null;
        List<String> rest = new ArrayList<>(args);
        while (!rest.isEmpty() && isLegacyAdjustment(rest.get(0))) {
            adjustment = rest.remove(0).substring(1);
        }
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(rest);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), EXIT_CANCELED);
        }
        if (parsed.has('n')) {
            adjustment = parsed.value('n');
        }
        List<String> command = parsed.operands();
        if (adjustment == null && command.isEmpty()) {
            ctx.print("0\n");
            ctx.stdout().flush();
            return 0;
        }
        if (adjustment != null && !ADJUSTMENT.matcher(adjustment).matches()) {
            ctx.error("invalid adjustment " + GnuMessages.quote(adjustment));
            return EXIT_CANCELED;
        }
        if (command.isEmpty()) {
            return ctx.usageError("a command must be given with an adjustment", EXIT_CANCELED);
        }
        Errno failure = ChildCommands.execFailure(ctx, command.get(0));
        if (failure != null) {
            ctx.error(GnuMessages.quote(command.get(0)) + ": " + failure.message());
            return ChildCommands.execFailureStatus(failure);
        }
        return ctx.run(command);
    }

    private static boolean isLegacyAdjustment(String arg) {
        if (arg.length() < 2 || arg.charAt(0) != '-') {
            return false;
        }
        int digit = arg.charAt(1) == '-' || arg.charAt(1) == '+' ? 2 : 1;
        return digit < arg.length() && Character.isDigit(arg.charAt(digit));
    }
}
