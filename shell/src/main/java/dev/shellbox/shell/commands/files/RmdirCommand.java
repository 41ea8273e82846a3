package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.List;

/** rmdir: remove empty directories. */
public final class RmdirCommand implements Command {
    private static final String NOT_EMPTY = Errno.ENOTEMPTY.message();
    private static final String IGNORE_NON_EMPTY = "ignore-fail-on-non-empty";
    private static final OptionParser OPTIONS = OptionParser.of("pv")
            .longOption("parents", 'p')
            .longOption("verbose", 'v')
            .longOption(IGNORE_NON_EMPTY, OptionParser.Arg.NONE);

    @Override
    public String name() {
        return "rmdir";
    }

    @Override
    public String help() {
        return """
                Usage: rmdir [OPTION]... DIRECTORY...
                Remove the DIRECTORY(ies), if they are empty.

                      --ignore-fail-on-non-empty
                                    ignore each failure to remove a non-empty directory
                  -p, --parents     remove DIRECTORY and its ancestors;
                                    e.g., 'rmdir -p a/b' is similar to 'rmdir a/b a'
                  -v, --verbose     output a diagnostic for every directory processed
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
        if (parsed.operands().isEmpty()) {
            return ctx.usageError("missing operand", 1);
        }
        boolean ignoreNonEmpty = parsed.has(IGNORE_NON_EMPTY);
        boolean verbose = parsed.has('v');
        int status = 0;
        for (String operand : parsed.operands()) {
            ctx.checkCancelled();
            String failure = remove(ctx, operand, verbose);
            if (failure != null) {
                if (!(ignoreNonEmpty && failure.equals(NOT_EMPTY))) {
                    ctx.error("failed to remove " + Quoting.shellAlways(operand) + ": " + failure);
                    status = 1;
                }
                continue;
            }
            if (parsed.has('p') && !removeParents(ctx, operand, verbose, ignoreNonEmpty)) {
                status = 1;
            }
        }
        return status;
    }

    /** Removes the ancestors named in {@code operand}, innermost first, until one fails. */
    private static boolean removeParents(CommandContext ctx, String operand, boolean verbose, boolean ignoreNonEmpty)
            throws IOException {
        String path = PathOperands.stripTrailingSlashes(operand);
        while (true) {
            int slash = path.lastIndexOf('/');
            if (slash <= 0) {
                return true;
            }
            path = PathOperands.stripTrailingSlashes(path.substring(0, slash));
            if (path.equals("/")) {
                return true;
            }
            String failure = remove(ctx, path, verbose);
            if (failure != null) {
                if (ignoreNonEmpty && failure.equals(NOT_EMPTY)) {
                    return true;
                }
                ctx.error("failed to remove directory " + Quoting.shellAlways(path) + ": " + failure);
                return false;
            }
        }
    }

    /** Removes one empty directory; the message of the failure, or null. */
    private static String remove(CommandContext ctx, String operand, boolean verbose) throws IOException {
        if (verbose) {
            ctx.print("rmdir: removing directory, " + Quoting.shellAlways(operand) + "\n");
            ctx.stdout().flush();
        }
        try {
            if (PathOperands.endsWithDotOrDotDot(operand)) {
                PathOperands.lstat(ctx, operand);
                String last = PathOperands.stripTrailingSlashes(operand);
                return last.endsWith("..") ? NOT_EMPTY : Errno.EINVAL.message();
            }
            FileStat st = PathOperands.lstat(ctx, operand);
            if (!st.isDirectory()) {
                return Errno.ENOTDIR.message();
            }
            if (PathOperands.hasTrailingSlash(operand)
                    && ctx.fs().lstat(ctx.resolve(operand)).isSymlink()) {
                return "Symbolic link not followed";
            }
            ctx.fs().delete(PathOperands.resolve(ctx, operand));
            return null;
        } catch (FsException e) {
            return e.errno().message();
        }
    }
}
