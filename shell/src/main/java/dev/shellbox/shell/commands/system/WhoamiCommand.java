package dev.shellbox.shell.commands.system;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.List;

/** whoami: print the user name of the sandbox. */
public final class WhoamiCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("");

    @Override
    public String name() {
        return "whoami";
    }

    @Override
    public String help() {
        return """
                Usage: whoami [OPTION]...
                Print the user name associated with the current effective user ID.
                Same as id -un.
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
        ctx.print(ctx.identity().user() + "\n");
        ctx.stdout().flush();
        return 0;
    }
}
