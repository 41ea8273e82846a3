package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.modechange.ModeSpec;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.List;

/** mkdir: make directories. */
public final class MkdirCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("m:pvZ")
            .longOption("mode", 'm')
            .longOption("parents", 'p')
            .longOption("verbose", 'v')
            .longOption("context", OptionParser.Arg.OPTIONAL);

    @Override
    public String name() {
        return "mkdir";
    }

    @Override
    public String help() {
        return """
                Usage: mkdir [OPTION]... DIRECTORY...
                Create the DIRECTORY(ies), if they do not already exist.

                  -m, --mode=MODE   set file mode (as in chmod), not a=rwx - umask
                  -p, --parents     no error if existing, make parent directories as needed,
                                    with their file modes unaffected by any -m option.
                  -v, --verbose     print a message for each created directory
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
        int mode = 0777 & ~ctx.umask();
        boolean forceMode = false;
        String modeText = parsed.value('m');
        if (modeText != null) {
            ModeSpec spec = ModeSpec.parse(modeText);
            if (spec == null) {
                ctx.error("invalid mode " + Quoting.locale(modeText));
                return 1;
            }
            mode = spec.apply(0777, true, ctx.umask());
            forceMode = (mode & ~0777) != 0 || (spec.changedBits(0777, true, ctx.umask()) & ctx.umask()) != 0;
        }
        boolean parents = parsed.has('p');
        boolean verbose = parsed.has('v');
        // Parents get the default mode plus u+wx, so the rest of the path can be created below them.
        int parentMode = (0777 & ~ctx.umask()) | 0300;
        int status = 0;
        for (String operand : parsed.operands()) {
            ctx.checkCancelled();
            try {
                if (parents) {
                    createParents(ctx, operand, parentMode, verbose);
                    String abs = PathOperands.resolve(ctx, operand);
                    if (isDirectory(ctx.fs(), abs)) {
                        continue;
                    }
                }
                create(ctx, operand, forceMode ? mode : mode & ~ctx.umask(), forceMode, verbose);
            } catch (FsException e) {
                ctx.error("cannot create directory " + Quoting.locale(operand) + ": "
                        + e.errno().message());
                status = 1;
            } catch (ParentException e) {
                ctx.error("cannot create directory " + Quoting.locale(e.prefix) + ": "
                        + e.cause.errno().message());
                status = 1;
            }
        }
        return status;
    }

    private static void create(CommandContext ctx, String operand, int mode, boolean forceMode, boolean verbose)
            throws IOException {
        String abs = PathOperands.resolve(ctx, operand);
        ctx.fs().createDirectory(abs, mode & 0777);
        if (forceMode) {
            ctx.fs().setMode(abs, mode); // bits of an explicit -m are not reduced by the umask
        }
        if (verbose) {
            ctx.print("mkdir: created directory " + Quoting.shellAlways(operand) + "\n");
            ctx.stdout().flush();
        }
    }

    /** Creates the missing directories leading to {@code operand}, walking its components as written. */
    private static void createParents(CommandContext ctx, String operand, int mode, boolean verbose)
            throws IOException, ParentException {
        String trimmed = PathOperands.stripTrailingSlashes(operand);
        int from = 0;
        while (from < trimmed.length() && trimmed.charAt(from) == '/') {
            from++;
        }
        while (true) {
            int slash = trimmed.indexOf('/', from);
            if (slash < 0) {
                return;
            }
            String prefix = trimmed.substring(0, slash);
            from = slash + 1;
            while (from < trimmed.length() && trimmed.charAt(from) == '/') {
                from++;
            }
            String abs = ctx.resolve(prefix);
            if (isDirectory(ctx.fs(), abs)) {
                continue;
            }
            try {
                ctx.fs().createDirectory(abs, mode);
            } catch (FsException e) {
                if (e.errno() == Errno.EEXIST) {
                    throw new ParentException(prefix, new FsException(Errno.ENOTDIR, abs));
                }
                throw new ParentException(prefix, e);
            }
            if (verbose) {
                ctx.print("mkdir: created directory " + Quoting.shellAlways(prefix) + "\n");
                ctx.stdout().flush();
            }
        }
    }

    private static boolean isDirectory(FileSystem fs, String abs) {
        try {
            FileStat st = fs.stat(abs);
            return st.isDirectory();
        } catch (FsException e) {
            return false;
        }
    }

    /** A parent that could not be created; the message names the parent, not the operand. */
    private static final class ParentException extends Exception {
        final String prefix;
        final FsException cause;

        ParentException(String prefix, FsException cause) {
            super(null, null, false, false);
            this.prefix = prefix;
            this.cause = cause;
        }
    }
}
