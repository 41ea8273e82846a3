package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FileType;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.Modes;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.gnu.modechange.ModeSpec;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** chmod: change file mode bits, octal or symbolic. */
public final class ChmodCommand implements Command {
    private static final String REFERENCE = "reference";
    private static final String PRESERVE_ROOT = "preserve-root";
    private static final String NO_PRESERVE_ROOT = "no-preserve-root";
    private static final OptionParser OPTIONS = OptionParser.of("cfvR")
            .longOption("changes", 'c')
            .longOption("silent", 'f')
            .longOption("quiet", 'f')
            .longOption("verbose", 'v')
            .longOption("recursive", 'R')
            .longOption(REFERENCE, OptionParser.Arg.REQUIRED)
            .longOption(PRESERVE_ROOT, OptionParser.Arg.NONE)
            .longOption(NO_PRESERVE_ROOT, OptionParser.Arg.NONE);

    /** Option-like arguments that are modes ({@code chmod -w file}), as GNU chmod accepts them. */
    private static final String MODE_OPTION_CHARS = "rwxXstugoa,+-=01234567";

    private enum Report {
        NONE,
        CHANGES,
        ALL
    }

    @Override
    public String name() {
        return "chmod";
    }

    @Override
    public String help() {
        return """
                Usage: chmod [OPTION]... MODE[,MODE]... FILE...
                  or:  chmod [OPTION]... OCTAL-MODE FILE...
                  or:  chmod [OPTION]... --reference=RFILE FILE...
                Change the mode of each FILE to MODE.
                With --reference, change the mode of each FILE to that of RFILE.

                  -c, --changes          like verbose but report only when a change is made
                  -f, --silent, --quiet  suppress most error messages
                  -v, --verbose          output a diagnostic for every file processed
                      --no-preserve-root  do not treat '/' specially (the default)
                      --preserve-root    fail to operate recursively on '/'
                      --reference=RFILE  use RFILE's mode instead of MODE values
                  -R, --recursive        change files and directories recursively

                Each MODE is of the form '[ugoa]*([-+=]([rwxXst]*|[ugo]))+|[-+=][0-7]+'.
                """;
    }

    /** What the options ask for. */
    private static final class Settings {
        ModeSpec spec;
        Integer referenceMode;
        Report report = Report.NONE;
        boolean silent;
        boolean recursive;
        boolean preserveRoot;
        /** Set for modes given like options ({@code -w}), the only ones GNU checks against the umask. */
        boolean diagnoseUmask;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        String modeFromOption = null;
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                rest.addAll(args.subList(i, args.size()));
                break;
            }
            if (a.length() > 1
                    && a.charAt(0) == '-'
                    && MODE_OPTION_CHARS.indexOf(a.charAt(1)) >= 0
                    && a.charAt(1) != '-') {
                modeFromOption = a;
            } else {
                rest.add(a);
            }
        }
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(rest);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        Settings s = new Settings();
        s.diagnoseUmask = modeFromOption != null;
        for (ParsedOptions.Option o : parsed.options()) {
            switch (o.key()) {
                case "c" -> s.report = Report.CHANGES;
                case "v" -> s.report = Report.ALL;
                case "f" -> s.silent = true;
                case "R" -> s.recursive = true;
                case PRESERVE_ROOT -> s.preserveRoot = true;
                case NO_PRESERVE_ROOT -> s.preserveRoot = false;
                default -> {}
            }
        }
        List<String> operands = new ArrayList<>(parsed.operands());
        String reference = parsed.value(REFERENCE);
        String modeText = modeFromOption;
        if (reference == null && modeText == null) {
            if (operands.isEmpty()) {
                return ctx.usageError("missing operand", 1);
            }
            modeText = operands.remove(0);
        }
        if (operands.isEmpty()) {
            if (modeText != null && modeFromOption == null) {
                return ctx.usageError("missing operand after " + Quoting.locale(modeText), 1);
            }
            return ctx.usageError("missing operand", 1);
        }
        if (reference != null) {
            try {
                s.referenceMode = PathOperands.stat(ctx, reference).mode();
            } catch (FsException e) {
                ctx.error("failed to get attributes of " + Quoting.shellAlways(reference) + ": "
                        + e.errno().message());
                return 1;
            }
        } else {
            s.spec = ModeSpec.parse(modeText);
            if (s.spec == null) {
                return ctx.usageError("invalid mode: " + Quoting.locale(modeText), 1);
            }
        }
        boolean ok = true;
        for (String operand : operands) {
            ctx.checkCancelled();
            ok &= changeOperand(ctx, operand, s);
        }
        ctx.stdout().flush();
        return ok ? 0 : 1;
    }

    private boolean changeOperand(CommandContext ctx, String operand, Settings s) throws IOException {
        FileStat st;
        String abs;
        try {
            abs = PathOperands.resolve(ctx, operand);
            st = PathOperands.stat(ctx, operand);
        } catch (FsException e) {
            boolean dangling = false;
            if (e.errno() == Errno.ENOENT && !operand.isEmpty()) {
                try {
                    dangling = ctx.fs().lstat(ctx.resolve(operand)).isSymlink();
                } catch (FsException ignored) {
                    dangling = false;
                }
            }
            if (!s.silent) {
                ctx.error(
                        dangling
                                ? "cannot operate on dangling symlink " + Quoting.shellAlways(operand)
                                : "cannot access " + Quoting.shellAlways(operand) + ": "
                                        + e.errno().message());
            }
            if (s.report == Report.ALL) {
                ctx.print(Quoting.shellAlways(operand) + " could not be accessed\n");
            }
            return false;
        }
        if (s.recursive && s.preserveRoot && abs.equals("/")) {
            ctx.error("it is dangerous to operate recursively on " + Quoting.shellAlways(operand)
                    + (operand.equals("/") ? "" : " (same as '/')"));
            ctx.error("use --no-preserve-root to override this failsafe");
            return false;
        }
        return change(ctx, operand, abs, st, s);
    }

    /** Changes one file and, with -R, what a directory holds (symlinks inside the tree are left alone). */
    private boolean change(CommandContext ctx, String display, String abs, FileStat st, Settings s) throws IOException {
        ctx.checkCancelled();
        int oldMode = st.mode();
        int newMode = s.referenceMode != null ? s.referenceMode : s.spec.apply(oldMode, st.isDirectory(), ctx.umask());
        boolean ok = true;
        try {
            if (newMode != oldMode) {
                ctx.fs().setMode(abs, newMode);
            }
            describe(ctx, display, st.type(), oldMode, newMode, s);
        } catch (FsException e) {
            if (!s.silent) {
                ctx.error("changing permissions of " + Quoting.shellAlways(display) + ": "
                        + e.errno().message());
            }
            ok = false;
        }
        if (s.diagnoseUmask && s.referenceMode == null && ok) {
            ok = checkUmaskSurprise(ctx, display, st, oldMode, newMode, s);
        }
        if (s.recursive && st.isDirectory()) {
            List<FileSystem.DirEntry> entries;
            try {
                entries = new ArrayList<>(ctx.fs().listWithStats(abs));
            } catch (FsException e) {
                if (!s.silent) {
                    ctx.error("cannot read directory " + Quoting.shellAlways(display) + ": "
                            + e.errno().message());
                }
                return false;
            }
            entries = EntryOrder.sorted(entries);
            for (FileSystem.DirEntry entry : entries) {
                String childDisplay = display.endsWith("/") ? display + entry.name() : display + "/" + entry.name();
                if (entry.stat().isSymlink()) {
                    if (s.report == Report.ALL) {
                        ctx.print("neither symbolic link " + Quoting.shellAlways(childDisplay)
                                + " nor referent has been changed\n");
                    }
                    continue;
                }
                ok &= change(ctx, childDisplay, PathNames.join(abs, entry.name()), entry.stat(), s);
            }
        }
        return ok;
    }

    /** A mode like {@code -w} without u/g/o is reduced by the umask; GNU says so when that surprises. */
    private static boolean checkUmaskSurprise(
            CommandContext ctx, String display, FileStat st, int oldMode, int newMode, Settings s) throws IOException {
        int naive = s.spec.apply(oldMode, st.isDirectory(), 0);
        if ((newMode & ~naive) == 0) {
            return true;
        }
        if (!s.silent) {
            ctx.error(Quoting.shell(display) + ": new permissions are "
                    + Modes.toString(st.type(), newMode).substring(1) + ", not "
                    + Modes.toString(st.type(), naive).substring(1));
        }
        return false;
    }

    private static void describe(
            CommandContext ctx, String display, FileType type, int oldMode, int newMode, Settings s)
            throws IOException {
        boolean changed = oldMode != newMode;
        if (s.report == Report.NONE || (s.report == Report.CHANGES && !changed)) {
            return;
        }
        String quoted = Quoting.shellAlways(display);
        if (changed) {
            ctx.print("mode of " + quoted + " changed from " + describeMode(type, oldMode) + " to "
                    + describeMode(type, newMode) + "\n");
        } else {
            ctx.print("mode of " + quoted + " retained as " + describeMode(type, newMode) + "\n");
        }
    }

    private static String describeMode(FileType type, int mode) {
        return String.format("%04o (%s)", mode, Modes.toString(type, mode).substring(1));
    }
}
