package dev.shellbox.shell.commands.utils.diff;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.gnu.fnmatch.Glob;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.gnu.time.Strftime;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * Walks the operands of one diff invocation (files, a file and a directory, two directories, recursively with -r)
 * and compares each pair of files, as GNU's compare_files and diff_dirs do. Statuses: 0 same, 1 different, 2 trouble.
 */
final class DiffRun {
    private static final String TIME_FORMAT = "%Y-%m-%d %H:%M:%S.%N %z";

    private final CommandContext ctx;
    private final DiffOptions o;
    private final OutputStream out;

    DiffRun(CommandContext ctx, DiffOptions o, OutputStream out) {
        this.ctx = ctx;
        this.o = o;
        this.out = out;
    }

    /** What a path operand is: its stat, or why it could not be read. */
    private record Probe(String path, FileStat stat, FsException error) {
        boolean exists() {
            return stat != null;
        }

        boolean isDirectory() {
            return stat != null && stat.isDirectory();
        }
    }

    int compareOperands(String name0, String name1) throws IOException {
        Probe p0 = probe(name0);
        Probe p1 = probe(name1);
        if (p0.isDirectory() != p1.isDirectory() && p0.exists() && p1.exists()) {
            // "diff FILE DIR" compares FILE with DIR/FILE's base name.
            if (p0.isDirectory()) {
                if (name1.equals("-")) {
                    return trouble("cannot compare '-' to a directory");
                }
                name0 = PathNames.join(stripSlash(name0), baseName(name1));
                p0 = probe(name0);
            } else {
                if (name0.equals("-")) {
                    return trouble("cannot compare '-' to a directory");
                }
                name1 = PathNames.join(stripSlash(name1), baseName(name0));
                p1 = probe(name1);
            }
        }
        return compare(name0, p0, name1, p1, 0);
    }

    private int compare(String name0, Probe p0, String name1, Probe p1, int depth) throws IOException {
        ctx.checkCancelled();
        boolean absent0 = false;
        boolean absent1 = false;
        if (!p0.exists() || !p1.exists()) {
            boolean allow0 = (o.newFile || o.unidirectionalNewFile) && p1.exists() && isMissing(p0);
            boolean allow1 = o.newFile && p0.exists() && isMissing(p1);
            if (!p0.exists() && !allow0) {
                return fileTrouble(name0, p0.error());
            }
            if (!p1.exists() && !allow1) {
                return fileTrouble(name1, p1.error());
            }
            absent0 = !p0.exists();
            absent1 = !p1.exists();
        }
        boolean dir0 = absent0 ? p1.isDirectory() : p0.isDirectory();
        boolean dir1 = absent1 ? p0.isDirectory() : p1.isDirectory();
        if (dir0 && dir1) {
            if (depth > 0 && !o.recursive) {
                write("Common subdirectories: " + name0 + " and " + name1 + "\n");
                return 0;
            }
            return compareDirectories(name0, absent0, name1, absent1, depth);
        }
        if (dir0 != dir1) {
            write("File " + label(name0, 0) + " is a " + kind(p0) + " while file " + label(name1, 1) + " is a "
                    + kind(p1) + "\n");
            return 1;
        }
        if (o.noDereference && (isSymlink(p0) || isSymlink(p1))) {
            return compareSymlinks(name0, p0, name1, p1);
        }
        return compareFiles(name0, p0, absent0, name1, p1, absent1, depth);
    }

    private int compareDirectories(String name0, boolean absent0, String name1, boolean absent1, int depth)
            throws IOException {
        List<String> entries0 = absent0 ? List.of() : list(name0);
        List<String> entries1 = absent1 ? List.of() : list(name1);
        if (entries0 == null || entries1 == null) {
            return 2;
        }
        TreeSet<String> all = new TreeSet<>(DiffRun::compareNames);
        all.addAll(entries0);
        all.addAll(entries1);
        int status = 0;
        for (String entry : all) {
            if (excluded(entry) || (depth == 0 && o.startingFile != null && compareNames(entry, o.startingFile) < 0)) {
                continue;
            }
            boolean in0 = entries0.contains(entry);
            boolean in1 = entries1.contains(entry);
            String child0 = PathNames.join(stripSlash(name0), entry);
            String child1 = PathNames.join(stripSlash(name1), entry);
            boolean newFileApplies = o.newFile || (o.unidirectionalNewFile && !in0);
            if (in0 && in1 || newFileApplies) {
                status = Math.max(status, compare(child0, probe(child0), child1, probe(child1), depth + 1));
            } else {
                write("Only in " + (in0 ? name0 : name1) + ": " + entry + "\n");
                status = Math.max(status, 1);
            }
        }
        return status;
    }

    private int compareFiles(
            String name0, Probe p0, boolean absent0, String name1, Probe p1, boolean absent1, int depth)
            throws IOException {
        SourceFile f0 = load(name0, p0, absent0);
        SourceFile f1 = load(name1, p1, absent1);
        if (f0 == null || f1 == null) {
            return 2;
        }
        String shown0 = label(name0, 0);
        String shown1 = label(name1, 1);
        boolean identicalBytes = Arrays.equals(f0.data, f1.data) && absent0 == absent1;
        if (identicalBytes && o.style != DiffOptions.Style.SIDE_BY_SIDE) {
            if (o.style == DiffOptions.Style.ED
                    && !o.brief
                    && (missingFinalNewline(f0, shown0) | missingFinalNewline(f1, shown1))) {
                return 2;
            }
            return identical(shown0, shown1);
        }
        if (!o.text && (f0.isBinary() || f1.isBinary())) {
            write((o.brief ? "Files " : "Binary files ") + shown0 + " and " + shown1 + " differ\n");
            return 1;
        }
        List<Change> script = FileDiff.script(f0, f1, o, ctx::checkCancelled);
        String preamble = depth > 0
                ? "diff" + o.switches + " " + Quoting.shellEscape(shown0) + " " + Quoting.shellEscape(shown1) + "\n"
                : "";
        HunkPrinter printer = new HunkPrinter(f0, f1, o, out, script, preamble, header(f0, 0), header(f1, 1));
        if (!printer.hasVisibleChanges()) {
            if (o.style == DiffOptions.Style.SIDE_BY_SIDE && !o.brief) {
                printer.printSideBySide(); // -y shows identical files too
            }
            if (o.style == DiffOptions.Style.ED
                    && !o.brief
                    && (missingFinalNewline(f0, shown0) | missingFinalNewline(f1, shown1))) {
                return 2;
            }
            return identical(shown0, shown1);
        }
        if (o.brief) {
            write("Files " + shown0 + " and " + shown1 + " differ\n");
            return 1;
        }
        switch (o.style) {
            case UNIFIED -> printer.printUnified();
            case CONTEXT -> printer.printContext();
            case SIDE_BY_SIDE -> printer.printSideBySide();
            case ED -> {
                printer.printEd();
                if (missingFinalNewline(f0, shown0) | missingFinalNewline(f1, shown1)) {
                    return 2;
                }
            }
            default -> printer.printNormal();
        }
        return 1;
    }

    /** An ed script cannot express a missing final newline: GNU reports it as trouble. */
    private boolean missingFinalNewline(SourceFile f, String shown) throws IOException {
        if (!f.finalNewlineAdded) {
            return false;
        }
        out.flush();
        ctx.error(shown + ": No newline at end of file\n");
        return true;
    }

    private int identical(String shown0, String shown1) throws IOException {
        if (o.reportIdentical) {
            write("Files " + shown0 + " and " + shown1 + " are identical\n");
        }
        return 0;
    }

    private int compareSymlinks(String name0, Probe p0, String name1, Probe p1) throws IOException {
        if (isSymlink(p0) && isSymlink(p1)) {
            try {
                String t0 = ctx.fs().readSymlink(ctx.resolve(name0));
                String t1 = ctx.fs().readSymlink(ctx.resolve(name1));
                if (t0.equals(t1)) {
                    return 0;
                }
            } catch (FsException e) {
                return fileTrouble(name0, e);
            }
            write("Symbolic links " + label(name0, 0) + " and " + label(name1, 1) + " differ\n");
            return 1;
        }
        write("File " + label(name0, 0) + " is a " + kind(p0) + " while file " + label(name1, 1) + " is a " + kind(p1)
                + "\n");
        return 1;
    }

    // ---- files ----

    private SourceFile load(String name, Probe p, boolean absent) throws IOException {
        if (absent) {
            return new SourceFile(name, new byte[0], 0, 0, true, false);
        }
        byte[] content;
        long mtime;
        if (name.equals("-")) {
            content = ctx.stdin().readAllBytes();
            mtime = ctx.clock().millis();
        } else {
            try (InputStream in = ctx.openInput(name)) {
                content = in.readAllBytes();
            } catch (FsException e) {
                fileTrouble(name, e);
                return null;
            }
            mtime = p.stat().mtimeMillis();
        }
        boolean completed = false;
        if (o.style == DiffOptions.Style.ED && content.length > 0 && content[content.length - 1] != '\n') {
            // ed scripts cannot express a missing final newline: GNU completes the line and reports it.
            content = Arrays.copyOf(content, content.length + 1);
            content[content.length - 1] = '\n';
            completed = true;
        }
        SourceFile f = new SourceFile(name, content, mtime, 0, false, o.stripTrailingCr);
        f.finalNewlineAdded = completed;
        return f;
    }

    /** The ---/+++ header text: the label, or the name, a tab and the modification time. */
    private String header(SourceFile f, int side) {
        String label = side == 0 ? o.label0 : o.label1;
        if (label != null) {
            return label;
        }
        Instant time = f.absent ? Instant.EPOCH : Instant.ofEpochMilli(f.mtimeMillis);
        return f.name + "\t" + Strftime.nstrftime(TIME_FORMAT, time, ctx.env("TZ"));
    }

    private String label(String name, int side) {
        String label = side == 0 ? o.label0 : o.label1;
        return label != null ? label : name;
    }

    private Probe probe(String name) {
        if (name.equals("-")) {
            return new Probe(
                    name, new FileStat(dev.shellbox.shell.fs.FileType.FIFO, 0600, 0, 0, 0, 0, 0, 1, 0, 0), null);
        }
        String abs = ctx.resolve(name);
        try {
            FileStat st = o.noDereference ? ctx.fs().lstat(abs) : ctx.fs().stat(abs);
            return new Probe(name, st, null);
        } catch (FsException e) {
            return new Probe(name, null, e);
        }
    }

    private List<String> list(String dir) throws IOException {
        try {
            List<String> names = new ArrayList<>(ctx.fs().list(ctx.resolve(dir)));
            names.sort(DiffRun::compareNames);
            return names;
        } catch (FsException e) {
            fileTrouble(dir, e);
            return null;
        }
    }

    private boolean excluded(String name) {
        for (String pattern : o.excludes) {
            if (Glob.compile(pattern, false, false, false).matches(name)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isMissing(Probe p) {
        return p.error() != null && p.error().errno() == Errno.ENOENT;
    }

    private static boolean isSymlink(Probe p) {
        return p.stat() != null && p.stat().isSymlink();
    }

    private static String kind(Probe p) {
        if (p.stat() == null) {
            return "regular empty file";
        }
        return switch (p.stat().type()) {
            case DIRECTORY -> "directory";
            case SYMLINK -> "symbolic link";
            case FIFO -> "fifo";
            default -> p.stat().size() == 0 ? "regular empty file" : "regular file";
        };
    }

    /** File names sort by their bytes, as strcoll does in the C.UTF-8 locale. */
    private static int compareNames(String x, String y) {
        return Arrays.compareUnsigned(Text.encode(x), Text.encode(y));
    }

    private static String stripSlash(String dir) {
        String d = dir;
        while (d.length() > 1 && d.endsWith("/")) {
            d = d.substring(0, d.length() - 1);
        }
        return d;
    }

    private static String baseName(String path) {
        String p = stripSlash(path);
        int slash = p.lastIndexOf('/');
        return slash < 0 ? p : p.substring(slash + 1);
    }

    private int fileTrouble(String name, FsException e) throws IOException {
        out.flush();
        ctx.fileError(name, e);
        return 2;
    }

    private int trouble(String message) throws IOException {
        out.flush();
        ctx.error(message);
        return 2;
    }

    private void write(String s) throws IOException {
        out.write(Text.encode(s));
    }
}
