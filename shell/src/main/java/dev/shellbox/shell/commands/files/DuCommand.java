package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.gnu.fnmatch.Glob;
import dev.shellbox.shell.gnu.human.HumanSize;
import dev.shellbox.shell.gnu.human.SizeSuffix;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.gnu.time.Strftime;
import dev.shellbox.shell.gnu.time.TimeZoneSpec;
import dev.shellbox.shell.io.Text;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * du: estimate file space usage, walking each tree once with {@link FileSystem#listWithStats}. Usage is counted in
 * the 512-byte blocks a file would take on ext4 (the in-memory file system records no allocation), or in bytes with
 * {@code --apparent-size}.
 */
public final class DuCommand implements Command {
    private static final String APPARENT = "apparent-size";
    private static final String INODES = "inodes";
    private static final String SI = "si";
    private static final String EXCLUDE = "exclude";
    private static final String TIME = "time";
    private static final String TIME_STYLE = "time-style";
    private static final OptionParser OPTIONS = OptionParser.of("0abB:cd:DhHklLmPsSt:xX:")
            .longOption("null", '0')
            .longOption("all", 'a')
            .longOption("block-size", 'B')
            .longOption("bytes", 'b')
            .longOption("total", 'c')
            .longOption("max-depth", 'd')
            .longOption("dereference-args", 'D')
            .longOption("human-readable", 'h')
            .longOption("count-links", 'l')
            .longOption("dereference", 'L')
            .longOption("no-dereference", 'P')
            .longOption("summarize", 's')
            .longOption("separate-dirs", 'S')
            .longOption("threshold", 't')
            .longOption("one-file-system", 'x')
            .longOption("exclude-from", 'X')
            .longOption(APPARENT, OptionParser.Arg.NONE)
            .longOption(INODES, OptionParser.Arg.NONE)
            .longOption(SI, OptionParser.Arg.NONE)
            .longOption(EXCLUDE, OptionParser.Arg.REQUIRED)
            .longOption(TIME, OptionParser.Arg.OPTIONAL)
            .longOption(TIME_STYLE, OptionParser.Arg.REQUIRED);

    @Override
    public String name() {
        return "du";
    }

    @Override
    public String help() {
        return """
                Usage: du [OPTION]... [FILE]...
                Summarize device usage of the set of FILEs, recursively for directories.

                  -0, --null            end each output line with NUL, not newline
                  -a, --all             write counts for all files, not just directories
                      --apparent-size   print apparent sizes rather than device usage
                  -B, --block-size=SIZE  scale sizes by SIZE before printing them
                  -b, --bytes           equivalent to '--apparent-size --block-size=1'
                  -c, --total           produce a grand total
                  -D, --dereference-args  dereference only symlinks that are listed on the
                                          command line
                  -d, --max-depth=N     print the total for a directory (or file, with --all)
                                          only if it is N or fewer levels below the command
                                          line argument;  --max-depth=0 is the same as
                                          --summarize
                  -H                    equivalent to --dereference-args (-D)
                  -h, --human-readable  print sizes in human readable format (e.g., 1K 234M 2G)
                      --inodes          list inode usage information instead of block usage
                  -k                    like --block-size=1K
                  -L, --dereference     dereference all symbolic links
                  -l, --count-links     count sizes many times if hard linked
                  -m                    like --block-size=1M
                  -P, --no-dereference  don't follow any symbolic links (this is the default)
                  -S, --separate-dirs   for directories do not include size of subdirectories
                      --si              like -h, but use powers of 1000 not 1024
                  -s, --summarize       display only a total for each argument
                  -t, --threshold=SIZE  exclude entries smaller than SIZE if positive,
                                          or entries greater than SIZE if negative
                      --time            show time of the last modification of any file in the
                                          directory, or any of its subdirectories
                      --time-style=STYLE  show times using STYLE: full-iso, long-iso, iso, +FORMAT
                      --exclude=PATTERN    exclude files that match PATTERN
                  -x, --one-file-system    skip directories on different file systems
                """;
    }

    /** How sizes are measured and shown. */
    private static final class Settings {
        boolean all;
        boolean apparent;
        boolean inodes;
        boolean human;
        boolean si;
        long blockSize = 1024;
        String blockSuffix = "";
        int maxDepth = Integer.MAX_VALUE;
        boolean separateDirs;
        boolean countLinks;
        boolean followAll;
        boolean followArgs;
        Long threshold;
        boolean time;
        String timeFormat = "%Y-%m-%d %H:%M";
        final List<Glob> exclude = new ArrayList<>();
        char end = '\n';
    }

    /** What a subtree adds up to. */
    private record Usage(long amount, long latestMtime) {}

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        Settings s = new Settings();
        boolean summarize = false;
        Integer depth = null;
        for (ParsedOptions.Option o : parsed.options()) {
            String v = o.value();
            switch (o.key()) {
                case "0" -> s.end = '\0';
                case "a" -> s.all = true;
                case "b" -> {
                    s.apparent = true;
                    s.blockSize = 1;
                    s.blockSuffix = "";
                    s.human = false;
                }
                case APPARENT -> s.apparent = true;
                case INODES -> s.inodes = true;
                case "k" -> {
                    s.blockSize = 1024;
                    s.blockSuffix = "";
                    s.human = false;
                }
                case "m" -> {
                    s.blockSize = 1024 * 1024;
                    s.blockSuffix = "";
                    s.human = false;
                }
                case "B" -> {
                    Long size = SizeSuffix.parse(!v.isEmpty() && Character.isLetter(v.charAt(0)) ? "1" + v : v);
                    if (size == null || size <= 0) {
                        ctx.error("invalid " + SizeSuffix.optionName(args) + " argument '" + v + "'");
                        return 1;
                    }
                    s.blockSize = size;
                    s.blockSuffix = Character.isDigit(v.charAt(0)) ? "" : v.equals("KB") ? "kB" : v;
                    s.human = false;
                }
                case "h" -> s.human = true;
                case SI -> {
                    s.human = true;
                    s.si = true;
                }
                case "c" -> {} // read below
                case "d" -> {
                    if (!v.matches("[0-9]{1,9}")) {
                        return ctx.usageError("invalid maximum depth " + Quoting.locale(v), 1);
                    }
                    depth = Integer.parseInt(v);
                }
                case "s" -> summarize = true;
                case "S" -> s.separateDirs = true;
                case "l" -> s.countLinks = true;
                case "L" -> s.followAll = true;
                case "P" -> s.followAll = s.followArgs = false;
                case "D", "H" -> s.followArgs = true;
                case "t" -> {
                    Long t = SizeSuffix.parse(v);
                    if (t == null) {
                        ctx.error("invalid --threshold argument " + Quoting.locale(v));
                        return 1;
                    }
                    s.threshold = t;
                }
                case EXCLUDE -> s.exclude.add(Glob.compile(v, false, false, false));
                case TIME -> s.time = true;
                case TIME_STYLE -> {
                    s.timeFormat = switch (v) {
                        case "full-iso" -> "%Y-%m-%d %H:%M:%S.%N %z";
                        case "long-iso" -> "%Y-%m-%d %H:%M";
                        case "iso" -> "%Y-%m-%d";
                        default -> v.startsWith("+") ? v.substring(1) : null;
                    };
                    if (s.timeFormat == null) {
                        return ctx.usageError("invalid argument " + Quoting.locale(v) + " for ‘time style’", 1);
                    }
                }
                default -> {} // -x: one file system; -X: patterns from a file are not supported
            }
        }
        if (summarize && s.all) {
            return ctx.usageError("cannot both summarize and show all entries", 1);
        }
        if (summarize && depth != null && depth != 0) {
            return ctx.usageError("warning: summarizing conflicts with --max-depth=" + depth, 1);
        }
        if (summarize && depth != null) {
            ctx.error("warning: summarizing is the same as using --max-depth=0");
        }
        if (summarize) {
            s.maxDepth = 0;
        } else if (depth != null) {
            s.maxDepth = depth;
        }
        List<String> operands = parsed.operands().isEmpty() ? List.of(".") : parsed.operands();
        OutputStream out = new BufferedOutputStream(ctx.stdout(), 65536);
        Walker walker = new Walker(ctx, s, out);
        long total = 0;
        long totalTime = 0;
        try {
            for (String operand : operands) {
                ctx.checkCancelled();
                Usage u = walker.walkOperand(operand);
                if (u != null) {
                    total += u.amount;
                    totalTime = Math.max(totalTime, u.latestMtime);
                }
            }
            if (parsed.has('c')) {
                walker.print(total, totalTime, "total");
            }
        } finally {
            out.flush();
        }
        return walker.status;
    }

    /** One run's walk; remembers inodes so hard links and repeated trees count once. */
    private static final class Walker {
        private final CommandContext ctx;
        private final FileSystem fs;
        private final Settings s;
        private final OutputStream out;
        private final Set<Long> seen = new HashSet<>();
        private final ZoneId zone;
        int status;

        Walker(CommandContext ctx, Settings s, OutputStream out) {
            this.ctx = ctx;
            this.fs = ctx.fs();
            this.s = s;
            this.out = out;
            this.zone = TimeZoneSpec.zoneId(ctx.env("TZ"));
        }

        Usage walkOperand(String operand) throws IOException {
            FileStat st;
            String abs;
            try {
                abs = PathOperands.resolve(ctx, operand);
                st = s.followAll || s.followArgs ? PathOperands.stat(ctx, operand) : PathOperands.lstat(ctx, operand);
            } catch (FsException e) {
                out.flush();
                ctx.error("cannot access " + Quoting.shellAlways(operand) + ": "
                        + e.errno().message());
                status = 1;
                return null;
            }
            return walk(operand, abs, st, 0);
        }

        /** The usage of a file or tree; null when it was already counted. */
        private Usage walk(String path, String abs, FileStat st, int depth) throws IOException {
            ctx.checkCancelled();
            if (excluded(path)) {
                return new Usage(0, 0);
            }
            boolean countOnce = !s.countLinks && (st.isDirectory() || st.nlink() > 1);
            if (countOnce && !seen.add(st.inode())) {
                return null;
            }
            long own = amount(st);
            long mtime = st.mtimeMillis();
            if (!st.isDirectory()) {
                if ((s.all || depth == 0) && depth <= s.maxDepth) {
                    print(own, mtime, path);
                }
                return new Usage(own, mtime);
            }
            long total = own;
            long shown = own;
            List<FileSystem.DirEntry> entries;
            try {
                entries = EntryOrder.sorted(fs.listWithStats(abs));
            } catch (FsException e) {
                out.flush();
                ctx.error("cannot read directory " + Quoting.shellAlways(path) + ": "
                        + e.errno().message());
                status = 1;
                entries = List.of();
            }
            for (FileSystem.DirEntry entry : entries) {
                String childAbs = PathNames.join(abs, entry.name());
                FileStat childStat = entry.stat();
                if (childStat.isSymlink() && s.followAll) {
                    try {
                        childStat = fs.stat(childAbs);
                    } catch (FsException e) {
                        // a dangling link counts as itself
                    }
                }
                String childPath = path.endsWith("/") ? path + entry.name() : path + "/" + entry.name();
                Usage child = walk(childPath, childAbs, childStat, depth + 1);
                if (child == null) {
                    continue;
                }
                total += child.amount;
                mtime = Math.max(mtime, child.latestMtime);
                if (!s.separateDirs || !childStat.isDirectory()) {
                    shown += child.amount;
                }
            }
            if (depth <= s.maxDepth) {
                print(s.separateDirs ? shown : total, mtime, path);
            }
            return new Usage(total, mtime);
        }

        private boolean excluded(String path) {
            String trimmed = PathOperands.stripTrailingSlashes(path);
            String name = trimmed.substring(trimmed.lastIndexOf('/') + 1);
            for (Glob g : s.exclude) {
                if (g.matches(path) || g.matches(name)) {
                    return true;
                }
            }
            return false;
        }

        /** Bytes with --apparent-size, one per file with --inodes, otherwise 512-byte blocks. */
        private long amount(FileStat st) {
            if (s.inodes) {
                return 1;
            }
            return s.apparent ? st.size() : AllocatedBlocks.of(st);
        }

        void print(long amount, long mtime, String path) throws IOException {
            long bytes = s.inodes ? amount : s.apparent ? amount : amount * 512;
            if (s.threshold != null) {
                long t = s.threshold;
                if ((t >= 0 && bytes < t) || (t < 0 && bytes > -t)) {
                    return;
                }
            }
            String size;
            if (s.inodes) {
                size = s.human ? HumanSize.format(amount, s.si) : Long.toString(amount);
            } else if (s.human) {
                size = HumanSize.format(bytes, s.si);
            } else {
                size = HumanSize.ceilUnits(bytes, 1, s.blockSize) + s.blockSuffix;
            }
            StringBuilder line = new StringBuilder(size).append('\t');
            if (s.time) {
                line.append(Strftime.nstrftime(
                                s.timeFormat, Instant.ofEpochMilli(mtime).atZone(zone)))
                        .append('\t');
            }
            line.append(path).append(s.end);
            out.write(Text.encode(line));
        }
    }
}
