package dev.shellbox.shell.commands.files.ls;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.commands.files.Argmatch;
import dev.shellbox.shell.commands.files.PathOperands;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.gnu.fnmatch.Glob;
import dev.shellbox.shell.gnu.human.SizeSuffix;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.gnu.time.TimeZoneSpec;
import dev.shellbox.shell.io.Text;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/** ls: list directory contents, with GNU's options and output formats. */
public final class LsCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("aAbBcCdfFgGhHiI:klLmnNopqQrRsStT:uUvw:xX1")
            .longOption("all", 'a')
            .longOption("almost-all", 'A')
            .longOption("escape", 'b')
            .longOption("ignore-backups", 'B')
            .longOption("directory", 'd')
            .longOption("no-group", 'G')
            .longOption("human-readable", 'h')
            .longOption("dereference-command-line", 'H')
            .longOption("inode", 'i')
            .longOption("ignore", 'I')
            .longOption("kibibytes", 'k')
            .longOption("dereference", 'L')
            .longOption("numeric-uid-gid", 'n')
            .longOption("literal", 'N')
            .longOption("hide-control-chars", 'q')
            .longOption("quote-name", 'Q')
            .longOption("reverse", 'r')
            .longOption("recursive", 'R')
            .longOption("size", 's')
            .longOption("tabsize", 'T')
            .longOption("width", 'w')
            .longOption("block-size", OptionParser.Arg.REQUIRED)
            .longOption("classify", OptionParser.Arg.OPTIONAL)
            .longOption("color", OptionParser.Arg.OPTIONAL)
            .longOption("colour", OptionParser.Arg.OPTIONAL)
            .longOption("dereference-command-line-symlink-to-dir", OptionParser.Arg.NONE)
            .longOption("file-type", OptionParser.Arg.NONE)
            .longOption("format", OptionParser.Arg.REQUIRED)
            .longOption("full-time", OptionParser.Arg.NONE)
            .longOption("group-directories-first", OptionParser.Arg.NONE)
            .longOption("hide", OptionParser.Arg.REQUIRED)
            .longOption("indicator-style", OptionParser.Arg.REQUIRED)
            .longOption("quoting-style", OptionParser.Arg.REQUIRED)
            .longOption("show-control-chars", OptionParser.Arg.NONE)
            .longOption("si", OptionParser.Arg.NONE)
            .longOption("sort", OptionParser.Arg.REQUIRED)
            .longOption("time", OptionParser.Arg.REQUIRED)
            .longOption("time-style", OptionParser.Arg.REQUIRED)
            .longOption("zero", OptionParser.Arg.NONE);

    private static final Argmatch<LsOptions.Sort> SORTS = Argmatch.of(
            "--sort",
            "none",
            LsOptions.Sort.NONE,
            "time",
            LsOptions.Sort.TIME,
            "size",
            LsOptions.Sort.SIZE,
            "extension",
            LsOptions.Sort.EXTENSION,
            "version",
            LsOptions.Sort.VERSION,
            "width",
            LsOptions.Sort.WIDTH);
    private static final Argmatch<LsOptions.Format> FORMATS = Argmatch.of(
            "--format",
            "verbose",
            LsOptions.Format.LONG,
            "long",
            LsOptions.Format.LONG,
            "commas",
            LsOptions.Format.COMMAS,
            "horizontal",
            LsOptions.Format.ACROSS,
            "across",
            LsOptions.Format.ACROSS,
            "vertical",
            LsOptions.Format.COLUMNS,
            "single-column",
            LsOptions.Format.ONE_PER_LINE);
    private static final Argmatch<LsOptions.TimeField> TIMES = Argmatch.of(
            "--time",
            "atime",
            LsOptions.TimeField.ACCESS,
            "access",
            LsOptions.TimeField.ACCESS,
            "use",
            LsOptions.TimeField.ACCESS,
            "ctime",
            LsOptions.TimeField.CHANGE,
            "status",
            LsOptions.TimeField.CHANGE,
            "birth",
            LsOptions.TimeField.BIRTH,
            "creation",
            LsOptions.TimeField.BIRTH);
    private static final Argmatch<LsOptions.Indicator> INDICATORS = Argmatch.of(
            "--indicator-style",
            "none",
            LsOptions.Indicator.NONE,
            "slash",
            LsOptions.Indicator.SLASH,
            "file-type",
            LsOptions.Indicator.FILE_TYPE,
            "classify",
            LsOptions.Indicator.CLASSIFY);
    private static final Argmatch<NameQuoting> QUOTING_STYLES = Argmatch.of(
            "--quoting-style",
            "literal",
            NameQuoting.LITERAL,
            "shell",
            NameQuoting.SHELL,
            "shell-always",
            NameQuoting.SHELL_ALWAYS,
            "shell-escape",
            NameQuoting.SHELL_ESCAPE,
            "shell-escape-always",
            NameQuoting.SHELL_ESCAPE_ALWAYS,
            "c",
            NameQuoting.C,
            "escape",
            NameQuoting.ESCAPE,
            "locale",
            NameQuoting.LOCALE,
            "clocale",
            NameQuoting.LOCALE);
    private static final Argmatch<Boolean> WHEN = Argmatch.of(
            "--color", "always", true, "yes", true, "force", true, "never", false, "no", false, "none", false, "auto",
            false, "tty", false, "if-tty", false);

    @Override
    public String name() {
        return "ls";
    }

    @Override
    public List<String> aliases() {
        return List.of("dir", "vdir");
    }

    @Override
    public String help() {
        return """
                Usage: ls [OPTION]... [FILE]...
                List information about the FILEs (the current directory by default).
                Sort entries alphabetically if none of -cftuvSUX nor --sort is specified.

                  -a, --all                  do not ignore entries starting with .
                  -A, --almost-all           do not list implied . and ..
                  -b, --escape               print C-style escapes for nongraphic characters
                      --block-size=SIZE      with -l, scale sizes by SIZE when printing them
                  -B, --ignore-backups       do not list implied entries ending with ~
                  -c                         with -lt: sort by, and show, ctime; with -l: show ctime
                  -C                         list entries by columns
                      --color[=WHEN]         color the output WHEN (always, auto, never)
                  -d, --directory            list directories themselves, not their contents
                  -f                         list all entries in directory order
                  -F, --classify[=WHEN]      append indicator (one of */=>@|) to entries WHEN
                      --file-type            likewise, except do not append '*'
                      --format=WORD          across -x, commas -m, horizontal -x, long -l,
                                             single-column -1, verbose -l, vertical -C
                      --full-time            like -l --time-style=full-iso
                  -g                         like -l, but do not list owner
                      --group-directories-first
                                             group directories before files
                  -G, --no-group             in a long listing, don't print group names
                  -h, --human-readable       with -l and -s, print sizes like 1K 234M 2G etc.
                      --si                   likewise, but use powers of 1000 not 1024
                  -H, --dereference-command-line
                                             follow symbolic links listed on the command line
                      --hide=PATTERN         do not list implied entries matching shell PATTERN
                      --indicator-style=WORD append indicator with style WORD to entry names:
                                             none (default), slash (-p),
                                             file-type (--file-type), classify (-F)
                  -i, --inode                print the index number of each file
                  -I, --ignore=PATTERN       do not list implied entries matching shell PATTERN
                  -k, --kibibytes            default to 1024-byte blocks for file system usage
                  -l                         use a long listing format
                  -L, --dereference          show information for the file a symbolic link
                                             references rather than for the link itself
                  -m                         fill width with a comma separated list of entries
                  -n, --numeric-uid-gid      like -l, but list numeric user and group IDs
                  -N, --literal              print entry names without quoting
                  -o                         like -l, but do not list group information
                  -p, --indicator-style=slash
                                             append / indicator to directories
                  -q, --hide-control-chars   print ? instead of nongraphic characters
                  -Q, --quote-name           enclose entry names in double quotes
                      --quoting-style=WORD   use quoting style WORD for entry names:
                                             literal, locale, shell, shell-always,
                                             shell-escape, shell-escape-always, c, escape
                  -r, --reverse              reverse order while sorting
                  -R, --recursive            list subdirectories recursively
                  -s, --size                 print the allocated size of each file, in blocks
                  -S                         sort by file size, largest first
                      --sort=WORD            sort by WORD instead of name: none (-U), size (-S),
                                             time (-t), version (-v), extension (-X), width
                      --time=WORD            show and sort by atime, ctime or mtime
                      --time-style=TIME_STYLE
                                             time/date format with -l: full-iso, long-iso,
                                             iso, locale, or +FORMAT
                  -t                         sort by time, newest first; see --time
                  -T, --tabsize=COLS         assume tab stops at each COLS instead of 8
                  -u                         with -lt: sort by, and show, access time
                  -U                         do not sort; list entries in directory order
                  -v                         natural sort of (version) numbers within text
                  -w, --width=COLS           set output width to COLS.  0 means no limit
                  -x                         list entries by lines instead of by columns
                  -X                         sort alphabetically by entry extension
                      --zero                 end each output line with NUL, not newline
                  -1                         list one file per line

                Exit status:
                 0  if OK,
                 1  if minor problems (e.g., cannot access subdirectory),
                 2  if serious trouble (e.g., cannot access command-line argument).
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
        LsOptions o = new LsOptions();
        if (ctx.commandName().equals("dir")) {
            o.format = LsOptions.Format.COLUMNS;
            o.quoting = NameQuoting.ESCAPE;
        } else if (ctx.commandName().equals("vdir")) {
            o.format = LsOptions.Format.LONG;
            o.quoting = NameQuoting.ESCAPE;
        }
        String columns = ctx.env("COLUMNS");
        if (columns != null && columns.matches("[0-9]{1,6}") && Integer.parseInt(columns) > 0) {
            o.lineLength = Integer.parseInt(columns);
        }
        String timeStyle = ctx.env("TIME_STYLE");
        Integer status = applyOptions(ctx, parsed, o);
        if (status != null) {
            return status;
        }
        for (ParsedOptions.Option opt : parsed.options()) {
            if (opt.key().equals("time-style")) {
                timeStyle = opt.value();
            } else if (opt.key().equals("full-time")) {
                timeStyle = "full-iso";
            }
        }
        if (timeStyle != null && !applyTimeStyle(ctx, timeStyle, o)) {
            return 2;
        }
        if (o.dereference == null) {
            boolean classify = o.indicator == LsOptions.Indicator.CLASSIFY;
            o.dereference = o.directories || classify || o.format == LsOptions.Format.LONG
                    ? LsOptions.Dereference.NEVER
                    : LsOptions.Dereference.COMMAND_LINE_DIRECTORIES;
        }
        OutputStream out = new BufferedOutputStream(ctx.stdout(), 65536);
        try {
            return new Lister(ctx, o, out).list(parsed.operands());
        } finally {
            out.flush();
        }
    }

    /** Applies the options in order; a status to exit with when one is invalid, else null. */
    private static Integer applyOptions(CommandContext ctx, ParsedOptions parsed, LsOptions o) throws IOException {
        boolean sortGiven = false;
        boolean timeGiven = false;
        for (ParsedOptions.Option opt : parsed.options()) {
            String v = opt.value();
            switch (opt.key()) {
                case "a" -> o.hidden = LsOptions.Hidden.ALL;
                case "A" -> o.hidden = LsOptions.Hidden.ALMOST_ALL;
                case "b" -> o.quoting = NameQuoting.ESCAPE;
                case "B" -> o.ignoreBackups = true;
                case "c" -> {
                    o.time = LsOptions.TimeField.CHANGE;
                    timeGiven = true;
                }
                case "u" -> {
                    o.time = LsOptions.TimeField.ACCESS;
                    timeGiven = true;
                }
                case "C" -> o.format = LsOptions.Format.COLUMNS;
                case "x" -> o.format = LsOptions.Format.ACROSS;
                case "m" -> o.format = LsOptions.Format.COMMAS;
                case "1" -> o.format = LsOptions.Format.ONE_PER_LINE;
                case "l" -> o.format = LsOptions.Format.LONG;
                case "g" -> {
                    o.format = LsOptions.Format.LONG;
                    o.showOwner = false;
                }
                case "o" -> {
                    o.format = LsOptions.Format.LONG;
                    o.showGroup = false;
                }
                case "n" -> {
                    o.format = LsOptions.Format.LONG;
                    o.numeric = true;
                }
                case "full-time" -> o.format = LsOptions.Format.LONG;
                case "d" -> o.directories = true;
                case "f" -> {
                    o.hidden = LsOptions.Hidden.ALL;
                    o.sort = LsOptions.Sort.NONE;
                    sortGiven = true;
                    if (o.format == LsOptions.Format.LONG) {
                        o.format = LsOptions.Format.ONE_PER_LINE;
                    }
                    o.blocks = false;
                    o.colors = null;
                }
                case "F" -> o.indicator = LsOptions.Indicator.CLASSIFY;
                case "classify" -> {
                    Boolean on = v == null ? Boolean.TRUE : WHEN.match(ctx, v, 2);
                    if (on == null) {
                        return 2;
                    }
                    // "auto" classifies only on a terminal, which standard output never is here.
                    o.indicator = on ? LsOptions.Indicator.CLASSIFY : LsOptions.Indicator.NONE;
                }
                case "file-type" -> o.indicator = LsOptions.Indicator.FILE_TYPE;
                case "p" -> o.indicator = LsOptions.Indicator.SLASH;
                case "indicator-style" -> {
                    LsOptions.Indicator style = INDICATORS.match(ctx, v, 2);
                    if (style == null) {
                        return 2;
                    }
                    o.indicator = style;
                }
                case "G" -> o.showGroup = false;
                case "h" -> o.human = true;
                case "si" -> {
                    o.human = true;
                    o.si = true;
                }
                case "k" -> o.blockSize = 1024;
                case "block-size" -> {
                    Long size = SizeSuffix.parse(!v.isEmpty() && Character.isLetter(v.charAt(0)) ? "1" + v : v);
                    if (size == null || size <= 0) {
                        ctx.error("invalid --block-size argument '" + v + "'");
                        return 2;
                    }
                    o.blockSize = size;
                    o.sizeInBlocks = true;
                    // A unit without digits is shown after each number: K, MiB, kB (for KB).
                    o.blockSuffix = Character.isDigit(v.charAt(0)) ? "" : v.equals("KB") ? "kB" : v;
                    o.human = false;
                }
                case "H" -> o.dereference = LsOptions.Dereference.COMMAND_LINE;
                case "dereference-command-line-symlink-to-dir" ->
                    o.dereference = LsOptions.Dereference.COMMAND_LINE_DIRECTORIES;
                case "L" -> o.dereference = LsOptions.Dereference.ALWAYS;
                case "i" -> o.inode = true;
                case "s" -> o.blocks = true;
                case "I" -> o.ignore.add(Glob.compile(v, true, false, false));
                case "hide" -> o.hide.add(Glob.compile(v, true, false, false));
                case "N" -> o.quoting = NameQuoting.LITERAL;
                case "Q" -> o.quoting = NameQuoting.C;
                case "quoting-style" -> {
                    NameQuoting style = QUOTING_STYLES.match(ctx, v, 2);
                    if (style == null) {
                        return 2;
                    }
                    o.quoting = style;
                }
                case "q" -> o.hideControl = true;
                case "show-control-chars" -> o.hideControl = false;
                case "r" -> o.reverse = true;
                case "R" -> o.recursive = true;
                case "S" -> {
                    o.sort = LsOptions.Sort.SIZE;
                    sortGiven = true;
                }
                case "t" -> {
                    o.sort = LsOptions.Sort.TIME;
                    sortGiven = true;
                }
                case "U" -> {
                    o.sort = LsOptions.Sort.NONE;
                    sortGiven = true;
                }
                case "v" -> {
                    o.sort = LsOptions.Sort.VERSION;
                    sortGiven = true;
                }
                case "X" -> {
                    o.sort = LsOptions.Sort.EXTENSION;
                    sortGiven = true;
                }
                case "sort" -> {
                    LsOptions.Sort sort = SORTS.match(ctx, v, 1);
                    if (sort == null) {
                        return 1;
                    }
                    o.sort = sort;
                    sortGiven = true;
                }
                case "format" -> {
                    LsOptions.Format format = FORMATS.match(ctx, v, 1);
                    if (format == null) {
                        return 1;
                    }
                    o.format = format;
                }
                case "time" -> {
                    LsOptions.TimeField field = TIMES.match(ctx, v, 1);
                    if (field == null) {
                        return 1;
                    }
                    o.time = field;
                    timeGiven = true;
                }
                case "color", "colour" -> {
                    Boolean on = v == null ? Boolean.TRUE : WHEN.match(ctx, v, 1);
                    if (on == null) {
                        return 1;
                    }
                    o.colors = on && LsColors.enabled(ctx.env("LS_COLORS"), ctx.env("TERM"))
                            ? new LsColors(ctx.env("LS_COLORS"))
                            : null;
                }
                case "T" -> {
                    Integer n = smallNumber(v);
                    if (n == null) {
                        ctx.error("invalid tab size: " + Quoting.locale(v));
                        return 2;
                    }
                    o.tabSize = n;
                }
                case "w" -> {
                    Integer n = smallNumber(v);
                    if (n == null) {
                        ctx.error("invalid line width: " + Quoting.locale(v));
                        return 2;
                    }
                    o.lineLength = n;
                }
                case "group-directories-first" -> o.groupDirectoriesFirst = true;
                case "zero" -> o.zero = true;
                default -> {} // time-style and full-time are read afterwards
            }
        }
        if (timeGiven && !sortGiven && o.format != LsOptions.Format.LONG) {
            o.sort = LsOptions.Sort.TIME;
        }
        return null;
    }

    private static Integer smallNumber(String v) {
        if (v == null || !v.matches("[0-9]{1,9}")) {
            return null;
        }
        return Integer.parseInt(v);
    }

    /** {@code --time-style}; false after reporting an invalid style. */
    private static boolean applyTimeStyle(CommandContext ctx, String style, LsOptions o) throws IOException {
        String s = style.startsWith("posix-") ? style.substring("posix-".length()) : style;
        switch (s) {
            case "full-iso" -> o.recentFormat = o.oldFormat = "%Y-%m-%d %H:%M:%S.%N %z";
            case "long-iso" -> o.recentFormat = o.oldFormat = "%Y-%m-%d %H:%M";
            case "iso" -> {
                o.recentFormat = "%m-%d %H:%M";
                o.oldFormat = "%Y-%m-%d ";
            }
            case "locale" -> {
                o.recentFormat = "%b %e %H:%M";
                o.oldFormat = "%b %e  %Y";
            }
            default -> {
                if (!style.startsWith("+")) {
                    ctx.usageError(
                            "invalid argument " + Quoting.locale(style) + " for ‘time style’\n"
                                    + "Valid arguments are:\n"
                                    + "  - [posix-]full-iso\n"
                                    + "  - [posix-]long-iso\n"
                                    + "  - [posix-]iso\n"
                                    + "  - [posix-]locale\n"
                                    + "  - +FORMAT (e.g., +%H:%M) for a 'date'-style format",
                            2);
                    return false;
                }
                String formats = style.substring(1);
                int newline = formats.indexOf('\n');
                if (newline >= 0) {
                    o.oldFormat = formats.substring(0, newline);
                    o.recentFormat = formats.substring(newline + 1);
                } else {
                    o.oldFormat = o.recentFormat = formats;
                }
            }
        }
        return true;
    }

    /** One run's walk over operands and directories. */
    private static final class Lister {
        private final CommandContext ctx;
        private final LsOptions o;
        private final OutputStream out;
        private final LsPrinter printer;
        private final FileSystem fs;
        private int status;
        private boolean firstSection = true;
        private boolean printDirectoryNames = true;

        Lister(CommandContext ctx, LsOptions o, OutputStream out) {
            this.ctx = ctx;
            this.o = o;
            this.out = out;
            this.fs = ctx.fs();
            this.printer = new LsPrinter(ctx, o, TimeZoneSpec.zoneId(ctx.env("TZ")));
        }

        int list(List<String> operands) throws IOException {
            List<String> names = operands.isEmpty() ? List.of(".") : operands;
            List<LsEntry> files = new ArrayList<>();
            List<LsEntry> directories = new ArrayList<>();
            for (String operand : names) {
                ctx.checkCancelled();
                LsEntry entry = operandEntry(operand);
                if (entry == null) {
                    continue;
                }
                if (entry.isDirectory() && !o.directories) {
                    directories.add(entry);
                } else {
                    files.add(entry);
                }
            }
            files = printer.sort(files);
            directories = printer.sort(directories);
            if (!files.isEmpty()) {
                write(printer.render(files, false));
                firstSection = false;
            } else if (names.size() <= 1 && directories.size() == 1) {
                printDirectoryNames = false;
            }
            for (LsEntry dir : directories) {
                listDirectory(dir.name, dir.path);
            }
            return status;
        }

        /** The entry for a command-line operand, or null after reporting it missing. */
        private LsEntry operandEntry(String operand) throws IOException {
            try {
                String abs = PathOperands.resolve(ctx, operand);
                FileStat st = PathOperands.lstat(ctx, operand);
                if (st.isSymlink()) {
                    switch (o.dereference) {
                        case ALWAYS -> st = fs.stat(abs);
                        case COMMAND_LINE -> st = statOr(abs, st);
                        case COMMAND_LINE_DIRECTORIES -> {
                            FileStat target = statOr(abs, st);
                            if (target.isDirectory()) {
                                st = target;
                            }
                        }
                        default -> {}
                    }
                }
                LsEntry entry = new LsEntry(operand, abs, st);
                describeLink(entry);
                return entry;
            } catch (FsException e) {
                ctx.stdout().flush();
                out.flush();
                ctx.error("cannot access " + Quoting.shellAlways(operand) + ": "
                        + e.errno().message());
                status = 2;
                return null;
            }
        }

        private FileStat statOr(String abs, FileStat fallback) {
            try {
                return fs.stat(abs);
            } catch (FsException e) {
                return fallback;
            }
        }

        /** Reads a symlink's target and its stat when the listing shows them. */
        private void describeLink(LsEntry entry) {
            if (!entry.stat.isSymlink()) {
                return;
            }
            try {
                entry.linkTarget = fs.readSymlink(entry.path);
                entry.targetStat = fs.stat(entry.path);
            } catch (FsException e) {
                entry.targetStat = null;
            }
        }

        private void listDirectory(String name, String abs) throws IOException {
            ctx.checkCancelled();
            List<FileSystem.DirEntry> raw;
            try {
                raw = fs.listWithStats(abs);
            } catch (FsException e) {
                out.flush();
                ctx.error("cannot open directory " + Quoting.shellAlways(name) + ": "
                        + e.errno().message());
                status = Math.max(status, firstSection ? 2 : 1);
                return;
            }
            List<LsEntry> entries = new ArrayList<>(raw.size() + 2);
            if (o.hidden == LsOptions.Hidden.ALL) {
                entries.add(new LsEntry(".", abs, statOr(abs, null)));
                entries.add(new LsEntry("..", PathNames.parent(abs), statOr(PathNames.parent(abs), null)));
            }
            for (FileSystem.DirEntry e : raw) {
                if (!shown(e.name())) {
                    continue;
                }
                String childPath = PathNames.join(abs, e.name());
                FileStat st = e.stat();
                if (st.isSymlink() && o.dereference == LsOptions.Dereference.ALWAYS) {
                    try {
                        st = fs.stat(childPath);
                    } catch (FsException ex) {
                        out.flush();
                        ctx.error("cannot access " + Quoting.shellAlways(join(name, e.name())) + ": "
                                + ex.errno().message());
                        status = Math.max(status, 1);
                    }
                }
                LsEntry entry = new LsEntry(e.name(), childPath, st);
                describeLink(entry);
                entries.add(entry);
            }
            entries = printer.sort(entries);
            StringBuilder section = new StringBuilder();
            if (o.recursive || printDirectoryNames) {
                if (!firstSection) {
                    section.append('\n');
                }
                section.append(printer.quoteName(name)).append(":\n");
            }
            firstSection = false;
            section.append(printer.render(entries, true));
            write(section);
            if (o.recursive) {
                for (LsEntry e : entries) {
                    if (e.isDirectory() && !e.name.equals(".") && !e.name.equals("..")) {
                        listDirectory(join(name, e.name), e.path);
                    }
                }
            }
        }

        private boolean shown(String name) {
            if (name.startsWith(".") && o.hidden == LsOptions.Hidden.SKIP) {
                return false;
            }
            if (o.ignoreBackups && name.endsWith("~")) {
                return false;
            }
            for (Glob g : o.ignore) {
                if (g.matches(name)) {
                    return false;
                }
            }
            if (o.hidden == LsOptions.Hidden.SKIP) {
                for (Glob g : o.hide) {
                    if (g.matches(name)) {
                        return false;
                    }
                }
            }
            return true;
        }

        private static String join(String dir, String name) {
            return dir.endsWith("/") ? dir + name : dir + "/" + name;
        }

        private void write(CharSequence text) throws IOException {
            out.write(Text.encode(text));
        }
    }
}
