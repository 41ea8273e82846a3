package dev.shellbox.shell.commands.utils;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import java.io.IOException;
import java.util.List;

/** sleep: pause for the sum of its intervals; cancellation wakes it early. */
public final class SleepCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("");
    /** Longest single wait handed to the cancellation, so that "inf" does not overflow its deadline. */
    private static final long MAX_WAIT_MILLIS = 86_400_000L;

    @Override
    public String name() {
        return "sleep";
    }

    @Override
    public String help() {
        return """
                Usage: sleep NUMBER[SUFFIX]...
                Pause for NUMBER seconds.  SUFFIX may be 's' for seconds (the default),
                'm' for minutes, 'h' for hours or 'd' for days.  NUMBER need not be an
                integer.  Given two or more arguments, pause for the amount of time
                specified by the sum of their values.
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        List<String> operands;
        try {
            operands = OPTIONS.parse(args).operands();
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        if (operands.isEmpty()) {
            return ctx.usageError("missing operand", 1);
        }
        double total = 0;
        boolean valid = true;
        for (String operand : operands) {
            double seconds = TimeInterval.parseSeconds(operand);
            if (seconds < 0) {
                ctx.error("invalid time interval " + GnuMessages.quote(operand));
                valid = false;
            } else {
                total += seconds;
            }
        }
        if (!valid) {
            return GnuMessages.tryHelp(ctx, 1);
        }
        long remaining = TimeInterval.toMillis(total);
        while (remaining > 0) {
            long wait = Math.min(remaining, MAX_WAIT_MILLIS);
            ctx.cancellation().sleep(wait);
            if (remaining != Long.MAX_VALUE) {
                remaining -= wait;
            }
        }
        return 0;
    }
}
