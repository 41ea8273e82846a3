package dev.shellbox.shell.commands.files.file;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.time.TimeZoneSpec;
import dev.shellbox.shell.io.LineReader;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/** file: determine file type from contents, as file(1) 5.x reports the common formats. */
public final class FileCommand implements Command {
    private static final String MIME_TYPE = "mime-type";
    private static final String MIME_ENCODING = "mime-encoding";
    private static final OptionParser OPTIONS = OptionParser.of("bcEf:F:hiklLNnprsSvz0")
            .longOption("brief", 'b')
            .longOption("files-from", 'f')
            .longOption("separator", 'F')
            .longOption("no-dereference", 'h')
            .longOption("mime", 'i')
            .longOption("keep-going", 'k')
            .longOption("dereference", 'L')
            .longOption("no-pad", 'N')
            .longOption("no-buffer", 'n')
            .longOption("preserve-date", 'p')
            .longOption("raw", 'r')
            .longOption("special-files", 's')
            .longOption("print0", '0')
            .longOption(MIME_TYPE, OptionParser.Arg.NONE)
            .longOption(MIME_ENCODING, OptionParser.Arg.NONE);

    private enum Output {
        TEXT,
        MIME,
        MIME_TYPE,
        MIME_ENCODING
    }

    @Override
    public String name() {
        return "file";
    }

    @Override
    public String help() {
        return """
                Usage: file [OPTION...] [FILE...]
                Determine type of FILEs.

                  -b, --brief                do not prepend filenames to output lines
                  -E                         on filesystem errors (file not found etc), exit with an error
                  -f, --files-from FILE      read the filenames to be examined from FILE
                  -F, --separator STRING     use string as separator instead of `:'
                  -i, --mime                 output MIME type strings (--mime-type and
                                               --mime-encoding)
                      --mime-type            output the MIME type
                      --mime-encoding        output the MIME encoding
                  -L, --dereference          follow symlinks
                  -h, --no-dereference       don't follow symlinks (default)
                  -N, --no-pad               do not pad output
                  -0, --print0               terminate filenames with ASCII NUL
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return usage(ctx, e.getMessage());
        }
        boolean follow = false;
        boolean mimeType = false;
        boolean mimeEncoding = false;
        for (ParsedOptions.Option o : parsed.options()) {
            switch (o.key()) {
                case "L" -> follow = true;
                case "h" -> follow = false;
                case "i" -> mimeType = mimeEncoding = true;
                case MIME_TYPE -> mimeType = true;
                case MIME_ENCODING -> mimeEncoding = true;
                default -> {}
            }
        }
        Output output = mimeType && mimeEncoding
                ? Output.MIME
                : mimeType ? Output.MIME_TYPE : mimeEncoding ? Output.MIME_ENCODING : Output.TEXT;
        List<String> names = new ArrayList<>(parsed.operands());
        String namesFile = parsed.value('f');
        if (namesFile != null) {
            try (InputStream in = namesFile.equals("-") ? ctx.stdin() : ctx.openInput(namesFile)) {
                LineReader lines = new LineReader(in);
                while (lines.next()) {
                    names.add(lines.text());
                }
            } catch (FsException e) {
                ctx.error("Cannot open `" + namesFile + "' (" + e.errno().message() + ")");
                return 1;
            }
        }
        if (names.isEmpty()) {
            return usage(ctx, null);
        }
        String separator = parsed.value('F') != null ? parsed.value('F') : ":";
        boolean brief = parsed.has('b');
        boolean pad = !parsed.has('N');
        boolean print0 = parsed.has('0');
        int width = 0;
        for (String name : names) {
            width = Math.max(width, name.length());
        }
        ZoneId zone = TimeZoneSpec.zoneId(ctx.env("TZ"));
        boolean failed = false;
        for (String name : names) {
            ctx.checkCancelled();
            Description d;
            try {
                d = describe(ctx, name, follow, zone);
            } catch (FsException e) {
                failed = true;
                if (parsed.has('E')) {
                    ctx.print(name + separator + " ERROR: cannot stat `" + name + "' ("
                            + e.errno().message() + ")\n");
                    continue;
                }
                d = new Description(
                        "cannot open `" + name + "' (" + e.errno().message() + ")", "cannot open", "binary");
            }
            String result = switch (output) {
                case MIME -> d.mime().equals("cannot open") ? d.text() : d.mime() + "; charset=" + d.encoding();
                case MIME_TYPE -> d.mime().equals("cannot open") ? d.text() : d.mime();
                case MIME_ENCODING -> d.mime().equals("cannot open") ? d.text() : d.encoding();
                default -> d.text();
            };
            StringBuilder line = new StringBuilder();
            if (!brief) {
                line.append(name).append(print0 ? "\0" : "").append(separator);
                if (pad) {
                    line.append(" ".repeat(width - name.length()));
                }
                line.append(' ');
            }
            line.append(result).append('\n');
            ctx.print(line.toString());
        }
        ctx.stdout().flush();
        return failed && parsed.has('E') ? 1 : 0;
    }

    private static Description describe(CommandContext ctx, String name, boolean follow, ZoneId zone)
            throws IOException {
        if (name.isEmpty()) {
            throw new FsException(dev.shellbox.shell.fs.Errno.ENOENT, ctx.cwd());
        }
        String abs = ctx.resolve(name);
        FileStat st = follow ? ctx.fs().stat(abs) : ctx.fs().lstat(abs);
        switch (st.type()) {
            case DIRECTORY -> {
                return Description.binary("directory", "inode/directory");
            }
            case SYMLINK -> {
                String target = ctx.fs().readSymlink(abs);
                boolean dangling = !ctx.fs().exists(abs);
                return Description.binary(
                        (dangling ? "broken symbolic link to " : "symbolic link to ") + target, "inode/symlink");
            }
            case FIFO -> {
                return Description.binary("fifo (named pipe)", "inode/fifo");
            }
            case CHARACTER_DEVICE -> {
                return Description.binary("character special", "inode/chardevice");
            }
            default -> {}
        }
        if (st.size() == 0) {
            return Description.binary("empty", "inode/x-empty");
        }
        FileBytes bytes = FileBytes.open(ctx.fs(), abs, st.size());
        Description binary = BinaryMagic.describe(bytes, zone);
        if (binary != null) {
            return binary;
        }
        Description text = TextClassifier.describe(bytes.head);
        return text != null ? text : Description.binary("data", "application/octet-stream");
    }

    private static int usage(CommandContext ctx, String problem) throws IOException {
        StringBuilder sb = new StringBuilder();
        if (problem != null) {
            sb.append("file: ").append(problem).append('\n');
        }
        sb.append("Usage: file [-bcCdEhikLlNnprsSvzZ0] [--apple] [--extension] [--mime-encoding]\n")
                .append("            [--mime-type] [-e <testname>] [-F <separator>]  [-f <namefile>]\n")
                .append("            [-m <magicfiles>] [-P <parameter=value>] [--exclude-quiet]\n")
                .append("            <file> ...\n")
                .append("       file -C [-m <magicfiles>]\n")
                .append("       file [--help]\n");
        ctx.stderr().write(Text.encode(sb));
        ctx.stderr().flush();
        return 1;
    }
}
