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

/** rm: remove files or directories. */
public final class RmCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("dfiIrRv")
            .longOption("dir", 'd')
            .longOption("force", 'f')
            .longOption("recursive", 'r')
            .longOption("verbose", 'v')
            .longOption("interactive", OptionParser.Arg.OPTIONAL)
            .longOption("one-file-system", OptionParser.Arg.NONE)
            .longOption("preserve-root", OptionParser.Arg.OPTIONAL)
            .longOption("no-preserve-root", OptionParser.Arg.NONE);

    private enum Interactive {
        NEVER,
        ONCE,
        ALWAYS
    }

    private static final Argmatch<Interactive> WHEN = Argmatch.of(
            "--interactive",
            "never",
            Interactive.NEVER,
            "no",
            Interactive.NEVER,
            "none",
            Interactive.NEVER,
            "once",
            Interactive.ONCE,
            "always",
            Interactive.ALWAYS,
            "yes",
            Interactive.ALWAYS);

    @Override
    public String name() {
        return "rm";
    }

    @Override
    public String help() {
        return """
                Usage: rm [OPTION]... [FILE]...
                Remove (unlink) the FILE(s).

                  -f, --force           ignore nonexistent files and arguments, never prompt
                  -i                    prompt before every removal
                  -I                    prompt once before removing more than three files, or
                                          when removing recursively; less intrusive than -i,
                                          while still giving protection against most mistakes
                      --interactive[=WHEN]  prompt according to WHEN: never, once (-I), or
                                          always (-i); without WHEN, prompt always
                      --no-preserve-root  do not treat '/' specially
                      --preserve-root   do not remove '/' (default)
                  -r, -R, --recursive   remove directories and their contents recursively
                  -d, --dir             remove empty directories
                  -v, --verbose         explain what is being done
                """;
    }

    /** What the options ask for. */
    private static final class Settings {
        boolean force;
        Interactive interactive = Interactive.NEVER;
        boolean recursive;
        boolean emptyDirs;
        boolean verbose;
        boolean preserveRoot = true;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        Settings s = new Settings();
        for (ParsedOptions.Option o : parsed.options()) {
            switch (o.key()) {
                case "f" -> {
                    s.force = true;
                    s.interactive = Interactive.NEVER;
                }
                case "i" -> {
                    s.force = false;
                    s.interactive = Interactive.ALWAYS;
                }
                case "I" -> {
                    s.force = false;
                    s.interactive = Interactive.ONCE;
                }
                case "interactive" -> {
                    Interactive when = o.value() == null ? Interactive.ALWAYS : WHEN.match(ctx, o.value(), 1);
                    if (when == null) {
                        return 1;
                    }
                    s.interactive = when;
                    if (when != Interactive.NEVER) {
                        s.force = false;
                    }
                }
                case "r", "R" -> s.recursive = true;
                case "d" -> s.emptyDirs = true;
                case "v" -> s.verbose = true;
                case "no-preserve-root" -> s.preserveRoot = false;
                case "preserve-root" -> s.preserveRoot = true;
                default -> {} // --one-file-system: a sandbox has one file system
            }
        }
        List<String> operands = parsed.operands();
        if (operands.isEmpty()) {
            return s.force ? 0 : ctx.usageError("missing operand", 1);
        }
        if (s.interactive == Interactive.ONCE && (s.recursive || operands.size() > 3)) {
            String what = operands.size() == 1 ? "1 argument" : operands.size() + " arguments";
            if (!Prompt.ask(ctx, "remove " + what + (s.recursive ? " recursively" : "") + "? ")) {
                return 0;
            }
        }
        int status = 0;
        for (String operand : operands) {
            ctx.checkCancelled();
            if (!removeOperand(ctx, operand, s)) {
                status = 1;
            }
        }
        ctx.stdout().flush();
        return status;
    }

    private static boolean removeOperand(CommandContext ctx, String operand, Settings s) throws IOException {
        if (s.recursive && PathOperands.endsWithDotOrDotDot(operand)) {
            ctx.error(
                    "refusing to remove '.' or '..' directory: skipping " + Quoting.shellAlways(trimSlashes(operand)));
            return false;
        }
        FileStat st;
        String abs;
        try {
            abs = PathOperands.resolve(ctx, operand);
            st = PathOperands.lstat(ctx, operand);
        } catch (FsException e) {
            if (s.force && e.errno() == Errno.ENOENT) {
                return true;
            }
            ctx.error("cannot remove " + Quoting.shellAlways(operand) + ": "
                    + e.errno().message());
            return false;
        }
        if (s.recursive && s.preserveRoot && abs.equals("/") && st.isDirectory()) {
            String same = operand.equals("/") ? "" : " (same as '/')";
            ctx.error("it is dangerous to operate recursively on " + Quoting.shellAlways(operand) + same);
            ctx.error("use --no-preserve-root to override this failsafe");
            return false;
        }
        if (st.isDirectory() && !s.recursive) {
            if (!s.emptyDirs) {
                ctx.error("cannot remove " + Quoting.shellAlways(operand) + ": " + Errno.EISDIR.message());
                return false;
            }
            if (PathOperands.endsWithDotOrDotDot(operand)) {
                Errno errno = ctx.fs().list(abs).isEmpty() ? Errno.EINVAL : Errno.ENOTEMPTY;
                ctx.error("cannot remove " + Quoting.shellAlways(operand) + ": " + errno.message());
                return false;
            }
        }
        String display = trimSlashes(operand);
        boolean symlinkWithSlash =
                PathOperands.hasTrailingSlash(operand) && ctx.fs().lstat(abs).isSymlink();
        return removeTree(ctx, display, abs, st, s, symlinkWithSlash) != Outcome.FAILED;
    }

    /** What became of a file: removed, kept because the user said no, or kept because removal failed. */
    private enum Outcome {
        REMOVED,
        DECLINED,
        FAILED
    }

    /** Removes one file or, depth first, a directory tree. */
    private static Outcome removeTree(
            CommandContext ctx, String display, String abs, FileStat st, Settings s, boolean symlinkWithSlash)
            throws IOException {
        ctx.checkCancelled();
        if (!st.isDirectory()) {
            if (s.interactive == Interactive.ALWAYS
                    && !Prompt.ask(ctx, "remove " + describe(st) + " " + Quoting.shellAlways(display) + "? ")) {
                return Outcome.DECLINED;
            }
            return delete(ctx, display, abs, "removed ", s);
        }
        List<FileSystem.DirEntry> entries = List.of();
        if (s.recursive) {
            try {
                entries = ctx.fs().listWithStats(abs);
            } catch (FsException e) {
                ctx.error("cannot remove " + Quoting.shellAlways(display) + ": "
                        + e.errno().message());
                return Outcome.FAILED;
            }
        }
        if (!entries.isEmpty()) {
            if (s.interactive == Interactive.ALWAYS
                    && !Prompt.ask(ctx, "descend into directory " + Quoting.shellAlways(display) + "? ")) {
                return Outcome.DECLINED;
            }
            Outcome children = Outcome.REMOVED;
            List<FileSystem.DirEntry> sorted = EntryOrder.sorted(entries);
            for (FileSystem.DirEntry entry : sorted) {
                String childDisplay = display.endsWith("/") ? display + entry.name() : display + "/" + entry.name();
                Outcome child =
                        removeTree(ctx, childDisplay, PathNames.join(abs, entry.name()), entry.stat(), s, false);
                if (child.compareTo(children) > 0) {
                    children = child;
                }
            }
            if (children != Outcome.REMOVED) {
                return children; // the directory keeps what stayed, so it stays too
            }
        }
        if (s.interactive == Interactive.ALWAYS
                && !Prompt.ask(ctx, "remove directory " + Quoting.shellAlways(display) + "? ")) {
            return Outcome.DECLINED;
        }
        if (symlinkWithSlash) {
            ctx.error("cannot remove " + Quoting.shellAlways(display) + ": " + Errno.ENOTDIR.message());
            return Outcome.FAILED;
        }
        return delete(ctx, display, abs, "removed directory ", s);
    }

    private static Outcome delete(CommandContext ctx, String display, String abs, String verb, Settings s)
            throws IOException {
        try {
            ctx.fs().delete(abs);
        } catch (FsException e) {
            if (s.force && e.errno() == Errno.ENOENT) {
                return Outcome.REMOVED;
            }
            ctx.error("cannot remove " + Quoting.shellAlways(display) + ": "
                    + e.errno().message());
            return Outcome.FAILED;
        }
        if (s.verbose) {
            ctx.print(verb + Quoting.shellAlways(display) + "\n");
        }
        return Outcome.REMOVED;
    }

    /** The file type words of rm's questions. */
    static String describe(FileStat st) {
        return switch (st.type()) {
            case REGULAR -> st.size() == 0 ? "regular empty file" : "regular file";
            case DIRECTORY -> "directory";
            case SYMLINK -> "symbolic link";
            case CHARACTER_DEVICE -> "character special file";
            case FIFO -> "fifo";
        };
    }

    /** fts shows an operand with its trailing slashes reduced to one. */
    private static String trimSlashes(String operand) {
        String trimmed = PathOperands.stripTrailingSlashes(operand);
        return trimmed.length() < operand.length() && !trimmed.equals("/") ? trimmed + "/" : trimmed;
    }
}
