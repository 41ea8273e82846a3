package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.LineReader;
import dev.shellbox.shell.io.Text;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/** paste: merge lines of files side by side, or each file onto one line with -s (GNU coreutils). */
public final class PasteCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("d:sz")
            .longOption("delimiters", 'd')
            .longOption("serial", 's')
            .longOption("zero-terminated", 'z');

    /** A delimiter list entry that stands for no delimiter at all ({@code \0}). */
    private static final int EMPTY = -1;

    @Override
    public String name() {
        return "paste";
    }

    @Override
    public String help() {
        return """
                Usage: paste [OPTION]... [FILE]...
                Write lines consisting of the sequentially corresponding lines from
                each FILE, separated by TABs, to standard output.

                With no FILE, or when FILE is -, read standard input.

                Mandatory arguments to long options are mandatory for short options too.
                  -d, --delimiters=LIST   reuse characters from LIST instead of TABs
                  -s, --serial            paste one file at a time instead of in parallel
                  -z, --zero-terminated    line delimiter is NUL, not newline
                      --help        display this help and exit
                      --version     output version information and exit
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        int[] delimiters;
        String list = parsed.has('d') ? parsed.value('d') : "\t";
        delimiters = parseDelimiters(list);
        if (delimiters == null) {
            ctx.error("delimiter list ends with an unescaped backslash: " + list);
            return 1;
        }
        byte lineEnd = parsed.has('z') ? (byte) 0 : (byte) '\n';
        List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        ByteSink out = new ByteSink(ctx.stdout());
        try {
            return parsed.has('s')
                    ? serial(ctx, files, delimiters, lineEnd, out)
                    : parallel(ctx, files, delimiters, lineEnd, out);
        } finally {
            out.flush();
        }
    }

    /** The delimiter bytes with escapes resolved, or null when the list ends in a lone backslash. */
    private static int[] parseDelimiters(String list) {
        byte[] b = Text.encode(list);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < b.length; i++) {
            if (b[i] != '\\') {
                out.add(b[i] & 0xff);
                continue;
            }
            if (++i >= b.length) {
                return null;
            }
            switch (b[i]) {
                case '0' -> out.add(EMPTY);
                case 'b' -> out.add((int) '\b');
                case 'f' -> out.add((int) '\f');
                case 'n' -> out.add((int) '\n');
                case 'r' -> out.add((int) '\r');
                case 't' -> out.add((int) '\t');
                case 'v' -> out.add(11);
                default -> out.add(b[i] & 0xff);
            }
        }
        if (out.isEmpty()) {
            out.add(EMPTY);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int parallel(CommandContext ctx, List<String> files, int[] delimiters, byte lineEnd, ByteSink out)
            throws IOException {
        int status = 0;
        List<LineReader> readers = new ArrayList<>();
        List<InputStream> opened = new ArrayList<>();
        LineReader stdin = null;
        try {
            for (String file : files) {
                if (file.equals("-")) {
                    if (stdin == null) {
                        stdin = new LineReader(out.flushingBeforeBlocking(ctx.stdin()), lineEnd);
                    }
                    readers.add(stdin);
                    continue;
                }
                try {
                    InputStream in = ctx.openInput(file);
                    opened.add(in);
                    readers.add(new LineReader(out.flushingBeforeBlocking(in), lineEnd));
                } catch (FsException e) {
                    ctx.error(Quoting.shell(file) + ": " + e.errno().message());
                    if (e.errno() != Errno.EISDIR) {
                        return 1;
                    }
                    status = 1;
                    readers.add(new LineReader(InputStream.nullInputStream(), lineEnd));
                }
            }
            boolean[] done = new boolean[readers.size()];
            int open = readers.size();
            ByteArrayOutputStream row = new ByteArrayOutputStream();
            while (open > 0) {
                ctx.checkCancelled();
                row.reset();
                boolean anyData = false;
                int d = 0;
                for (int i = 0; i < readers.size(); i++) {
                    if (!done[i]) {
                        LineReader r = readers.get(i);
                        if (r.next()) {
                            row.write(r.buffer(), 0, r.length());
                            anyData = true;
                        } else {
                            done[i] = true;
                            open--;
                        }
                    }
                    if (i + 1 < readers.size()) {
                        if (delimiters[d] != EMPTY) {
                            row.write(delimiters[d]);
                        }
                        d = (d + 1) % delimiters.length;
                    }
                }
                if (anyData) {
                    row.writeTo(out);
                    out.write(lineEnd);
                }
            }
        } finally {
            for (InputStream in : opened) {
                in.close();
            }
        }
        return status;
    }

    private static int serial(CommandContext ctx, List<String> files, int[] delimiters, byte lineEnd, ByteSink out)
            throws IOException {
        int status = 0;
        for (String file : files) {
            ctx.checkCancelled();
            try (InputStream in = Inputs.open(ctx, file)) {
                LineReader lines = new LineReader(out.flushingBeforeBlocking(in), lineEnd);
                int d = 0;
                boolean first = true;
                while (lines.next()) {
                    ctx.checkCancelled();
                    if (!first) {
                        if (delimiters[d] != EMPTY) {
                            out.write(delimiters[d]);
                        }
                        d = (d + 1) % delimiters.length;
                    }
                    out.write(lines.buffer(), 0, lines.length());
                    first = false;
                }
                out.write(lineEnd);
            } catch (FsException e) {
                out.flush();
                ctx.error(Quoting.shell(file) + ": " + e.errno().message());
                status = 1;
                if (e.errno() == Errno.EISDIR) {
                    out.write(lineEnd); // GNU opens a directory, fails to read it, and ends its line
                }
            }
        }
        return status;
    }
}
