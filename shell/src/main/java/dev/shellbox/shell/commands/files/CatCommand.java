package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.io.LineReader;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/** cat: concatenate files to standard output (GNU coreutils options). */
public final class CatCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("AbeEnstTuv")
            .longOption("show-all", 'A')
            .longOption("number-nonblank", 'b')
            .longOption("show-ends", 'E')
            .longOption("number", 'n')
            .longOption("squeeze-blank", 's')
            .longOption("show-tabs", 'T')
            .longOption("show-nonprinting", 'v');

    @Override
    public String name() {
        return "cat";
    }

    @Override
    public String help() {
        return """
                Usage: cat [OPTION]... [FILE]...
                Concatenate FILE(s) to standard output.

                With no FILE, or when FILE is -, read standard input.

                  -A, --show-all           equivalent to -vET
                  -b, --number-nonblank    number nonempty output lines, overrides -n
                  -e                       equivalent to -vE
                  -E, --show-ends          display $ at end of each line
                  -n, --number             number all output lines
                  -s, --squeeze-blank      suppress repeated empty output lines
                  -t                       equivalent to -vT
                  -T, --show-tabs          display TAB characters as ^I
                  -u                       (ignored)
                  -v, --show-nonprinting   use ^ and M- notation, except for LFD and TAB
                """;
    }

    /** What the options ask for; plain copies when none of them is set. */
    private static final class Format {
        boolean numberAll;
        boolean numberNonBlank;
        boolean squeeze;
        boolean showEnds;
        boolean showTabs;
        boolean showNonPrinting;
        long lineNumber;
        boolean previousBlank;

        boolean isPlain() {
            return !numberAll && !numberNonBlank && !squeeze && !showEnds && !showTabs && !showNonPrinting;
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
        Format format = new Format();
        for (ParsedOptions.Option o : parsed.options()) {
            switch (o.key()) {
                case "A" -> format.showNonPrinting = format.showEnds = format.showTabs = true;
                case "b" -> format.numberNonBlank = true;
                case "e" -> format.showNonPrinting = format.showEnds = true;
                case "E" -> format.showEnds = true;
                case "n" -> format.numberAll = true;
                case "s" -> format.squeeze = true;
                case "t" -> format.showNonPrinting = format.showTabs = true;
                case "T" -> format.showTabs = true;
                case "v" -> format.showNonPrinting = true;
                default -> {} // -u
            }
        }
        List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        OutputStream out = new BufferedOutputStream(ctx.stdout(), 65536);
        int status = 0;
        try {
            for (String file : files) {
                ctx.checkCancelled();
                if (file.equals("-")) {
                    copy(ctx, ctx.stdin(), out, format);
                    continue;
                }
                try (InputStream in = ctx.openInput(file)) {
                    copy(ctx, in, out, format);
                } catch (FsException e) {
                    out.flush();
                    ctx.fileError(file, e);
                    status = 1;
                }
            }
        } finally {
            out.flush();
        }
        return status;
    }

    private static void copy(CommandContext ctx, InputStream in, OutputStream out, Format format) throws IOException {
        if (format.isPlain()) {
            byte[] buffer = new byte[65536];
            int n;
            while ((n = in.read(buffer)) > 0) {
                ctx.checkCancelled();
                out.write(buffer, 0, n);
                if (in.available() == 0) {
                    out.flush(); // interactive pipelines see each chunk as it arrives
                }
            }
            return;
        }
        LineReader lines = new LineReader(in);
        while (lines.next()) {
            ctx.checkCancelled();
            boolean blank = lines.length() == 0;
            if (format.squeeze && blank && format.previousBlank) {
                continue;
            }
            format.previousBlank = blank;
            if (format.numberNonBlank ? !blank : format.numberAll) {
                out.write(String.format("%6d\t", ++format.lineNumber)
                        .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            }
            writeLine(out, lines.buffer(), lines.length(), format);
            if (lines.hasDelimiter()) {
                if (format.showEnds) {
                    out.write('$');
                }
                out.write('\n');
            }
        }
    }

    private static void writeLine(OutputStream out, byte[] line, int length, Format format) throws IOException {
        if (!format.showNonPrinting && !format.showTabs) {
            out.write(line, 0, length);
            return;
        }
        for (int i = 0; i < length; i++) {
            int b = line[i] & 0xff;
            if (b == '\t') {
                if (format.showTabs) {
                    out.write('^');
                    out.write('I');
                } else {
                    out.write(b);
                }
                continue;
            }
            if (!format.showNonPrinting) {
                out.write(b);
                continue;
            }
            if (b >= 128) {
                out.write('M');
                out.write('-');
                b -= 128;
            }
            if (b < 32) {
                out.write('^');
                out.write(b + 64);
            } else if (b == 127) {
                out.write('^');
                out.write('?');
            } else {
                out.write(b);
            }
        }
    }
}
