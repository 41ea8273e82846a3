package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.mbchar.DisplayWidth;
import dev.shellbox.shell.gnu.mbchar.Utf8;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/** wc: newline, word, character, byte and maximum line width counts (GNU coreutils, UTF-8 locale). */
public final class WcCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("clLmw")
            .longOption("bytes", 'c')
            .longOption("chars", 'm')
            .longOption("lines", 'l')
            .longOption("max-line-length", 'L')
            .longOption("words", 'w')
            .longOption("files0-from", OptionParser.Arg.REQUIRED);

    /** What each byte means to the counters when it stands alone (ASCII). */
    private static final byte OTHER = 0;

    private static final byte PRINTABLE = 1;
    private static final byte SPACE = 2;
    private static final byte NEWLINE = 3;
    private static final byte TAB = 4;
    private static final byte RESET = 5; // \r and \f: back to column 0
    private static final byte VTAB = 6;
    private static final byte HIGH = 7;
    private static final byte[] CLASS = new byte[256];

    static {
        for (int c = 0x21; c < 0x7f; c++) {
            CLASS[c] = PRINTABLE;
        }
        CLASS[' '] = SPACE;
        CLASS['\n'] = NEWLINE;
        CLASS['\t'] = TAB;
        CLASS['\r'] = RESET;
        CLASS['\f'] = RESET;
        CLASS[0x0b] = VTAB;
        for (int c = 0x80; c < 256; c++) {
            CLASS[c] = HIGH;
        }
    }

    @Override
    public String name() {
        return "wc";
    }

    @Override
    public String help() {
        return """
                Usage: wc [OPTION]... [FILE]...
                  or:  wc [OPTION]... --files0-from=F
                Print newline, word, and byte counts for each FILE, and a total line if
                more than one FILE is specified.  A word is a non-zero-length sequence of
                printable characters delimited by white space.

                With no FILE, or when FILE is -, read standard input.

                The options below may be used to select which counts are printed, always in
                the following order: newline, word, character, byte, maximum line length.
                  -c, --bytes            print the byte counts
                  -m, --chars            print the character counts
                  -l, --lines            print the newline counts
                      --files0-from=F    read input from the files specified by
                                           NUL-terminated names in file F;
                                           If F is - then read names from standard input
                  -L, --max-line-length  print the maximum display width
                  -w, --words            print the word counts
                      --help        display this help and exit
                      --version     output version information and exit
                """;
    }

    /** The counts of one input, or the running total. */
    private static final class Counts {
        long lines;
        long words;
        long chars;
        long bytes;
        long maxWidth;

        void add(Counts c) {
            lines += c.lines;
            words += c.words;
            chars += c.chars;
            bytes += c.bytes;
            maxWidth = Math.max(maxWidth, c.maxWidth);
        }
    }

    /** Which counts are printed. */
    private record Selection(boolean lines, boolean words, boolean chars, boolean bytes, boolean maxWidth) {
        int size() {
            return (lines ? 1 : 0) + (words ? 1 : 0) + (chars ? 1 : 0) + (bytes ? 1 : 0) + (maxWidth ? 1 : 0);
        }

        boolean needsDecoding() {
            return words || chars || maxWidth;
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
        boolean l = parsed.has('l');
        boolean w = parsed.has('w');
        boolean m = parsed.has('m');
        boolean c = parsed.has('c');
        boolean maxLen = parsed.has('L');
        Selection sel = !(l || w || m || c || maxLen)
                ? new Selection(true, true, false, true, false)
                : new Selection(l, w, m, c, maxLen);
        int status = 0;
        List<String> files;
        boolean explicitNames;
        String listFile = parsed.value("files0-from");
        if (listFile != null) {
            if (!parsed.operands().isEmpty()) {
                return ctx.usageError(
                        "extra operand " + Quoting.shellAlways(parsed.operands().get(0))
                                + "\nfile operands cannot be combined with --files0-from",
                        1);
            }
            files = new ArrayList<>();
            if (!readNameList(ctx, listFile, files)) {
                return 1;
            }
            explicitNames = true;
        } else {
            files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
            explicitNames = !parsed.operands().isEmpty();
        }
        int width = numberWidth(ctx, files, sel);
        ByteSink out = new ByteSink(ctx.stdout());
        Counts total = new Counts();
        try {
            for (int i = 0; i < files.size(); i++) {
                String file = files.get(i);
                ctx.checkCancelled();
                if (file.isEmpty()) {
                    out.flush();
                    ctx.error(Quoting.shell(listFile) + ":" + (i + 1) + ": invalid zero-length file name");
                    status = 1;
                    continue;
                }
                if (listFile != null && listFile.equals("-") && file.equals("-")) {
                    out.flush();
                    ctx.error("when reading file names from standard input, no file name of " + Quoting.shellAlways("-")
                            + " allowed");
                    status = 1;
                    continue;
                }
                Counts counts = new Counts();
                try (InputStream in = Inputs.open(ctx, file)) {
                    count(ctx, in, sel, counts);
                } catch (FsException e) {
                    out.flush();
                    ctx.error(Quoting.shell(file) + ": " + e.errno().message());
                    status = 1;
                    if (e.errno() != Errno.EISDIR) {
                        continue;
                    }
                }
                total.add(counts);
                print(out, counts, sel, width, explicitNames ? file : null);
            }
            if (files.size() > 1) {
                print(out, total, sel, width, "total");
            }
        } finally {
            out.flush();
        }
        return status;
    }

    /** Reads the NUL-separated names of --files0-from; false (after the message) when the list cannot be read. */
    private static boolean readNameList(CommandContext ctx, String listFile, List<String> names) throws IOException {
        byte[] content;
        try (InputStream in = Inputs.open(ctx, listFile)) {
            content = in.readAllBytes();
        } catch (FsException e) {
            ctx.error("cannot open " + Quoting.shellAlways(listFile) + " for reading: "
                    + e.errno().message());
            return false;
        }
        int start = 0;
        for (int i = 0; i <= content.length; i++) {
            if (i == content.length ? i > start : content[i] == 0) {
                names.add(Text.decode(content, start, i - start));
                start = i + 1;
            }
        }
        return true;
    }

    /**
     * GNU's column width: wide enough for the sum of the sizes of the regular files, at least 7 when some input is
     * not a regular file (stdin, a directory), and 1 for a single count of a single input.
     */
    private static int numberWidth(CommandContext ctx, List<String> files, Selection sel) {
        if (files.size() == 1 && sel.size() == 1) {
            return 1;
        }
        long regularTotal = 0;
        int minimum = 1;
        for (String file : files) {
            if (file.equals("-")) {
                minimum = 7;
                continue;
            }
            if (file.isEmpty()) {
                continue;
            }
            String abs = ctx.resolve(file);
            if (abs.startsWith("/dev/fd/") || abs.startsWith("/proc/self/fd/") || abs.startsWith("/dev/std")) {
                minimum = 7; // a pipe or terminal: process substitution, /dev/stdin
                continue;
            }
            try {
                FileStat st = ctx.fs().stat(abs);
                if (st.isRegularFile()) {
                    regularTotal += st.size();
                } else {
                    minimum = 7;
                }
            } catch (FsException e) {
                // Not counted, as GNU skips inputs it cannot stat.
            }
        }
        int width = 1;
        for (; regularTotal >= 10; regularTotal /= 10) {
            width++;
        }
        return Math.max(width, minimum);
    }

    private static void print(ByteSink out, Counts counts, Selection sel, int width, String name) throws IOException {
        boolean first = true;
        long[] values = {counts.lines, counts.words, counts.chars, counts.bytes, counts.maxWidth};
        boolean[] shown = {sel.lines(), sel.words(), sel.chars(), sel.bytes(), sel.maxWidth()};
        for (int i = 0; i < values.length; i++) {
            if (!shown[i]) {
                continue;
            }
            if (!first) {
                out.write(' ');
            }
            out.writePadded(values[i], width, ' ');
            first = false;
        }
        if (name != null) {
            out.write(' ');
            out.write(Text.encode(name));
        }
        out.write('\n');
    }

    private static void count(CommandContext ctx, InputStream in, Selection sel, Counts counts) throws IOException {
        byte[] buffer = new byte[1 << 16];
        if (!sel.needsDecoding()) {
            int n;
            while ((n = in.read(buffer, 0, buffer.length)) >= 0) {
                ctx.checkCancelled();
                counts.bytes += n;
                if (sel.lines()) {
                    long lines = 0;
                    for (int i = 0; i < n; i++) {
                        if (buffer[i] == '\n') {
                            lines++;
                        }
                    }
                    counts.lines += lines;
                }
            }
            return;
        }
        long lines = 0;
        long words = 0;
        long chars = 0;
        long bytes = 0;
        long column = 0;
        long maxWidth = 0;
        boolean inWord = false;
        int carried = 0; // bytes of an incomplete sequence kept at the start of the buffer
        while (true) {
            ctx.checkCancelled();
            int n = in.read(buffer, carried, buffer.length - carried);
            boolean eof = n < 0;
            int end = carried + Math.max(n, 0);
            if (eof && end == 0) {
                break;
            }
            bytes += Math.max(n, 0);
            int i = 0;
            scan:
            while (i < end) {
                int b = buffer[i] & 0xff;
                switch (CLASS[b]) {
                    case PRINTABLE -> {
                        inWord = true;
                        column++;
                        chars++;
                        i++;
                    }
                    case SPACE -> {
                        column++;
                        chars++;
                        words += inWord ? 1 : 0;
                        inWord = false;
                        i++;
                    }
                    case NEWLINE, RESET -> {
                        if (b == '\n') {
                            lines++;
                        }
                        maxWidth = Math.max(maxWidth, column);
                        column = 0;
                        chars++;
                        words += inWord ? 1 : 0;
                        inWord = false;
                        i++;
                    }
                    case TAB -> {
                        column += 8 - (column % 8);
                        chars++;
                        words += inWord ? 1 : 0;
                        inWord = false;
                        i++;
                    }
                    case VTAB -> {
                        chars++;
                        words += inWord ? 1 : 0;
                        inWord = false;
                        i++;
                    }
                    case HIGH -> {
                        int len = Utf8.sequenceLength(buffer, i, end);
                        if (len == 0 && !eof) {
                            break scan; // incomplete: finish it after the next read
                        }
                        if (len <= 0) {
                            i++; // an invalid byte counts as a byte only
                            continue;
                        }
                        int cp = Utf8.decode(buffer, i, len);
                        i += len;
                        chars++;
                        int width = DisplayWidth.width(cp);
                        if (width >= 0) {
                            column += width;
                            if (DisplayWidth.separatesWords(cp)) {
                                words += inWord ? 1 : 0;
                                inWord = false;
                            } else {
                                inWord = true;
                            }
                        }
                    }
                    default -> {
                        chars++; // other control characters neither print nor separate words
                        i++;
                    }
                }
            }
            if (eof) {
                break;
            }
            carried = end - i;
            if (carried > 0) {
                System.arraycopy(buffer, i, buffer, 0, carried);
            }
        }
        counts.lines = lines;
        counts.words = words + (inWord ? 1 : 0);
        counts.chars = chars;
        counts.bytes = bytes;
        counts.maxWidth = Math.max(maxWidth, column);
    }
}
