package dev.shellbox.shell.commands.data.archive;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.io.Text;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Locale;

/**
 * gzip, gunzip and zcat (GNU gzip): compress or decompress files in place or to stdout. The deflate stream is
 * java.util.zip's, so compressed bytes differ from GNU gzip's while every gzip reads them.
 */
public final class GzipCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("cdfhklnNqrS:tvV123456789")
            .longOption("stdout", 'c')
            .longOption("to-stdout", 'c')
            .longOption("decompress", 'd')
            .longOption("uncompress", 'd')
            .longOption("force", 'f')
            .longOption("keep", 'k')
            .longOption("list", 'l')
            .longOption("no-name", 'n')
            .longOption("name", 'N')
            .longOption("quiet", 'q')
            .longOption("recursive", 'r')
            .longOption("suffix", 'S')
            .longOption("test", 't')
            .longOption("verbose", 'v')
            .longOption("fast", '1')
            .longOption("best", '9')
            .longOption("rsyncable", OptionParser.Arg.NONE)
            .longOption("synchronous", OptionParser.Arg.NONE);

    private static final List<String> KNOWN_SUFFIXES = List.of(".gz", "-gz", ".z", "-z", "_z", ".tgz", ".taz");
    private static final int OK = 0;
    private static final int ERROR = 1;
    private static final int WARNING = 2;

    @Override
    public String name() {
        return "gzip";
    }

    @Override
    public List<String> aliases() {
        return List.of("gunzip", "zcat");
    }

    @Override
    public String help() {
        return """
                Usage: gzip [OPTION]... [FILE]...
                Compress or uncompress FILEs (by default, compress FILES in-place).

                Mandatory arguments to long options are mandatory for short options too.

                  -c, --stdout      write on standard output, keep original files unchanged
                  -d, --decompress  decompress
                  -f, --force       force overwrite of output file and compress links
                  -h, --help        give this help
                  -k, --keep        keep (don't delete) input files
                  -l, --list        list compressed file contents
                  -n, --no-name     do not save or restore the original name and timestamp
                  -N, --name        save or restore the original name and timestamp
                  -q, --quiet       suppress all warnings
                  -r, --recursive   operate recursively on directories
                  -S, --suffix=SUF  use suffix SUF on compressed files
                  -t, --test        test compressed file integrity
                  -v, --verbose     verbose mode
                  -1, --fast        compress faster
                  -9, --best        compress better

                With no FILE, or when FILE is -, read standard input.
                """;
    }

    /** The options of one run and its exit status so far. */
    private static final class Run {
        final CommandContext ctx;
        boolean decompress;
        boolean toStdout;
        boolean force;
        boolean keep;
        boolean list;
        boolean noName;
        boolean restoreName;
        boolean quiet;
        boolean recursive;
        boolean test;
        boolean verbose;
        String suffix = ".gz";
        int level = 6;
        int status = OK;
        long totalCompressed;
        long totalUncompressed;
        long lastOverhead;
        int listed;

        Run(CommandContext ctx) {
            this.ctx = ctx;
        }

        void error(String message) throws IOException {
            ctx.stdout().flush();
            ctx.error(message);
            status = ERROR;
        }

        /** A damaged input: GNU gzip starts these reports on a new line. */
        void formatError(String message, boolean onlyWarning) throws IOException {
            ctx.stdout().flush();
            if (!onlyWarning || !quiet) {
                ctx.stderr().write(Text.encode("\n"));
                ctx.error(message);
            }
            if (!onlyWarning) {
                status = ERROR;
            } else if (status == OK) {
                status = WARNING;
            }
        }

        void warning(String message) throws IOException {
            if (!quiet) {
                ctx.stdout().flush();
                ctx.error(message);
            }
            if (status == OK) {
                status = WARNING;
            }
        }
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        String invoked = ctx.commandName();
        // gunzip and zcat are gzip under other names: messages always say "gzip".
        ctx = ctx.withCommandName("gzip");
        Run run = new Run(ctx);
        run.decompress = invoked.equals("gunzip") || invoked.equals("zcat");
        run.toStdout = invoked.equals("zcat");
        for (ParsedOptions.Option o : parsed.options()) {
            String k = o.key();
            switch (k) {
                case "c" -> run.toStdout = true;
                case "d" -> run.decompress = true;
                case "f" -> run.force = true;
                case "k" -> run.keep = true;
                case "l" -> run.list = true;
                case "n" -> {
                    run.noName = true;
                    run.restoreName = false;
                }
                case "N" -> {
                    run.restoreName = true;
                    run.noName = false;
                }
                case "q" -> run.quiet = true;
                case "r" -> run.recursive = true;
                case "S" -> run.suffix = o.value();
                case "t" -> run.test = true;
                case "v" -> run.verbose = true;
                case "h" -> {
                    ctx.print(help());
                    return 0;
                }
                case "V" -> {
                    ctx.print("gzip (Shellbox) 1.12\n");
                    return 0;
                }
                default -> {
                    if (k.length() == 1 && Character.isDigit(k.charAt(0))) {
                        run.level = k.charAt(0) - '0';
                    }
                }
            }
        }
        if (run.suffix.isEmpty()) {
            ctx.error("invalid suffix ''");
            return ERROR;
        }
        List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        for (String file : files) {
            ctx.checkCancelled();
            if (file.equals("-")) {
                stdinToStdout(run);
            } else {
                treat(run, file, true);
            }
        }
        if (run.list && run.listed > 1) {
            printListLine(run, run.totalCompressed, run.totalUncompressed, run.lastOverhead, "(totals)");
        }
        ctx.stdout().flush();
        return run.status;
    }

    private void stdinToStdout(Run run) throws IOException {
        CommandContext ctx = run.ctx;
        if (run.list) {
            run.error("stdin: --list is not supported on standard input here");
            return;
        }
        if (!run.decompress && !run.test) {
            OutputStream out = new BufferedOutputStream(ctx.stdout(), 65536);
            GzipFormat.compress(ctx, ctx.stdin(), out, run.level, null, 0);
            out.flush();
            return;
        }
        OutputStream out = run.test ? null : new BufferedOutputStream(ctx.stdout(), 65536);
        try {
            GzipFormat.Result r = GzipFormat.decompress(ctx, ctx.stdin(), out);
            if (r.trailingGarbage()) {
                run.formatError("stdin: decompression OK, trailing garbage ignored", true);
            }
        } catch (GzipFormat.FormatException e) {
            run.formatError("stdin: " + e.getMessage(), false);
        } finally {
            if (out != null) {
                out.flush();
            }
        }
    }

    private void treat(Run run, String file, boolean operand) throws IOException {
        CommandContext ctx = run.ctx;
        String path = file;
        FileStat st;
        try {
            st = ctx.fs().stat(ctx.resolve(path));
        } catch (FsException e) {
            if (run.decompress && suffixOf(run, file) == null) {
                try {
                    st = ctx.fs().stat(ctx.resolve(file + run.suffix));
                    path = file + run.suffix;
                } catch (FsException e2) {
                    run.error(file + run.suffix + ": " + e2.errno().message());
                    return;
                }
            } else {
                run.error(file + (run.list && suffixOf(run, file) == null ? run.suffix : "") + ": "
                        + e.errno().message());
                return;
            }
        }
        if (st.isDirectory()) {
            if (run.recursive) {
                for (String name :
                        ctx.fs().list(ctx.resolve(path)).stream().sorted().toList()) {
                    treat(run, path.endsWith("/") ? path + name : path + "/" + name, false);
                }
            } else {
                run.warning(path + " is a directory -- ignored");
            }
            return;
        }
        if (run.list) {
            list(run, path);
        } else if (run.decompress || run.test) {
            decompressFile(run, path, st, operand);
        } else {
            compressFile(run, path, st, operand);
        }
    }

    /** The known suffix {@code name} ends with (the -S one first), or null. */
    private static String suffixOf(Run run, String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(run.suffix.toLowerCase(Locale.ROOT)) && name.length() > run.suffix.length()) {
            return name.substring(name.length() - run.suffix.length());
        }
        for (String s : KNOWN_SUFFIXES) {
            if (lower.endsWith(s) && name.length() > s.length()) {
                return name.substring(name.length() - s.length());
            }
        }
        return null;
    }

    private void compressFile(Run run, String file, FileStat st, boolean operand) throws IOException {
        CommandContext ctx = run.ctx;
        if (!run.toStdout && suffixOf(run, file) != null) {
            if (operand && !run.quiet) {
                ctx.error(file + " already has " + suffixOf(run, file) + " suffix -- unchanged");
            }
            return;
        }
        String name = run.noName ? null : PathNames.name(ctx.resolve(file));
        long mtime = run.noName ? 0 : st.mtimeMillis() / 1000;
        if (run.toStdout) {
            OutputStream out = new BufferedOutputStream(ctx.stdout(), 65536);
            try (InputStream in = ctx.openInput(file)) {
                GzipFormat.compress(ctx, in, out, run.level, name, mtime);
            } catch (FsException e) {
                run.error(file + ": " + e.errno().message());
            } finally {
                out.flush();
            }
            return;
        }
        String target = file + run.suffix;
        if (!prepareTarget(run, target)) {
            return;
        }
        long compressed;
        try (InputStream in = ctx.openInput(file);
                OutputStream out = new BufferedOutputStream(ctx.openOutput(target, WriteMode.TRUNCATE), 65536)) {
            compressed = GzipFormat.compress(ctx, in, out, run.level, name, mtime);
        } catch (FsException e) {
            run.error(file + ": " + e.errno().message());
            return;
        }
        finish(run, file, target, st);
        if (run.verbose) {
            long overhead = 18 + (name == null ? 0 : name.length() + 1);
            ctx.stderr()
                    .write(Text.encode(file + ":\t" + ratio(st.size(), compressed - overhead) + " -- "
                            + (run.keep ? "created " : "replaced with ") + target + "\n"));
        }
    }

    private void decompressFile(Run run, String file, FileStat st, boolean operand) throws IOException {
        CommandContext ctx = run.ctx;
        String suffix = suffixOf(run, file);
        if (suffix == null && !run.toStdout && !run.test) {
            run.warning(file + ": unknown suffix -- ignored");
            return;
        }
        if (run.toStdout || run.test) {
            OutputStream out = run.test ? null : new BufferedOutputStream(ctx.stdout(), 65536);
            try (InputStream in = ctx.openInput(file)) {
                GzipFormat.Result r = GzipFormat.decompress(ctx, in, out);
                if (r.trailingGarbage()) {
                    run.formatError(file + ": decompression OK, trailing garbage ignored", true);
                } else if (run.test && run.verbose) {
                    ctx.stderr().write(Text.encode(file + ":\t OK\n"));
                }
            } catch (GzipFormat.FormatException e) {
                run.formatError(file + ": " + e.getMessage(), false);
            } catch (FsException e) {
                run.error(file + ": " + e.errno().message());
            } finally {
                if (out != null) {
                    out.flush();
                }
            }
            return;
        }
        String target = file.substring(0, file.length() - suffix.length());
        String lowerSuffix = suffix.toLowerCase(Locale.ROOT);
        if (lowerSuffix.equals(".tgz") || lowerSuffix.equals(".taz")) {
            target += ".tar";
        }
        if (!prepareTarget(run, target)) {
            return;
        }
        GzipFormat.Result r;
        try (InputStream in = ctx.openInput(file);
                OutputStream out = new BufferedOutputStream(ctx.openOutput(target, WriteMode.TRUNCATE), 65536)) {
            r = GzipFormat.decompress(ctx, in, out);
        } catch (GzipFormat.FormatException e) {
            run.formatError(file + ": " + e.getMessage(), false);
            deleteQuietly(ctx, target);
            return;
        } catch (FsException e) {
            run.error(file + ": " + e.errno().message());
            deleteQuietly(ctx, target);
            return;
        }
        if (run.restoreName && r.name() != null && !r.name().isEmpty()) {
            String restored = PathNames.join(PathNames.parent(ctx.resolve(target)), PathNames.name("/" + r.name()));
            ctx.fs().rename(ctx.resolve(target), restored);
            target = restored;
        }
        finish(run, file, target, st);
        if (run.restoreName && r.mtime() != 0) {
            ctx.fs().setTimes(ctx.resolve(target), r.mtime() * 1000, r.mtime() * 1000);
        }
        if (r.trailingGarbage()) {
            run.formatError(file + ": decompression OK, trailing garbage ignored", true);
        }
        if (run.verbose) {
            ctx.stderr()
                    .write(Text.encode(file + ":\t"
                            + ratio(
                                    r.uncompressedBytes(),
                                    st.size()
                                            - 18
                                            - (r.name() == null ? 0 : r.name().length() + 1))
                            + " -- " + (run.keep ? "created " : "replaced with ") + PathNames.name(ctx.resolve(target))
                            + "\n"));
        }
    }

    /** Whether the output may be written: an existing file is overwritten only with -f. */
    private static boolean prepareTarget(Run run, String target) throws IOException {
        CommandContext ctx = run.ctx;
        if (ctx.fs().exists(ctx.resolve(target))) {
            if (!run.force) {
                run.warning(target + " already exists;\tnot overwritten");
                return false;
            }
            ctx.fs().delete(ctx.resolve(target));
        }
        return true;
    }

    /** Copies the input's mode and times to the output and removes the input unless kept. */
    private static void finish(Run run, String input, String output, FileStat st) throws IOException {
        CommandContext ctx = run.ctx;
        String out = ctx.resolve(output);
        ctx.fs().setMode(out, st.mode());
        ctx.fs().setTimes(out, st.mtimeMillis(), st.atimeMillis());
        if (!run.keep) {
            ctx.fs().delete(ctx.resolve(input));
        }
    }

    private static void deleteQuietly(CommandContext ctx, String path) {
        try {
            ctx.fs().delete(ctx.resolve(path));
        } catch (FsException e) {
            // the partial output was never created
        }
    }

    private void list(Run run, String file) throws IOException {
        CommandContext ctx = run.ctx;
        GzipFormat.Result r;
        try (InputStream in = ctx.openInput(file)) {
            r = GzipFormat.decompress(ctx, in, null);
        } catch (GzipFormat.FormatException e) {
            run.formatError(file + ": " + e.getMessage(), false);
            return;
        }
        if (run.listed == 0) {
            ctx.print("         compressed        uncompressed  ratio uncompressed_name\n");
        }
        run.listed++;
        long overhead = 18 + (r.name() == null ? 0 : r.name().length() + 1);
        String suffix = suffixOf(run, file);
        String name = suffix == null ? file : file.substring(0, file.length() - suffix.length());
        printListLine(run, r.compressedBytes(), r.uncompressedBytes(), overhead, name);
        run.totalCompressed += r.compressedBytes();
        run.totalUncompressed += r.uncompressedBytes();
        run.lastOverhead = overhead;
    }

    private static void printListLine(Run run, long compressed, long uncompressed, long overhead, String name)
            throws IOException {
        run.ctx.print(String.format(
                "%19d %19d %s %s\n", compressed, uncompressed, ratio(uncompressed, compressed - overhead), name));
    }

    /** gzip's ratio: the space saved as a percentage with one decimal, right-aligned in five columns. */
    private static String ratio(long original, long compressed) {
        double r = original == 0 ? 0 : 100.0 * (original - compressed) / original;
        return String.format(Locale.ROOT, "%5.1f%%", r);
    }
}
