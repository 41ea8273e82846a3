package dev.shellbox.shell.commands.search.sed;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.io.Text;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** sed: stream editor (GNU sed 4.9), including in-place editing through the file system. */
public final class SedCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("nrsuEzi::l:e:f:")
            .longOption("quiet", 'n')
            .longOption("silent", 'n')
            .longOption("regexp-extended", 'r')
            .longOption("separate", 's')
            .longOption("unbuffered", 'u')
            .longOption("null-data", 'z')
            .longOption("zero-terminated", 'z')
            .longOption("in-place", 'i')
            .longOption("line-length", 'l')
            .longOption("expression", 'e')
            .longOption("file", 'f')
            .longOption("posix", OptionParser.Arg.NONE)
            .longOption("sandbox", OptionParser.Arg.NONE)
            .longOption("follow-symlinks", OptionParser.Arg.NONE)
            .longOption("help", OptionParser.Arg.NONE)
            .longOption("version", OptionParser.Arg.NONE);

    private static final String USAGE = """
            Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...

              -n, --quiet, --silent
                             suppress automatic printing of pattern space
              -e script, --expression=script
                             add the script to the commands to be executed
              -f script-file, --file=script-file
                             add the contents of script-file to the commands to be executed
              --follow-symlinks
                             follow symlinks when processing in place
              -i[SUFFIX], --in-place[=SUFFIX]
                             edit files in place (makes backup if SUFFIX supplied)
              -l N, --line-length=N
                             specify the desired line-wrap length for the `l' command
              --posix
                             disable all GNU extensions.
              -E, -r, --regexp-extended
                             use extended regular expressions in the script
                             (for portability use POSIX -E).
              -s, --separate
                             consider files as separate rather than as a single,
                             continuous long stream.
                  --sandbox
                             operate in sandbox mode (disable e/r/w commands).
              -u, --unbuffered
                             load minimal amounts of data from the input files and flush
                             the output buffers more often
              -z, --null-data
                             separate lines by NUL characters
                  --help     display this help and exit
                  --version  output version information and exit

            If no -e, --expression, -f, or --file option is given, then the first
            non-option argument is taken as the sed script to interpret.  All
            remaining arguments are names of input files; if no input files are
            specified, then the standard input is read.
            """;

    @Override
    public String name() {
        return "sed";
    }

    @Override
    public String help() {
        return USAGE;
    }

    /** The command line, parsed. */
    private static final class Settings {
        boolean quiet;
        boolean extended;
        boolean separate;
        boolean unbuffered;
        boolean nullData;
        boolean inPlace;
        String suffix;
        int lineLength = 70;
        boolean posix;
        boolean sandbox;
        boolean followSymlinks;
        final List<SedParser.Chunk> chunks = new ArrayList<>();
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return usage(ctx, e.getMessage());
        }
        Settings s = new Settings();
        int expressions = 0;
        try {
            for (ParsedOptions.Option o : parsed.options()) {
                switch (o.key()) {
                    case "n" -> s.quiet = true;
                    case "r", "E" -> s.extended = true;
                    case "s" -> s.separate = true;
                    case "u" -> s.unbuffered = true;
                    case "z" -> s.nullData = true;
                    case "i" -> {
                        s.inPlace = true;
                        s.separate = true;
                        s.suffix = o.value();
                    }
                    case "l" -> s.lineLength = lineLength(o.value());
                    case "e" -> s.chunks.add(new SedParser.Chunk(o.value(), null, ++expressions));
                    case "f" -> s.chunks.add(new SedParser.Chunk(readScript(ctx, o.value()), o.value(), 0));
                    case "posix" -> s.posix = true;
                    case "sandbox" -> s.sandbox = true;
                    case "follow-symlinks" -> s.followSymlinks = true;
                    case "help" -> {
                        ctx.print(USAGE);
                        ctx.stdout().flush();
                        return 0;
                    }
                    case "version" -> {
                        ctx.print("sed (Shellbox) 1.0\n");
                        ctx.stdout().flush();
                        return 0;
                    }
                    default -> throw new IllegalStateException(o.key());
                }
            }
        } catch (SedException e) {
            ctx.error(e.getMessage());
            return e.status();
        }
        List<String> files = new ArrayList<>(parsed.operands());
        if (s.chunks.isEmpty()) {
            if (files.isEmpty()) {
                return usage(ctx, null);
            }
            s.chunks.add(new SedParser.Chunk(files.remove(0), null, 1));
        }
        if (files.isEmpty()) {
            files.add("-");
        }
        OutputStream stdout = new BufferedOutputStream(ctx.stdout(), 65536);
        try {
            return edit(ctx, s, files, stdout);
        } catch (SedException e) {
            stdout.flush();
            ctx.error(e.getMessage());
            return e.status();
        } finally {
            stdout.flush();
        }
    }

    private int edit(CommandContext ctx, Settings s, List<String> files, OutputStream stdout)
            throws IOException, SedException {
        byte delimiter = s.nullData ? (byte) 0 : (byte) '\n';
        SedOutput standardOutput = new SedOutput(stdout, s.unbuffered);
        List<OutputStream> opened = new ArrayList<>();
        List<SedOutput> fileOutputs = new ArrayList<>();
        SedParser parser = new SedParser(s.extended, s.posix, s.sandbox, name -> {
            if (name.equals("/dev/stdout")) {
                return standardOutput;
            }
            try {
                OutputStream o = ctx.openOutput(name, WriteMode.TRUNCATE);
                opened.add(o);
                SedOutput output = new SedOutput(new BufferedOutputStream(o), s.unbuffered);
                fileOutputs.add(output);
                return output;
            } catch (FsException e) {
                throw new SedException(
                        "couldn't open file " + name + ": " + e.errno().message(), 4);
            }
        });
        SedParser.Program program;
        try {
            program = parser.parse(s.chunks);
        } catch (SedException e) {
            closeAll(opened);
            throw e;
        }
        SedOutput mainOutput = s.inPlace ? new SedOutput(OutputStream.nullOutputStream(), false) : standardOutput;
        InPlace inPlace = s.inPlace ? new InPlace(ctx, s, mainOutput) : null;
        SedInput input = new SedInput(
                ctx,
                files,
                s.separate,
                delimiter,
                inPlace == null
                        ? new SedInput.FileListener() {
                            @Override
                            public boolean started(String name) {
                                return true;
                            }

                            @Override
                            public void finished(String name) {}
                        }
                        : inPlace);
        SedExecutor executor = new SedExecutor(
                ctx,
                program.instructions(),
                input,
                mainOutput,
                s.quiet || program.quietFromScript(),
                delimiter,
                s.lineLength,
                s.posix);
        int status;
        try {
            status = executor.run();
        } finally {
            executor.close();
            if (inPlace != null) {
                inPlace.abandon();
            }
            for (SedOutput o : fileOutputs) {
                o.flush();
            }
            closeAll(opened);
        }
        if (status != 0) {
            return status;
        }
        if (inPlace != null && inPlace.failed) {
            return 4;
        }
        return input.hadBadFile() ? 2 : 0;
    }

    private static void closeAll(List<OutputStream> streams) throws IOException {
        for (OutputStream o : streams) {
            o.close();
        }
    }

    /**
     * In-place editing: each file's output goes to a temporary file beside it, which replaces the file (after the
     * original is renamed to the backup name, if a suffix was given) when the file is done.
     */
    private static final class InPlace implements SedInput.FileListener {
        private final CommandContext ctx;
        private final Settings s;
        private final SedOutput output;
        private String target;
        private String temporary;
        private OutputStream stream;
        private int mode;
        boolean failed;

        InPlace(CommandContext ctx, Settings s, SedOutput output) {
            this.ctx = ctx;
            this.s = s;
            this.output = output;
        }

        @Override
        public boolean started(String name) throws IOException, SedException {
            FileSystem fs = ctx.fs();
            if (name.equals("-")) {
                ctx.error("couldn't edit -: not a regular file");
                failed = true;
                return false;
            }
            String path = ctx.resolve(name);
            FileStat st;
            try {
                st = fs.lstat(path);
                if (st.isSymlink() && s.followSymlinks) {
                    path = fs.realPath(path, false);
                    st = fs.stat(path);
                }
            } catch (FsException e) {
                return true; // SedInput reports the file as unreadable and moves on
            }
            if (!st.isRegularFile() && !st.isSymlink()) {
                ctx.error("couldn't edit " + name + ": not a regular file");
                failed = true;
                return false;
            }
            target = path;
            mode = st.isSymlink() ? 0644 : st.mode();
            String dir = PathNames.parent(path);
            for (int attempt = 0; ; attempt++) {
                temporary = PathNames.join(dir, "sed" + randomSuffix());
                try {
                    stream = fs.newOutputStream(temporary, WriteMode.EXCLUSIVE, 0600);
                    break;
                } catch (FsException e) {
                    if (attempt > 20 || e.errno() != dev.shellbox.shell.fs.Errno.EEXIST) {
                        throw new SedException(
                                "couldn't open temporary file " + temporary + ": "
                                        + e.errno().message(),
                                4);
                    }
                }
            }
            output.redirect(new BufferedOutputStream(stream, 65536));
            return true;
        }

        private static String randomSuffix() {
            String chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 6; i++) {
                sb.append(chars.charAt(ThreadLocalRandom.current().nextInt(chars.length())));
            }
            return sb.toString();
        }

        @Override
        public void finished(String name) throws IOException, SedException {
            if (temporary == null) {
                return;
            }
            if (name == null) {
                abandon();
                return;
            }
            OutputStream buffered = output.stream();
            buffered.flush();
            stream.close();
            FileSystem fs = ctx.fs();
            try {
                fs.setMode(temporary, mode);
                if (s.suffix != null && !s.suffix.isEmpty()) {
                    fs.rename(target, backupName(target, s.suffix));
                }
                fs.rename(temporary, target);
            } catch (FsException e) {
                throw new SedException(
                        "cannot rename " + temporary + ": " + e.errno().message(), 4);
            }
            temporary = null;
            output.redirect(OutputStream.nullOutputStream());
        }

        /** GNU: a suffix with {@code *} is a pattern for the whole backup name, else it is appended. */
        private String backupName(String path, String suffix) {
            String base = PathNames.name(path);
            if (!suffix.contains("*")) {
                return path + suffix;
            }
            String name = suffix.replace("*", base);
            return name.contains("/") ? ctx.resolve(name) : PathNames.join(PathNames.parent(path), name);
        }

        /** Drops an unfinished temporary file (after an error). */
        void abandon() throws IOException {
            if (temporary == null) {
                return;
            }
            stream.close();
            try {
                ctx.fs().delete(temporary);
            } catch (FsException e) {
                // already gone
            }
            temporary = null;
        }
    }

    private static int lineLength(String v) throws SedException {
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new SedException("invalid line length: " + v, 1); // unreachable wording kept close to GNU
        }
    }

    private static String readScript(CommandContext ctx, String file) throws IOException, SedException {
        try (InputStream in = ctx.openInput(file.equals("-") ? "/dev/stdin" : file)) { // never closes stdin
            String text = Text.decode(in.readAllBytes());
            return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        } catch (FsException e) {
            throw new SedException(
                    "couldn't open file " + file + ": " + e.errno().message(), 4);
        }
    }

    private static int usage(CommandContext ctx, String message) throws IOException {
        String text = (message == null ? "" : "sed: " + message + "\n") + USAGE;
        ctx.stderr().write(Text.encode(text));
        ctx.stderr().flush();
        return 1;
    }
}
