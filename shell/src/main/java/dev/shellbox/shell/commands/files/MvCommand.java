package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.List;

/** mv: move (rename) files. */
public final class MvCommand implements Command {
    private static final String STRIP_TRAILING_SLASHES = "strip-trailing-slashes";
    private static final OptionParser OPTIONS = OptionParser.of("finTt:uv")
            .longOption("force", 'f')
            .longOption("interactive", 'i')
            .longOption("no-clobber", 'n')
            .longOption("no-target-directory", 'T')
            .longOption("target-directory", 't')
            .longOption("update", 'u')
            .longOption("verbose", 'v')
            .longOption(STRIP_TRAILING_SLASHES, OptionParser.Arg.NONE);

    @Override
    public String name() {
        return "mv";
    }

    @Override
    public String help() {
        return """
                Usage: mv [OPTION]... [-T] SOURCE DEST
                  or:  mv [OPTION]... SOURCE... DIRECTORY
                  or:  mv [OPTION]... -t DIRECTORY SOURCE...
                Rename SOURCE to DEST, or move SOURCE(s) to DIRECTORY.

                  -f, --force                  do not prompt before overwriting
                  -i, --interactive            prompt before overwrite
                  -n, --no-clobber             do not overwrite an existing file
                      --strip-trailing-slashes  remove any trailing slashes from each SOURCE
                                                 argument
                  -t, --target-directory=DIRECTORY  move all SOURCE arguments into DIRECTORY
                  -T, --no-target-directory    treat DEST as a normal file
                  -u, --update                 move only when the SOURCE file is newer
                                                 than the destination file or when the
                                                 destination file is missing
                  -v, --verbose                explain what is being done
                """;
    }

    private enum Overwrite {
        FORCE,
        ASK,
        NEVER
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        Overwrite overwrite = Overwrite.FORCE;
        for (ParsedOptions.Option o : parsed.options()) {
            switch (o.key()) {
                case "f" -> overwrite = Overwrite.FORCE;
                case "i" -> overwrite = Overwrite.ASK;
                case "n" -> overwrite = Overwrite.NEVER;
                default -> {}
            }
        }
        List<String> operands = parsed.operands();
        if (parsed.has(STRIP_TRAILING_SLASHES)) {
            operands = operands.stream().map(PathOperands::stripTrailingSlashes).toList();
        }
        TargetOperands targets = TargetOperands.parse(
                ctx, operands, new TargetOperands.Options(parsed.value('t'), parsed.has('T'), false, false));
        if (targets == null) {
            return 1;
        }
        boolean ok = true;
        for (String source : targets.sources()) {
            ctx.checkCancelled();
            ok &= move(ctx, source, targets.destinationFor(source), overwrite, parsed.has('u'), parsed.has('v'));
        }
        ctx.stdout().flush();
        return ok ? 0 : 1;
    }

    private static boolean move(
            CommandContext ctx, String src, String dst, Overwrite overwrite, boolean update, boolean verbose)
            throws IOException {
        FileSystem fs = ctx.fs();
        String srcAbs;
        FileStat srcStat;
        try {
            srcAbs = PathOperands.resolve(ctx, src);
            srcStat = PathOperands.lstat(ctx, src);
        } catch (FsException e) {
            ctx.error(
                    "cannot stat " + Quoting.shellAlways(src) + ": " + e.errno().message());
            return false;
        }
        String dstAbs;
        try {
            dstAbs = PathOperands.resolve(ctx, dst);
        } catch (FsException e) {
            return failMove(ctx, src, dst, e.errno());
        }
        if (PathOperands.endsWithDotOrDotDot(src) || srcAbs.equals("/")) {
            return failMove(ctx, src, dst, Errno.EBUSY);
        }
        if (PathOperands.hasTrailingSlash(src) && fs.lstat(srcAbs).isSymlink()) {
            return failMove(ctx, src, dst, Errno.ENOTDIR);
        }
        FileStat dstStat = lstatOrNull(fs, dstAbs);
        if (dstStat != null) {
            if (dstStat.inode() == srcStat.inode()) {
                ctx.error(Quoting.shellAlways(src) + " and " + Quoting.shellAlways(dst) + " are the same file");
                return false;
            }
            if (overwrite == Overwrite.NEVER) {
                return true;
            }
            if (update && dstStat.mtimeMillis() >= srcStat.mtimeMillis()) {
                return true;
            }
            if (overwrite == Overwrite.ASK && !Prompt.ask(ctx, "overwrite " + Quoting.shellAlways(dst) + "? ")) {
                return true;
            }
            if (dstStat.isDirectory() && !srcStat.isDirectory()) {
                ctx.error("cannot overwrite directory " + Quoting.shellAlways(dst) + " with non-directory");
                return false;
            }
            if (!dstStat.isDirectory() && srcStat.isDirectory()) {
                ctx.error("cannot overwrite non-directory " + Quoting.shellAlways(dst) + " with directory "
                        + Quoting.shellAlways(src));
                return false;
            }
        }
        if (srcStat.isDirectory() && (dstAbs.equals(srcAbs) || dstAbs.startsWith(srcAbs + "/"))) {
            ctx.error("cannot move " + Quoting.shellAlways(src) + " to a subdirectory of itself, "
                    + Quoting.shellAlways(dst));
            return false;
        }
        try {
            fs.rename(srcAbs, dstAbs);
        } catch (FsException e) {
            if (e.errno() != Errno.EXDEV) {
                return failMove(ctx, src, dst, e.errno());
            }
            if (!copyThenRemove(ctx, src, srcAbs, dst, dstStat != null)) {
                return false;
            }
        }
        if (verbose) {
            ctx.print("renamed " + Quoting.shellAlways(src) + " -> " + Quoting.shellAlways(dst) + "\n");
        }
        return true;
    }

    /** Across file systems a rename is a copy that keeps everything, then a removal of the source. */
    private static boolean copyThenRemove(CommandContext ctx, String src, String srcAbs, String dst, boolean exists)
            throws IOException {
        String dstAbs = ctx.resolve(dst);
        if (exists && !ctx.fs().lstat(dstAbs).isDirectory()) {
            ctx.fs().delete(dstAbs);
        }
        Copier.Options o = new Copier.Options();
        o.recursive = true;
        o.dereference = Copier.Dereference.NEVER;
        o.preserveMode = o.preserveTimestamps = true;
        if (!new Copier(ctx, o).copyOperand(src, dst)) {
            return false;
        }
        removeTree(ctx.fs(), srcAbs);
        return true;
    }

    private static void removeTree(FileSystem fs, String abs) throws FsException {
        if (fs.lstat(abs).isDirectory()) {
            for (String name : fs.list(abs)) {
                removeTree(fs, PathNames.join(abs, name));
            }
        }
        fs.delete(abs);
    }

    private static boolean failMove(CommandContext ctx, String src, String dst, Errno errno) throws IOException {
        ctx.error(
                "cannot move " + Quoting.shellAlways(src) + " to " + Quoting.shellAlways(dst) + ": " + errno.message());
        return false;
    }

    private static FileStat lstatOrNull(FileSystem fs, String abs) {
        try {
            return fs.lstat(abs);
        } catch (FsException e) {
            return null;
        }
    }
}
