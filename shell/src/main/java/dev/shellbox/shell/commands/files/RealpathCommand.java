package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.List;

/** realpath: print the resolved absolute file name. */
public final class RealpathCommand implements Command {
    private static final String RELATIVE_TO = "relative-to";
    private static final String RELATIVE_BASE = "relative-base";
    private static final OptionParser OPTIONS = OptionParser.of("emLPqsz")
            .longOption("canonicalize-existing", 'e')
            .longOption("canonicalize-missing", 'm')
            .longOption("logical", 'L')
            .longOption("physical", 'P')
            .longOption("quiet", 'q')
            .longOption("strip", 's')
            .longOption("no-symlinks", 's')
            .longOption("zero", 'z')
            .longOption(RELATIVE_TO, OptionParser.Arg.REQUIRED)
            .longOption(RELATIVE_BASE, OptionParser.Arg.REQUIRED);

    @Override
    public String name() {
        return "realpath";
    }

    @Override
    public String help() {
        return """
                Usage: realpath [OPTION]... FILE...
                Print the resolved absolute file name;
                all but the last component must exist

                  -e, --canonicalize-existing  all components of the path must exist
                  -m, --canonicalize-missing   no path components need exist or be a directory
                  -L, --logical                resolve '..' components before symlinks
                  -P, --physical               resolve symlinks as encountered (default)
                  -q, --quiet                  suppress most error messages
                      --relative-to=DIR        print the resolved path relative to DIR
                      --relative-base=DIR      print absolute paths unless paths below DIR
                  -s, --strip, --no-symlinks   don't expand symlinks
                  -z, --zero                   end each output line with NUL, not newline
                """;
    }

    /** How names are resolved. */
    private record Resolution(Canonical.Mode mode, boolean logical, boolean resolveLinks) {}

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        Canonical.Mode mode = Canonical.Mode.ALL_BUT_LAST;
        boolean logical = false;
        for (ParsedOptions.Option o : parsed.options()) {
            switch (o.key()) {
                case "e" -> mode = Canonical.Mode.EXISTING;
                case "m" -> mode = Canonical.Mode.MISSING;
                case "L" -> logical = true;
                case "P" -> logical = false;
                default -> {}
            }
        }
        if (parsed.operands().isEmpty()) {
            return ctx.usageError("missing operand", 1);
        }
        boolean quiet = parsed.has('q');
        Resolution how = new Resolution(mode, logical, !parsed.has('s'));
        String relativeTo = null;
        String relativeBase = null;
        try {
            if (parsed.value(RELATIVE_TO) != null) {
                relativeTo = resolve(ctx, parsed.value(RELATIVE_TO), how);
            }
            if (parsed.value(RELATIVE_BASE) != null) {
                relativeBase = resolve(ctx, parsed.value(RELATIVE_BASE), how);
                if (relativeTo == null) {
                    relativeTo = relativeBase;
                }
            }
        } catch (FsException e) {
            String dir = parsed.value(RELATIVE_TO) != null ? parsed.value(RELATIVE_TO) : parsed.value(RELATIVE_BASE);
            ctx.error(Quoting.shell(dir) + ": " + e.errno().message());
            return 1;
        }
        if (relativeBase != null && !isUnder(relativeTo, relativeBase)) {
            relativeTo = null;
        }
        String end = parsed.has('z') ? "\0" : "\n";
        int status = 0;
        for (String operand : parsed.operands()) {
            ctx.checkCancelled();
            try {
                String path = resolve(ctx, operand, how);
                if (relativeTo != null && (relativeBase == null || isUnder(path, relativeBase))) {
                    path = LnCommand.relativePath(relativeTo, path);
                }
                ctx.print(path + end);
            } catch (FsException e) {
                if (!quiet) {
                    ctx.stdout().flush();
                    ctx.error(Quoting.shell(operand) + ": " + e.errno().message());
                }
                status = 1;
            }
        }
        ctx.stdout().flush();
        return status;
    }

    private static String resolve(CommandContext ctx, String operand, Resolution how) throws FsException {
        PathOperands.resolve(ctx, operand);
        String path = Canonical.absolute(ctx.cwd(), operand);
        if (how.logical) {
            String normal = PathNames.normalize(path);
            path = operand.endsWith("/") && !normal.equals("/") ? normal + "/" : normal;
        }
        return Canonical.canonicalize(ctx.fs(), path, how.mode, how.resolveLinks);
    }

    private static boolean isUnder(String path, String base) {
        return base.equals("/") || path.equals(base) || path.startsWith(base + "/");
    }
}
