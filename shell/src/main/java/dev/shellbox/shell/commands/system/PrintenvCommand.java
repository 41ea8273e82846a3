package dev.shellbox.shell.commands.system;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** printenv: print all or part of the environment. */
public final class PrintenvCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("0").longOption("null", '0');

    @Override
    public String name() {
        return "printenv";
    }

    @Override
    public String help() {
        return """
                Usage: printenv [OPTION]... [VARIABLE]...
                Print the values of the specified environment VARIABLE(s).
                If no VARIABLE is specified, print name and value pairs for them all.

                  -0, --null     end each output line with NUL, not newline
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 2);
        }
        char end = parsed.has('0') ? '\0' : '\n';
        StringBuilder out = new StringBuilder();
        int status = 0;
        if (parsed.operands().isEmpty()) {
            for (Map.Entry<String, String> e : new TreeMap<>(ctx.env()).entrySet()) {
                out.append(e.getKey()).append('=').append(e.getValue()).append(end);
            }
        } else {
            for (String name : parsed.operands()) {
                String value = name.indexOf('=') >= 0 ? null : ctx.env(name);
                if (value == null) {
                    status = 1;
                } else {
                    out.append(value).append(end);
                }
            }
        }
        ctx.print(out.toString());
        ctx.stdout().flush();
        return status;
    }
}
