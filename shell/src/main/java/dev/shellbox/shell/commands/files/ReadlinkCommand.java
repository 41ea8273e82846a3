package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.List;

/** readlink: print the target of a symbolic link, or a canonical file name. */
public final class ReadlinkCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("efmnqsvz")
            .longOption("canonicalize", 'f')
            .longOption("canonicalize-existing", 'e')
            .longOption("canonicalize-missing", 'm')
            .longOption("no-newline", 'n')
            .longOption("quiet", 'q')
            .longOption("silent", 's')
            .longOption("verbose", 'v')
            .longOption("zero", 'z');

    @Override
    public String name() {
        return "readlink";
    }

    @Override
    public String help() {
        return """
                Usage: readlink [OPTION]... FILE...
                Print value of a symbolic link or canonical file name

                  -f, --canonicalize            canonicalize by following every symlink in
                                                every component of the given name recursively;
                                                all but the last component must exist
                  -e, --canonicalize-existing   canonicalize by following every symlink in
                                                every component of the given name recursively,
                                                all components must exist
                  -m, --canonicalize-missing    canonicalize by following every symlink in
                                                every component of the given name recursively,
                                                without requirements on components existence
                  -n, --no-newline              do not output the trailing delimiter
                  -q, --quiet
                  -s, --silent                  suppress most error messages (on by default)
                  -v, --verbose                 report error messages
                  -z, --zero                    end each output line with NUL, not newline
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
        Canonical.Mode mode = null;
        boolean verbose = false;
        for (ParsedOptions.Option o : parsed.options()) {
            switch (o.key()) {
                case "f" -> mode = Canonical.Mode.ALL_BUT_LAST;
                case "e" -> mode = Canonical.Mode.EXISTING;
                case "m" -> mode = Canonical.Mode.MISSING;
                case "q", "s" -> verbose = false;
                case "v" -> verbose = true;
                default -> {}
            }
        }
        List<String> operands = parsed.operands();
        if (operands.isEmpty()) {
            return ctx.usageError("missing operand", 1);
        }
        boolean newline = !parsed.has('n');
        if (!newline && operands.size() > 1) {
            ctx.error("ignoring --no-newline with multiple arguments");
            newline = true;
        }
        String end = newline ? (parsed.has('z') ? "\0" : "\n") : "";
        int status = 0;
        for (String operand : operands) {
            ctx.checkCancelled();
            try {
                String value;
                if (mode == null) {
                    value = ctx.fs().readSymlink(PathOperands.resolve(ctx, operand));
                } else {
                    PathOperands.resolve(ctx, operand);
                    value = Canonical.canonicalize(ctx.fs(), Canonical.absolute(ctx.cwd(), operand), mode, true);
                }
                ctx.print(value + end);
            } catch (FsException e) {
                if (verbose) {
                    ctx.stdout().flush();
                    ctx.error(Quoting.shell(operand) + ": " + e.errno().message());
                }
                status = 1;
            }
        }
        ctx.stdout().flush();
        return status;
    }
}
