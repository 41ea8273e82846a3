package dev.shellbox.shell.commands.data.archive;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.commands.data.LocalZone;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileType;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.Modes;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.gnu.fnmatch.Glob;
import dev.shellbox.shell.io.Text;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Date;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;

/** tar (GNU tar): create, list and extract archives over the file system, gzip-compressed or not. */
public final class TarCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("cxtvzf:C:pkmOhj")
            .longOption("create", 'c')
            .longOption("extract", 'x')
            .longOption("get", 'x')
            .longOption("list", 't')
            .longOption("verbose", 'v')
            .longOption("gzip", 'z')
            .longOption("gunzip", 'z')
            .longOption("ungzip", 'z')
            .longOption("file", 'f')
            .longOption("directory", 'C')
            .longOption("preserve-permissions", 'p')
            .longOption("same-permissions", 'p')
            .longOption("keep-old-files", 'k')
            .longOption("touch", 'm')
            .longOption("to-stdout", 'O')
            .longOption("dereference", 'h')
            .longOption("exclude", OptionParser.Arg.REQUIRED)
            .longOption("strip-components", OptionParser.Arg.REQUIRED)
            .longOption("no-same-owner", OptionParser.Arg.NONE)
            .longOption("same-owner", OptionParser.Arg.NONE)
            .longOption("no-same-permissions", OptionParser.Arg.NONE)
            .longOption("overwrite", OptionParser.Arg.NONE)
            .longOption("numeric-owner", OptionParser.Arg.NONE)
            .longOption("wildcards", OptionParser.Arg.NONE);
    /** Options of the old bundled form ("tar czf a.tgz dir") that take the next word as argument. */
    private static final String BUNDLED_WITH_ARGUMENT = "fC";

    private static final DateTimeFormatter LIST_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    @Override
    public String name() {
        return "tar";
    }

    @Override
    public String help() {
        return """
                Usage: tar [OPTION...] [FILE]...
                GNU 'tar' saves many files together into a single tape or disk archive, and can
                restore individual files from the archive.

                Examples:
                  tar -cf archive.tar foo bar  # Create archive.tar from files foo and bar.
                  tar -tvf archive.tar         # List all files in archive.tar verbosely.
                  tar -xf archive.tar          # Extract all files from archive.tar.

                 Main operation mode:
                  -c, --create               create a new archive
                  -t, --list                 list the contents of an archive
                  -x, --extract, --get       extract files from an archive

                 Options:
                  -C, --directory=DIR        change to directory DIR
                      --exclude=PATTERN      exclude files, given as a PATTERN
                  -f, --file=ARCHIVE         use archive file or device ARCHIVE ('-' for stdin/stdout)
                  -k, --keep-old-files       don't replace existing files when extracting
                  -m, --touch                don't extract file modified time
                  -O, --to-stdout            extract files to standard output
                  -p, --preserve-permissions extract information about file permissions
                      --strip-components=NUMBER   strip NUMBER leading components from file
                                             names on extraction
                  -v, --verbose              verbosely list files processed
                  -z, --gzip                 filter the archive through gzip
                """;
    }

    /** One run: its options and whether anything failed. */
    private static final class Run {
        final CommandContext ctx;
        char mode;
        boolean verbose;
        boolean gzip;
        String archive = "-";
        String directory;
        boolean preservePermissions;
        boolean keepOld;
        boolean touch;
        boolean toStdout;
        boolean dereference;
        int strip;
        final List<Glob> excludes = new ArrayList<>();
        boolean failed;
        /** The archive itself could not be opened: GNU tar gives up at once. */
        boolean fatal;

        boolean warnedLeadingSlash;

        Run(CommandContext ctx) {
            this.ctx = ctx;
        }

        String resolveOut(String name) {
            return directory == null ? ctx.resolve(name) : PathNames.resolve(ctx.resolve(directory), name);
        }

        void fail(String message) throws IOException {
            ctx.stdout().flush();
            ctx.error(message);
            failed = true;
        }

        boolean excluded(String name) {
            for (Glob p : excludes) {
                if (NamePatterns.matchesAnyTail(p, name)) {
                    return true;
                }
            }
            return false;
        }
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(expandBundled(args));
        } catch (OptionParser.OptionException e) {
            return usage(ctx, e.getMessage());
        }
        Run run = new Run(ctx);
        for (ParsedOptions.Option o : parsed.options()) {
            switch (o.key()) {
                case "c", "x", "t" -> {
                    if (run.mode != 0 && run.mode != o.key().charAt(0)) {
                        return usage(
                                ctx,
                                "You may not specify more than one '-Acdtrux', '--delete' or "
                                        + " '--test-label' option");
                    }
                    run.mode = o.key().charAt(0);
                }
                case "v" -> run.verbose = true;
                case "z" -> run.gzip = true;
                case "j" -> {
                    ctx.error("bzip2 compression is not supported here");
                    return 2;
                }
                case "f" -> run.archive = o.value();
                case "C" -> run.directory = o.value();
                case "p" -> run.preservePermissions = true;
                case "k" -> run.keepOld = true;
                case "m" -> run.touch = true;
                case "O" -> run.toStdout = true;
                case "h" -> run.dereference = true;
                case "exclude" -> run.excludes.add(NamePatterns.compile(o.value()));
                case "strip-components" -> {
                    try {
                        run.strip = Integer.parseInt(o.value());
                    } catch (NumberFormatException e) {
                        return usage(ctx, "Invalid number of elements: '" + o.value() + "'");
                    }
                }
                default -> {}
            }
        }
        if (run.mode == 0) {
            return usage(ctx, "You must specify one of the '-Acdtrux', '--delete' or '--test-label' options");
        }
        List<String> operands = parsed.operands();
        if (run.mode == 'c') {
            if (operands.isEmpty()) {
                return usage(ctx, "Cowardly refusing to create an empty archive");
            }
            create(run, operands);
        } else {
            read(run, operands);
        }
        ctx.stdout().flush();
        if (run.fatal) {
            ctx.error("Error is not recoverable: exiting now");
            return 2;
        }
        if (run.failed) {
            ctx.error("Exiting with failure status due to previous errors");
            return 2;
        }
        return 0;
    }

    private static int usage(CommandContext ctx, String message) throws IOException {
        ctx.stderr()
                .write(Text.encode("tar: " + message + "\nTry 'tar --help' or 'tar --usage' for more information.\n"));
        return 2;
    }

    /** "czf a.tgz dir" (options without a dash first) becomes "-c -z -f a.tgz dir". */
    static List<String> expandBundled(List<String> args) {
        if (args.isEmpty() || args.get(0).startsWith("-")) {
            return args;
        }
        List<String> expanded = new ArrayList<>();
        String bundle = args.get(0);
        int next = 1;
        for (char c : bundle.toCharArray()) {
            expanded.add("-" + c);
            if (BUNDLED_WITH_ARGUMENT.indexOf(c) >= 0 && next < args.size()) {
                expanded.add(args.get(next++));
            }
        }
        expanded.addAll(args.subList(next, args.size()));
        return expanded;
    }

    // ---- create ----

    private void create(Run run, List<String> operands) throws IOException {
        CommandContext ctx = run.ctx;
        boolean toStdout = run.archive.equals("-");
        OutputStream sink;
        try {
            sink = toStdout
                    ? new FilterOutputStream(ctx.stdout()) {
                        @Override
                        public void write(byte[] b, int off, int len) throws IOException {
                            out.write(b, off, len);
                        }

                        @Override
                        public void close() throws IOException {
                            out.flush();
                        }
                    }
                    : ctx.openOutput(run.archive, WriteMode.TRUNCATE);
        } catch (FsException e) {
            run.fail(run.archive + ": Cannot open: " + e.errno().message());
            run.fatal = true;
            return;
        }
        OutputStream buffered = new BufferedOutputStream(sink, 65536);
        OutputStream compressed = run.gzip ? new GZIPOutputStream(buffered, 65536) : buffered;
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(compressed, 10240, "UTF-8")) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_GNU);
            tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_STAR);
            // Verbose names go to stderr when the archive itself is on stdout.
            OutputStream verbose = toStdout ? ctx.stderr() : ctx.stdout();
            for (String operand : operands) {
                ctx.checkCancelled();
                String source = run.directory == null
                        ? ctx.resolve(operand)
                        : PathNames.resolve(ctx.resolve(run.directory), operand);
                String name = memberName(run, operand);
                add(run, tar, source, operand, name, verbose);
            }
            tar.finish();
        }
    }

    /** The member name of an operand: leading '/' and "../" removed, with GNU's one-time notice. */
    private static String memberName(Run run, String operand) throws IOException {
        String name = operand;
        if (name.startsWith("/")) {
            while (name.startsWith("/")) {
                name = name.substring(1);
            }
            if (!run.warnedLeadingSlash) {
                run.warnedLeadingSlash = true;
                run.ctx.error("Removing leading `/' from member names");
            }
        }
        while (name.startsWith("./") && name.length() > 2) {
            name = name.substring(2);
        }
        return name.isEmpty() ? "." : name;
    }

    private void add(
            Run run, TarArchiveOutputStream tar, String source, String shown, String name, OutputStream verbose)
            throws IOException {
        CommandContext ctx = run.ctx;
        FileStat st;
        try {
            st = run.dereference ? ctx.fs().stat(source) : ctx.fs().lstat(source);
        } catch (FsException e) {
            run.fail(shown + ": Cannot stat: " + e.errno().message());
            return;
        }
        if (run.excluded(name)) {
            return;
        }
        TarArchiveEntry entry;
        if (st.isDirectory()) {
            entry = new TarArchiveEntry(name.endsWith("/") ? name : name + "/", TarConstants.LF_DIR);
        } else if (st.isSymlink()) {
            entry = new TarArchiveEntry(name, TarConstants.LF_SYMLINK);
            entry.setLinkName(ctx.fs().readSymlink(source));
        } else if (st.isRegularFile()) {
            entry = new TarArchiveEntry(name);
            entry.setSize(st.size());
        } else {
            run.fail(shown + ": socket ignored");
            return;
        }
        entry.setMode(modeWithType(st));
        entry.setModTime(new Date(st.mtimeMillis()));
        entry.setUserId(st.uid());
        entry.setGroupId(st.gid());
        entry.setUserName(ctx.identity().userName(st.uid()));
        entry.setGroupName(ctx.identity().groupName(st.gid()));
        if (run.verbose) {
            verbose.write(Text.encode(entry.getName() + "\n"));
        }
        if (st.isRegularFile()) {
            try (InputStream in = ctx.fs().newInputStream(source)) {
                tar.putArchiveEntry(entry);
                in.transferTo(tar);
                tar.closeArchiveEntry();
            } catch (FsException e) {
                run.fail(shown + ": Cannot open: " + e.errno().message());
            }
            return;
        }
        tar.putArchiveEntry(entry);
        tar.closeArchiveEntry();
        if (st.isDirectory()) {
            List<String> children;
            try {
                children = new ArrayList<>(ctx.fs().list(source));
            } catch (FsException e) {
                run.fail(shown + ": Cannot open: " + e.errno().message());
                return;
            }
            children.sort(null);
            String prefix = name.equals(".") ? "./" : name.endsWith("/") ? name : name + "/";
            for (String child : children) {
                ctx.checkCancelled();
                add(run, tar, PathNames.join(source, child), shown + "/" + child, prefix + child, verbose);
            }
        }
    }

    private static int modeWithType(FileStat st) {
        int type = switch (st.type()) {
            case DIRECTORY -> 040000;
            case SYMLINK -> 0120000;
            default -> 0100000;
        };
        return type | st.mode();
    }

    // ---- list and extract ----

    private void read(Run run, List<String> members) throws IOException {
        CommandContext ctx = run.ctx;
        InputStream raw;
        try {
            raw = run.archive.equals("-") ? ctx.stdin() : ctx.openInput(run.archive);
        } catch (FsException e) {
            run.fail(run.archive + ": Cannot open: " + e.errno().message());
            run.fatal = true;
            return;
        }
        BufferedInputStream in = new BufferedInputStream(raw, 65536);
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        InputStream data = (b0 == 0x1f && b1 == 0x8b) || run.gzip ? new GZIPInputStream(in, 65536) : in;
        Set<String> wanted = new LinkedHashSet<>(members);
        Set<String> found = new LinkedHashSet<>();
        Deque<TarArchiveEntry> directories = new ArrayDeque<>();
        try (TarArchiveInputStream tar = new TarArchiveInputStream(data, "UTF-8")) {
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null) {
                ctx.checkCancelled();
                String name = entry.getName();
                String match = selected(wanted, name);
                if (!wanted.isEmpty() && match == null) {
                    continue;
                }
                if (match != null) {
                    found.add(match);
                }
                if (run.excluded(name)) {
                    continue;
                }
                if (run.mode == 't') {
                    list(run, entry);
                } else {
                    extract(run, tar, entry, directories);
                }
            }
        } catch (IOException e) {
            if (e instanceof FsException || e instanceof dev.shellbox.shell.io.BrokenPipeException) {
                throw e;
            }
            run.fail("This does not look like a tar archive");
        } finally {
            if (raw != ctx.stdin()) {
                raw.close();
            }
        }
        // Directory times last, after their contents were written.
        while (!directories.isEmpty()) {
            TarArchiveEntry dir = directories.pop();
            String path = outputPath(run, dir.getName());
            if (path != null && !run.touch) {
                try {
                    ctx.fs()
                            .setTimes(
                                    path,
                                    dir.getModTime().getTime(),
                                    dir.getModTime().getTime());
                } catch (FsException e) {
                    // removed meanwhile: nothing to stamp
                }
            }
        }
        for (String w : wanted) {
            if (!found.contains(w)) {
                run.fail(w + ": Not found in archive");
            }
        }
    }

    /** The member operand that selects {@code name} (itself or a directory above it), or null. */
    private static String selected(Set<String> wanted, String name) {
        String n = name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
        for (String w : wanted) {
            String x = w.endsWith("/") ? w.substring(0, w.length() - 1) : w;
            if (n.equals(x) || n.startsWith(x + "/")) {
                return w;
            }
        }
        return null;
    }

    private static void list(Run run, TarArchiveEntry entry) throws IOException {
        CommandContext ctx = run.ctx;
        if (!run.verbose) {
            ctx.print(entry.getName() + "\n");
            return;
        }
        String user = entry.getUserName().isEmpty() ? Long.toString(entry.getLongUserId()) : entry.getUserName();
        String group = entry.getGroupName().isEmpty() ? Long.toString(entry.getLongGroupId()) : entry.getGroupName();
        String size = Long.toString(entry.isDirectory() || entry.isSymbolicLink() ? 0 : entry.getSize());
        String owner = user + "/" + group;
        int width = Math.max(19, owner.length() + 1 + size.length());
        String time = LIST_TIME.format(
                Instant.ofEpochMilli(entry.getModTime().getTime()).atZone(LocalZone.of(ctx)));
        StringBuilder line = new StringBuilder();
        line.append(Modes.toString(typeOf(entry), entry.getMode() & 07777))
                .append(' ')
                .append(owner);
        line.append(" ".repeat(width - owner.length() - size.length())).append(size);
        line.append(' ').append(time).append(' ').append(entry.getName());
        if (entry.isSymbolicLink()) {
            line.append(" -> ").append(entry.getLinkName());
        } else if (entry.isLink()) {
            line.append(" link to ").append(entry.getLinkName());
        }
        ctx.print(line.append('\n').toString());
    }

    private static FileType typeOf(TarArchiveEntry entry) {
        if (entry.isDirectory()) {
            return FileType.DIRECTORY;
        }
        if (entry.isSymbolicLink()) {
            return FileType.SYMLINK;
        }
        if (entry.isCharacterDevice()) {
            return FileType.CHARACTER_DEVICE;
        }
        if (entry.isFIFO()) {
            return FileType.FIFO;
        }
        return FileType.REGULAR;
    }

    /** Where a member goes: under -C, with --strip-components applied; null when nothing is left of the name. */
    private static String outputPath(Run run, String name) {
        String n = name;
        while (n.startsWith("/")) {
            n = n.substring(1);
        }
        List<String> parts = new ArrayList<>(List.of(n.split("/+")));
        parts.removeIf(String::isEmpty);
        if (run.strip > 0) {
            if (parts.size() <= run.strip) {
                return null;
            }
            parts = parts.subList(run.strip, parts.size());
        }
        if (parts.isEmpty() || parts.contains("..")) {
            return null;
        }
        return run.resolveOut(String.join("/", parts));
    }

    private void extract(Run run, TarArchiveInputStream tar, TarArchiveEntry entry, Deque<TarArchiveEntry> dirs)
            throws IOException {
        CommandContext ctx = run.ctx;
        String path = outputPath(run, entry.getName());
        if (run.verbose && !run.toStdout && path != null) {
            ctx.print(entry.getName() + "\n");
        }
        if (run.toStdout) {
            if (entry.isFile()) {
                tar.transferTo(ctx.stdout());
            }
            return;
        }
        if (path == null) {
            return;
        }
        int mode = entry.getMode() & 07777;
        if (!run.preservePermissions && ctx.identity().uid() != 0) {
            mode &= ~ctx.umask();
        }
        try {
            ExtractTarget.mkdirs(ctx, PathNames.parent(path));
            if (entry.isDirectory()) {
                if (!ctx.fs().exists(path)) {
                    ctx.fs().createDirectory(path, mode);
                }
                ctx.fs().setMode(path, mode);
                dirs.push(entry);
                return;
            }
            if (ctx.fs().exists(path) || ExtractTarget.isSymlink(ctx, path)) {
                if (run.keepOld) {
                    run.fail(entry.getName() + ": Cannot open: File exists");
                    return;
                }
                if (!ctx.fs().lstat(path).isDirectory()) {
                    ctx.fs().delete(path);
                }
            }
            if (entry.isSymbolicLink()) {
                ctx.fs().createSymlink(path, entry.getLinkName());
                return;
            }
            if (entry.isLink()) {
                String target = outputPath(run, entry.getLinkName());
                if (target != null) {
                    try (InputStream in = ctx.fs().newInputStream(target);
                            OutputStream out = ctx.fs().newOutputStream(path, WriteMode.TRUNCATE, mode)) {
                        in.transferTo(out);
                    }
                }
                return;
            }
            try (OutputStream out = ctx.fs().newOutputStream(path, WriteMode.TRUNCATE, mode)) {
                tar.transferTo(out);
            }
            ctx.fs().setMode(path, mode);
            if (!run.touch) {
                long t = entry.getModTime().getTime();
                ctx.fs().setTimes(path, t, t);
            }
        } catch (FsException e) {
            run.fail(entry.getName() + ": Cannot open: " + e.errno().message());
        }
    }
}
