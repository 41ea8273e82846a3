package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.List;

/** ln: make hard or symbolic links. */
public final class LnCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("finrsvLPTt:")
            .longOption("force", 'f')
            .longOption("interactive", 'i')
            .longOption("no-dereference", 'n')
            .longOption("relative", 'r')
            .longOption("symbolic", 's')
            .longOption("verbose", 'v')
            .longOption("logical", 'L')
            .longOption("physical", 'P')
            .longOption("no-target-directory", 'T')
            .longOption("target-directory", 't');

    @Override
    public String name() {
        return "ln";
    }

    @Override
    public String help() {
        return """
                Usage: ln [OPTION]... [-T] TARGET LINK_NAME
                  or:  ln [OPTION]... TARGET
                  or:  ln [OPTION]... TARGET... DIRECTORY
                  or:  ln [OPTION]... -t DIRECTORY TARGET...
                In the 1st form, create a link to TARGET with the name LINK_NAME.
                In the 2nd form, create a link to TARGET in the current directory.
                In the 3rd and 4th forms, create links to each TARGET in DIRECTORY.
                Create hard links by default, symbolic links with --symbolic.

                  -f, --force                 remove existing destination files
                  -i, --interactive           prompt whether to remove destinations
                  -L, --logical               dereference TARGETs that are symbolic links
                  -n, --no-dereference        treat LINK_NAME as a normal file if
                                                it is a symbolic link to a directory
                  -P, --physical              make hard links directly to symbolic links
                  -r, --relative              with -s, create links relative to link location
                  -s, --symbolic              make symbolic links instead of hard links
                  -t, --target-directory=DIRECTORY  specify the DIRECTORY in which to create
                                                the links
                  -T, --no-target-directory   treat LINK_NAME as a normal file always
                  -v, --verbose               print name of each linked file
                """;
    }

    /** What the options ask for. */
    private record Settings(
            boolean symbolic, boolean force, boolean interactive, boolean relative, boolean logical, boolean verbose) {}

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        boolean force = false;
        boolean interactive = false;
        boolean logical = false;
        for (ParsedOptions.Option o : parsed.options()) {
            switch (o.key()) {
                case "f" -> {
                    force = true;
                    interactive = false;
                }
                case "i" -> {
                    interactive = true;
                    force = false;
                }
                case "L" -> logical = true;
                case "P" -> logical = false;
                default -> {}
            }
        }
        boolean symbolic = parsed.has('s');
        if (parsed.has('r') && !symbolic) {
            ctx.error("cannot do --relative without --symbolic");
            return 1;
        }
        Settings s = new Settings(symbolic, force, interactive, parsed.has('r'), logical, parsed.has('v'));
        TargetOperands operands = TargetOperands.parse(
                ctx,
                parsed.operands(),
                new TargetOperands.Options(parsed.value('t'), parsed.has('T'), true, parsed.has('n')));
        if (operands == null) {
            return 1;
        }
        int status = 0;
        for (String source : operands.sources()) {
            ctx.checkCancelled();
            if (!link(ctx, source, operands.destinationFor(source), s)) {
                status = 1;
            }
        }
        ctx.stdout().flush();
        return status;
    }

    private static boolean link(CommandContext ctx, String source, String dest, Settings s) throws IOException {
        String kind = s.symbolic ? "symbolic link " : "hard link ";
        FileStat sourceStat = null;
        if (!s.symbolic) {
            try {
                sourceStat = s.logical ? PathOperands.stat(ctx, source) : PathOperands.lstat(ctx, source);
            } catch (FsException e) {
                ctx.error("failed to access " + Quoting.shellAlways(source) + ": "
                        + e.errno().message());
                return false;
            }
            if (sourceStat.isDirectory()) {
                ctx.error(Quoting.shell(source) + ": hard link not allowed for directory");
                return false;
            }
        }
        String destAbs;
        try {
            destAbs = PathOperands.resolve(ctx, dest);
        } catch (FsException e) {
            ctx.error("failed to create " + kind + Quoting.shellAlways(dest) + ": "
                    + e.errno().message());
            return false;
        }
        FileStat existing = lstatOrNull(ctx, destAbs);
        if (PathOperands.hasTrailingSlash(dest)) {
            Errno errno = existing != null ? Errno.EEXIST : Errno.ENOENT;
            String arrow = s.symbolic || errno == Errno.EEXIST ? "" : " => " + Quoting.shellAlways(source);
            ctx.error("failed to create " + kind + Quoting.shellAlways(dest) + arrow + ": " + errno.message());
            return false;
        }
        if (existing != null) {
            if (s.interactive && !Prompt.ask(ctx, "replace " + Quoting.shellAlways(dest) + "? ")) {
                return true;
            }
            if (!s.force && !s.interactive) {
                ctx.error("failed to create " + kind + Quoting.shellAlways(dest) + ": " + Errno.EEXIST.message());
                return false;
            }
            if (existing.isDirectory()) {
                ctx.error(Quoting.shell(dest) + ": cannot overwrite directory");
                return false;
            }
            if (isSameFile(ctx, source, sourceStat, destAbs, existing, s.symbolic)) {
                ctx.error(Quoting.shellAlways(source) + " and " + Quoting.shellAlways(dest) + " are the same file");
                return false;
            }
            ctx.fs().delete(destAbs);
        }
        String target = source;
        try {
            if (s.symbolic) {
                if (s.relative) {
                    target = relativeTarget(ctx, source, destAbs);
                }
                ctx.fs().createSymlink(destAbs, target);
            } else {
                String sourceAbs = PathOperands.resolve(ctx, source);
                ctx.fs().createHardLink(destAbs, s.logical ? ctx.fs().realPath(sourceAbs, false) : sourceAbs);
            }
        } catch (FsException e) {
            String arrow = s.symbolic ? "" : " => " + Quoting.shellAlways(source);
            ctx.error("failed to create " + kind + Quoting.shellAlways(dest) + arrow + ": "
                    + e.errno().message());
            return false;
        }
        if (s.verbose) {
            ctx.print(Quoting.shellAlways(dest) + (s.symbolic ? " -> " : " => ") + Quoting.shellAlways(target) + "\n");
        }
        return true;
    }

    private static boolean isSameFile(
            CommandContext ctx,
            String source,
            FileStat sourceStat,
            String destAbs,
            FileStat existing,
            boolean symbolic) {
        if (!symbolic) {
            return sourceStat.inode() == existing.inode();
        }
        // A symlink's target is read from the link's directory.
        String targetAbs = PathNames.resolve(PathNames.parent(destAbs), source);
        FileStat target = lstatOrNull(ctx, targetAbs);
        return target != null && target.inode() == existing.inode();
    }

    /** {@code --relative}: the path from the link's directory to the target, both with symlinks resolved. */
    private static String relativeTarget(CommandContext ctx, String source, String destAbs) throws FsException {
        String from = ctx.fs().realPath(PathNames.parent(destAbs), true);
        String to = ctx.fs().realPath(PathOperands.resolve(ctx, source), true);
        return relativePath(from, to);
    }

    /** The relative path that leads from directory {@code from} to {@code to}; both absolute and normalized. */
    public static String relativePath(String from, String to) {
        List<String> a = PathNames.components(from);
        List<String> b = PathNames.components(to);
        int common = 0;
        while (common < a.size() && common < b.size() && a.get(common).equals(b.get(common))) {
            common++;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = common; i < a.size(); i++) {
            sb.append(sb.length() == 0 ? "" : "/").append("..");
        }
        for (int i = common; i < b.size(); i++) {
            sb.append(sb.length() == 0 ? "" : "/").append(b.get(i));
        }
        return sb.length() == 0 ? "." : sb.toString();
    }

    private static FileStat lstatOrNull(CommandContext ctx, String abs) {
        try {
            return ctx.fs().lstat(abs);
        } catch (FsException e) {
            return null;
        }
    }
}
