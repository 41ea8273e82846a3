package dev.shellbox.shell.commands.files.tree;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.gnu.time.TimeZoneSpec;
import dev.shellbox.shell.io.Text;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** tree: list directories as an indented tree, as the tree program (version 2) prints them. */
public final class TreeCommand implements Command {
    private static final Comparator<TreeNode> BY_NAME = (a, b) -> Arrays.compareUnsigned(a.key, b.key);

    @Override
    public String name() {
        return "tree";
    }

    @Override
    public String help() {
        return """
                usage: tree [-acdfghilnpqrstuvxDFNQU] [-L level] [-P pattern] [-I pattern]
                	[--ignore-case] [--inodes] [--sort[=]name] [--dirsfirst] [--filesfirst]
                	[--filelimit #] [--si] [--prune] [--charset[=]X] [--timefmt[=]format]
                	[--noreport] [--version] [--help] [--] [directory ...]
                  ------- Listing options -------
                  -a            All files are listed.
                  -d            List directories only.
                  -l            Follow symbolic links like directories.
                  -f            Print the full path prefix for each file.
                  -x            Stay on current filesystem only.
                  -L level      Descend only level directories deep.
                  -P pattern    List only those files that match the pattern given.
                  -I pattern    Do not list files that match the given pattern.
                  --ignore-case Ignore case when pattern matching.
                  --noreport    Turn off file/directory count at end of tree listing.
                  --charset X   Use charset X for terminal/HTML and indentation line output.
                  --filelimit # Do not descend dirs with more than # files in them.
                  --prune       Prune empty directories from the output.
                  ------- File options -------
                  -q            Print non-printable characters as '?'.
                  -N            Print non-printable characters as is.
                  -Q            Quote filenames with double quotes.
                  -p            Print the protections for each file.
                  -u            Displays file owner or UID number.
                  -g            Displays file group owner or GID number.
                  -s            Print the size in bytes of each file.
                  -h            Print the size in a more human readable way.
                  --si          Like -h, but use in SI units (powers of 1000).
                  -D            Print the date of last modification or (-c) status change.
                  --timefmt fmt Print and format time according to the format fmt.
                  -F            Appends '/', '=', '*', '@', '|' or '>' as per ls -F.
                  --inodes      Print inode number of each file.
                  ------- Sorting options -------
                  -v            Sort files alphanumerically by version.
                  -t            Sort files by last modification time.
                  -c            Sort files by last status change time.
                  -U            Leave files unsorted.
                  -r            Reverse the order of the sort.
                  --dirsfirst   List directories before files (-U disables).
                  --filesfirst  List files before directories (-U disables).
                  --sort X      Select sort: name,version,size,mtime,ctime,none.
                  ------- Graphics options -------
                  -i            Don't print indentation lines.
                  -n            Turn colorization off always.
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        TreeOptions o = new TreeOptions();
        o.sort = BY_NAME;
        String charset = ctx.env("TREE_CHARSET");
        List<String> operands = new ArrayList<>();
        List<String[]> patterns = new ArrayList<>();
        boolean optionsEnded = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (optionsEnded || !a.startsWith("-") || a.length() == 1) {
                operands.add(a);
                continue;
            }
            if (a.startsWith("--")) {
                if (a.equals("--")) {
                    optionsEnded = true;
                    continue;
                }
                String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
                String value = a.contains("=") ? a.substring(a.indexOf('=') + 1) : null;
                boolean takesValue = List.of("--sort", "--charset", "--timefmt", "--filelimit")
                        .contains(name);
                if (takesValue && value == null) {
                    if (i + 1 >= args.size()) {
                        return fail(ctx, "tree: Missing argument to " + name + "\n");
                    }
                    value = args.get(++i);
                } else if (takesValue && value.isEmpty()) {
                    return fail(ctx, "tree: Missing argument to " + name + "=\n");
                } else if (!takesValue && value != null) {
                    return invalid(ctx, "tree: Invalid argument `" + a + "'.\n");
                }
                switch (name) {
                    case "--noreport" -> o.noReport = true;
                    case "--dirsfirst" -> o.groupDirectories = -1;
                    case "--filesfirst" -> o.groupDirectories = 1;
                    case "--si" -> o.size = o.human = o.si = true;
                    case "--prune" -> o.prune = true;
                    case "--inodes" -> o.inodes = true;
                    case "--ignore-case" -> o.ignoreCase = true;
                    case "--charset" -> charset = value;
                    case "--timefmt" -> {
                        o.timeFormat = value;
                        o.date = true;
                    }
                    case "--filelimit" -> o.fileLimit = parseLeadingInt(value);
                    case "--sort" -> {
                        Comparator<TreeNode> sort = sortNamed(value);
                        if (sort == null && !value.equalsIgnoreCase("none")) {
                            return fail(
                                    ctx,
                                    "tree: Sort type '" + value
                                            + "' not valid, should be one of: name,version,size,mtime,ctime,none\n");
                        }
                        o.sort = sort;
                    }
                    default -> {
                        return invalid(ctx, "tree: Invalid argument `" + a + "'.\n");
                    }
                }
                continue;
            }
            for (int k = 1; k < a.length(); k++) {
                char c = a.charAt(k);
                switch (c) {
                    case 'a' -> o.all = true;
                    case 'd' -> o.directoriesOnly = true;
                    case 'f' -> o.fullPath = true;
                    case 'i' -> o.noIndent = true;
                    case 'l' -> o.followLinks = true;
                    case 'x', 'n' -> {} // one file system; no colors
                    case 'q' -> o.hideControl = true;
                    case 'N' -> o.literal = true;
                    case 'Q' -> o.quote = true;
                    case 'p' -> o.permissions = true;
                    case 'u' -> o.user = true;
                    case 'g' -> o.group = true;
                    case 's' -> o.size = true;
                    case 'h' -> o.size = o.human = true;
                    case 'D' -> o.date = true;
                    case 'F' -> o.classify = true;
                    case 't' ->
                        o.sort = Comparator.<TreeNode>comparingLong(n -> n.stat.mtimeMillis())
                                .thenComparing(BY_NAME);
                    case 'c' -> {
                        o.sort = Comparator.<TreeNode>comparingLong(n -> n.stat.ctimeMillis())
                                .thenComparing(BY_NAME);
                        o.changeTime = true;
                    }
                    case 'v' -> o.sort = (x, y) -> StrVersCmp.compare(x.key, y.key);
                    case 'U' -> o.sort = null;
                    case 'r' -> o.reverse = true;
                    case 'L', 'P', 'I' -> {
                        String value;
                        if (c == 'L' && k + 1 < a.length() && Character.isDigit(a.charAt(k + 1))) {
                            value = a.substring(k + 1).replaceAll("[^0-9].*", "");
                            k += value.length();
                        } else if (i + 1 < args.size()) {
                            value = args.get(++i);
                        } else {
                            return fail(ctx, "tree: Missing argument to -" + c + " option.\n");
                        }
                        if (c == 'L') {
                            int level = parseLeadingInt(value);
                            if (level < 1) {
                                return fail(ctx, "tree: Invalid level, must be greater than 0.\n");
                            }
                            o.maxLevel = level;
                        } else {
                            patterns.add(new String[] {String.valueOf(c), value});
                        }
                    }
                    default -> {
                        return invalid(ctx, "tree: Invalid argument -`" + c + "'.\n");
                    }
                }
            }
        }
        for (String[] p : patterns) {
            (p[0].equals("P") ? o.include : o.exclude).add(new TreePattern(p[1], o.ignoreCase));
        }
        o.utf8Lines = charset != null ? isUtf8(charset) : isUtf8(locale(ctx));
        if (operands.isEmpty()) {
            operands.add(".");
        }
        OutputStream out = new BufferedOutputStream(ctx.stdout(), 65536);
        TreePrinter printer = new TreePrinter(ctx, o, TimeZoneSpec.zoneId(ctx.env("TZ")), out);
        Walker walker = new Walker(ctx, o);
        long dirs = 0;
        long files = 0;
        boolean errors = false;
        try {
            for (String operand : operands) {
                ctx.checkCancelled();
                String abs = operand.isEmpty() ? null : ctx.resolve(operand);
                FileStat st = null;
                if (abs != null) {
                    try {
                        st = ctx.fs().lstat(abs);
                    } catch (FsException e) {
                        st = null;
                    }
                }
                TreeNode root = new TreeNode(operand, operand, abs, st);
                if (st == null) {
                    root.error = "error opening dir";
                    errors = true;
                } else {
                    walker.seen.add(st.inode());
                    root.children = walker.children(root, 1);
                    if (root.children == null) {
                        root.error = "error opening dir";
                        files++;
                    } else if (!root.children.isEmpty()) {
                        dirs++;
                    }
                }
                printer.printRoot(root);
                if (root.children != null) {
                    long[] counts = printer.printChildren(root, 1, new ArrayList<>());
                    dirs += counts[0];
                    files += counts[1];
                }
            }
            if (!o.noReport) {
                printer.report(dirs, files);
            }
        } finally {
            out.flush();
        }
        return errors ? 2 : 0;
    }

    /** Lists directories: which entries are shown, in which order, and where tree descends. */
    private static final class Walker {
        private final CommandContext ctx;
        private final FileSystem fs;
        private final TreeOptions o;
        final Set<Long> seen = new HashSet<>();

        Walker(CommandContext ctx, TreeOptions o) {
            this.ctx = ctx;
            this.fs = ctx.fs();
            this.o = o;
        }

        /** The listed entries of a directory, or null when it cannot be read (it is not a directory). */
        List<TreeNode> children(TreeNode dir, int level) throws IOException {
            ctx.checkCancelled();
            List<FileSystem.DirEntry> raw;
            try {
                raw = fs.listWithStats(dir.abs);
            } catch (FsException e) {
                return null;
            }
            List<TreeNode> nodes = new ArrayList<>();
            for (FileSystem.DirEntry e : raw) {
                if (!o.all && e.name().startsWith(".")) {
                    continue;
                }
                String path = dir.path.endsWith("/") ? dir.path + e.name() : dir.path + "/" + e.name();
                TreeNode node = new TreeNode(e.name(), path, PathNames.join(dir.abs, e.name()), e.stat());
                node.isDirectory = e.stat().isDirectory();
                if (e.stat().isSymlink()) {
                    try {
                        node.linkTarget = fs.readSymlink(node.abs);
                        node.targetStat = fs.stat(node.abs);
                        node.isDirectory = node.targetStat.isDirectory();
                    } catch (FsException ex) {
                        node.targetStat = null;
                    }
                }
                if (!shown(node)) {
                    continue;
                }
                nodes.add(node);
            }
            if (o.sort != null) {
                Comparator<TreeNode> order = o.reverse ? o.sort.reversed() : o.sort;
                if (o.groupDirectories != 0) {
                    int first = o.groupDirectories;
                    order = Comparator.<TreeNode>comparingInt(n -> n.isDirectory ? first : -first)
                            .thenComparing(order);
                }
                nodes.sort(order);
            }
            for (TreeNode node : nodes) {
                if (node.isDirectory) {
                    descend(node, level);
                }
            }
            if (o.prune) {
                nodes.removeIf(n -> n.isDirectory
                        && (n.children == null || n.children.isEmpty())
                        && n.error == null
                        && n.linkTarget == null);
            }
            return nodes;
        }

        private void descend(TreeNode node, int level) throws IOException {
            if (node.linkTarget != null && !o.followLinks) {
                return;
            }
            boolean loop = !seen.add(node.targetStat != null ? node.targetStat.inode() : node.stat.inode());
            if (level >= o.maxLevel) {
                return;
            }
            if (loop && node.linkTarget != null) {
                node.error = "recursive, not followed";
                return;
            }
            List<TreeNode> children = children(node, level + 1);
            if (o.fileLimit > 0 && children != null && children.size() > o.fileLimit) {
                node.error = children.size() + " entries exceeds filelimit, not opening dir";
                return;
            }
            if (children == null) {
                node.error = "error opening dir";
                return;
            }
            node.children = children;
        }

        private boolean shown(TreeNode node) {
            if (o.directoriesOnly && !node.isDirectory) {
                return false;
            }
            boolean realDirectory = node.stat.isDirectory() || (o.followLinks && node.isDirectory);
            if (!o.include.isEmpty() && !realDirectory) {
                boolean matched = false;
                for (TreePattern p : o.include) {
                    matched |= p.matches(node.name, node.path, node.isDirectory);
                }
                if (!matched) {
                    return false;
                }
            }
            for (TreePattern p : o.exclude) {
                if (p.matches(node.name, node.path, node.isDirectory)) {
                    return false;
                }
            }
            return true;
        }
    }

    private static Comparator<TreeNode> sortNamed(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "name" -> BY_NAME;
            case "version" -> (x, y) -> StrVersCmp.compare(x.key, y.key);
            case "size" ->
                Comparator.<TreeNode>comparingLong(n -> -n.stat.size()).thenComparing(BY_NAME);
            case "mtime" ->
                Comparator.<TreeNode>comparingLong(n -> n.stat.mtimeMillis()).thenComparing(BY_NAME);
            case "ctime" ->
                Comparator.<TreeNode>comparingLong(n -> n.stat.ctimeMillis()).thenComparing(BY_NAME);
            default -> null;
        };
    }

    private static int parseLeadingInt(String s) {
        int end = 0;
        while (end < s.length() && end < 9 && Character.isDigit(s.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(s.substring(0, end));
    }

    private static String locale(CommandContext ctx) {
        for (String name : List.of("LC_ALL", "LC_CTYPE", "LANG")) {
            String v = ctx.env(name);
            if (v != null && !v.isEmpty()) {
                return v;
            }
        }
        return "C";
    }

    private static boolean isUtf8(String s) {
        String lower = s.toLowerCase(Locale.ROOT);
        return lower.contains("utf-8") || lower.contains("utf8");
    }

    private static int fail(CommandContext ctx, String message) throws IOException {
        ctx.stderr().write(Text.encode(message));
        ctx.stderr().flush();
        return 1;
    }

    private int invalid(CommandContext ctx, String message) throws IOException {
        String usage = help().substring(0, help().indexOf("  -------"));
        return fail(ctx, message + usage);
    }
}
