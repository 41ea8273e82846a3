package dev.shellbox.shell.commands.utils;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.List;

/**
 * nohup: run a command immune to hangups. A built-in command never receives SIGHUP and its streams are never a
 * terminal here, so nohup runs the command with the streams it was given (no nohup.out is created).
 */
public final class NohupCommand implements Command {
    private static final int EXIT_CANCELED = 125;
    private static final OptionParser OPTIONS = OptionParser.of("").stopAtFirstOperand();

    @Override
    public String name() {
        return "nohup";
    }

    @Override
    public String help() {
        return """
                Usage: nohup COMMAND [ARG]...
                  or:  nohup OPTION
                Run COMMAND, ignoring hangup signals.

                If standard input is a terminal, redirect it from an unreadable file.
                If standard output is a terminal, append output to 'nohup.out' if possible,
                '$HOME/nohup.out' otherwise.
                If standard error is a terminal, redirect it to standard output.
                To save output to FILE, use 'nohup COMMAND > FILE'.
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        List<String> command;
        try {
            command = OPTIONS.parse(args).operands();
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), EXIT_CANCELED);
        }
        if (command.isEmpty()) {
            return ctx.usageError("missing operand", EXIT_CANCELED);
        }
        Errno failure = ChildCommands.execFailure(ctx, command.get(0));
        if (failure != null) {
            ctx.error("failed to run command " + Quoting.shellAlways(command.get(0)) + ": " + failure.message());
            return ChildCommands.execFailureStatus(failure);
        }
        return ctx.run(command);
    }
}
