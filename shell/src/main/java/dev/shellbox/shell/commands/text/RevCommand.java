package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.mbchar.Utf8;
import dev.shellbox.shell.io.LineReader;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * rev: reverse the characters of each line (util-linux). Works on UTF-8 characters; like util-linux it stops reading
 * a file at an invalid byte sequence, and a NUL byte cuts its line short.
 */
public final class RevCommand implements Command {
    private static final OptionParser OPTIONS =
            OptionParser.of("hV").longOption("help", 'h').longOption("version", 'V');

    @Override
    public String name() {
        return "rev";
    }

    @Override
    public String help() {
        return """
                Usage: rev [options] [file ...]

                Reverse lines characterwise.

                Options:
                 -h, --help     display this help
                 -V, --version  display version
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
        if (parsed.has('h')) {
            ctx.print(help());
            return 0;
        }
        if (parsed.has('V')) {
            ctx.print("rev (Shellbox) 1.0\n");
            return 0;
        }
        // util-linux reads stdin only without operands; "-" is a file name.
        List<String> files =
                parsed.operands().isEmpty() ? java.util.Collections.singletonList(null) : parsed.operands();
        ByteSink out = new ByteSink(ctx.stdout());
        int status = 0;
        try {
            for (String file : files) {
                ctx.checkCancelled();
                boolean stdin = file == null;
                String label = stdin ? "stdin" : file;
                InputStream in;
                try {
                    in = stdin ? nonClosing(ctx.stdin()) : ctx.openInput(file);
                } catch (FsException e) {
                    out.flush();
                    if (e.errno() == Errno.EISDIR) {
                        ctx.error(label + ": 0: " + e.errno().message());
                    } else {
                        ctx.error("cannot open " + file + ": " + e.errno().message());
                    }
                    status = 1;
                    continue;
                }
                try (InputStream input = in) {
                    if (!reverseLines(ctx, new LineReader(out.flushingBeforeBlocking(input)), out, label)) {
                        status = 1;
                    }
                }
            }
        } finally {
            out.flush();
        }
        return status;
    }

    private static InputStream nonClosing(InputStream in) {
        return new FilterInputStream(in) {
            @Override
            public void close() {}
        };
    }

    /** Reverses every line; false (after the message) when the input holds an invalid sequence. */
    private static boolean reverseLines(CommandContext ctx, LineReader lines, ByteSink out, String label)
            throws IOException {
        long count = 0;
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (lines.next()) {
            ctx.checkCancelled();
            line.reset();
            boolean newline = appendUpToNul(lines, line);
            // util-linux reads wide strings: a NUL ends the string, and the rest of the line joins the next one.
            while (!newline && lines.hasDelimiter() && lines.next()) {
                newline = appendUpToNul(lines, line);
            }
            byte[] bytes = line.toByteArray();
            int[] codePoints = decode(bytes);
            if (codePoints == null) {
                out.flush();
                ctx.error(label + ": " + count + ": Invalid or incomplete multibyte or wide character");
                return false;
            }
            for (int i = codePoints.length - 1; i >= 0; i--) {
                writeCodePoint(out, codePoints[i]);
            }
            if (newline) {
                out.write('\n');
            }
            count++;
        }
        return true;
    }

    /** Appends the current line up to its first NUL; true when the line's newline was reached. */
    private static boolean appendUpToNul(LineReader lines, ByteArrayOutputStream line) {
        byte[] b = lines.buffer();
        int n = lines.length();
        for (int i = 0; i < n; i++) {
            if (b[i] == 0) {
                line.write(b, 0, i);
                return false;
            }
        }
        line.write(b, 0, n);
        return lines.hasDelimiter();
    }

    /** The code points of a line; null at an invalid sequence. An incomplete sequence at the very end is dropped. */
    private static int[] decode(byte[] b) {
        int[] cps = new int[b.length];
        int n = 0;
        int i = 0;
        while (i < b.length) {
            int len = Utf8.sequenceLength(b, i, b.length);
            if (len == 0) {
                break;
            }
            if (len < 0) {
                return null;
            }
            cps[n++] = Utf8.decode(b, i, len);
            i += len;
        }
        return java.util.Arrays.copyOf(cps, n);
    }

    private static void writeCodePoint(ByteSink out, int cp) throws IOException {
        if (cp < 0x80) {
            out.write(cp);
        } else if (cp < 0x800) {
            out.write(0xC0 | (cp >> 6));
            out.write(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out.write(0xE0 | (cp >> 12));
            out.write(0x80 | ((cp >> 6) & 0x3F));
            out.write(0x80 | (cp & 0x3F));
        } else {
            out.write(0xF0 | (cp >> 18));
            out.write(0x80 | ((cp >> 12) & 0x3F));
            out.write(0x80 | ((cp >> 6) & 0x3F));
            out.write(0x80 | (cp & 0x3F));
        }
    }
}
