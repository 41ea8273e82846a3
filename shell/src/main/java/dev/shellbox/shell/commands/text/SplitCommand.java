package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.gnu.human.GnuNumber;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/** split: split a file into pieces by lines, bytes, line-bounded bytes or chunks (GNU coreutils). */
public final class SplitCommand implements Command {
    private static final String NUMERIC = "numeric-suffixes";
    private static final String HEX = "hex-suffixes";

    private static final OptionParser OPTIONS = OptionParser.of("a:b:C:del:n:t:ux")
            .longOption("suffix-length", 'a')
            .longOption("additional-suffix", OptionParser.Arg.REQUIRED)
            .longOption("bytes", 'b')
            .longOption("line-bytes", 'C')
            .longOption(NUMERIC, OptionParser.Arg.OPTIONAL)
            .longOption(HEX, OptionParser.Arg.OPTIONAL)
            .longOption("elide-empty-files", 'e')
            .longOption("lines", 'l')
            .longOption("number", 'n')
            .longOption("separator", 't')
            .longOption("unbuffered", 'u')
            .longOption("verbose", OptionParser.Arg.NONE);

    private static final String SIZE_SUFFIXES = "bEGKkMmPQRTYZ0";

    @Override
    public String name() {
        return "split";
    }

    @Override
    public String help() {
        return """
                Usage: split [OPTION]... [FILE [PREFIX]]
                Output pieces of FILE to PREFIXaa, PREFIXab, ...;
                default size is 1000 lines, and default PREFIX is 'x'.

                With no FILE, or when FILE is -, read standard input.

                Mandatory arguments to long options are mandatory for short options too.
                  -a, --suffix-length=N   generate suffixes of length N (default 2)
                      --additional-suffix=SUFFIX  append an additional SUFFIX to file names
                  -b, --bytes=SIZE        put SIZE bytes per output file
                  -C, --line-bytes=SIZE   put at most SIZE bytes of records per output file
                  -d                      use numeric suffixes starting at 0, not alphabetic
                      --numeric-suffixes[=FROM]  same as -d, but allow setting the start value
                  -x                      use hex suffixes starting at 0, not alphabetic
                      --hex-suffixes[=FROM]  same as -x, but allow setting the start value
                  -e, --elide-empty-files  do not generate empty output files with '-n'
                  -l, --lines=NUMBER      put NUMBER lines/records per output file
                  -n, --number=CHUNKS     generate CHUNKS output files; see explanation below
                  -t, --separator=SEP     use SEP instead of newline as the record separator;
                                            '\\0' (zero) specifies the NUL character
                  -u, --unbuffered        immediately copy input to output with '-n r/...'
                      --verbose           print a diagnostic just before each
                                            output file is opened
                      --help        display this help and exit
                      --version     output version information and exit

                The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
                Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).
                Binary prefixes can be used, too: KiB=K, MiB=M, and so on.

                CHUNKS may be:
                  N       split into N files based on size of input
                  K/N     output Kth of N to stdout
                  l/N     split into N files without splitting lines/records
                  l/K/N   output Kth of N to stdout without splitting lines/records
                  r/N     like 'l' but use round robin distribution
                  r/K/N   likewise but only output Kth of N to stdout

                --filter is not supported.
                """;
    }

    private enum Mode {
        LINES,
        BYTES,
        LINE_BYTES,
        CHUNK_BYTES,
        CHUNK_LINES,
        ROUND_ROBIN
    }

    /** A refused command line; {@code tryHelp} when GNU adds "Try 'split --help'". */
    private static final class BadUsage extends Exception {
        final boolean tryHelp;

        BadUsage(String message, boolean tryHelp) {
            super(message, null, false, false);
            this.tryHelp = tryHelp;
        }
    }

    /** The command line, digested. */
    private static final class Settings {
        Mode mode;
        long units = 1000;
        long chunk; // K of -n K/N, 0 for all
        int suffixLength; // 0: not given
        String alphabet = "abcdefghijklmnopqrstuvwxyz";
        String numericStart;
        String additionalSuffix = "";
        boolean elide;
        byte separator = '\n';
        boolean verbose;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        Settings s = new Settings();
        List<String> operands = parsed.operands();
        try {
            configure(parsed, s);
            if (operands.size() > 2) {
                throw new BadUsage("extra operand " + Quoting.locale(operands.get(2)), true);
            }
        } catch (BadUsage e) {
            if (e.tryHelp) {
                return ctx.usageError(e.getMessage(), 1);
            }
            ctx.error(e.getMessage());
            return 1;
        }
        String input = operands.isEmpty() ? "-" : operands.get(0);
        String prefix = operands.size() > 1 ? operands.get(1) : "x";
        Names names;
        try {
            names = new Names(prefix, s);
        } catch (BadUsage e) {
            if (e.tryHelp) {
                return ctx.usageError(e.getMessage(), 1);
            }
            ctx.error(e.getMessage());
            return 1;
        }
        InputStream in;
        try {
            in = Inputs.open(ctx, input);
        } catch (FsException e) {
            ctx.error("cannot open " + Quoting.shellAlways(input) + " for reading: "
                    + e.errno().message());
            return 1;
        }
        Outputs out = new Outputs(ctx, names, s);
        try (InputStream input0 = in) {
            switch (s.mode) {
                case LINES -> splitLines(ctx, input0, out, s);
                case BYTES -> splitBytes(ctx, input0, out, s);
                case LINE_BYTES -> splitLineBytes(ctx, input0, out, s);
                default -> splitChunks(ctx, input0.readAllBytes(), out, s);
            }
        } catch (SuffixesExhausted e) {
            ctx.error("output file suffixes exhausted");
            return 1;
        } catch (OutputFailed e) {
            ctx.error(Quoting.shell(e.getMessage()) + ": " + e.errno);
            return 1;
        } finally {
            out.close();
        }
        return 0;
    }

    private static void configure(ParsedOptions parsed, Settings s) throws BadUsage {
        for (ParsedOptions.Option o : parsed.options()) {
            String v = o.value();
            switch (o.key()) {
                case "a" ->
                    s.suffixLength = (int) Math.min(Integer.MAX_VALUE / 2, count(v, 0, "invalid suffix length", ""));
                case "additional-suffix" -> {
                    if (v.indexOf('/') >= 0) {
                        throw new BadUsage(
                                "invalid suffix " + Quoting.locale(v) + ", contains directory separator", true);
                    }
                    s.additionalSuffix = v;
                }
                case "b" -> setMode(s, Mode.BYTES, count(v, 1, "invalid number of bytes", SIZE_SUFFIXES));
                case "C" -> setMode(s, Mode.LINE_BYTES, count(v, 1, "invalid number of bytes", SIZE_SUFFIXES));
                case "l" -> setMode(s, Mode.LINES, count(v, 1, "invalid number of lines", ""));
                case "n" -> chunks(v, s);
                case "d", "x", NUMERIC, HEX -> {
                    boolean hex = o.key().equals("x") || o.key().equals(HEX);
                    s.alphabet = hex ? "0123456789abcdef" : "0123456789";
                    s.numericStart = null;
                    if (v != null) {
                        boolean valid = !v.isEmpty()
                                && v.chars().allMatch(c -> hex ? Character.digit(c, 16) >= 0 : c >= '0' && c <= '9');
                        if (!valid) {
                            throw new BadUsage(
                                    Quoting.locale(v) + ": invalid start value for "
                                            + (hex ? "hexadecimal" : "numerical") + " suffix",
                                    true);
                        }
                        String start = v.replaceFirst("^0+(?=.)", "");
                        s.numericStart = start.toLowerCase(java.util.Locale.ROOT);
                    }
                }
                case "e" -> s.elide = true;
                case "t" -> {
                    byte[] b = Text.encode(v);
                    if (b.length == 1) {
                        s.separator = b[0];
                    } else if (v.equals("\\0")) {
                        s.separator = 0;
                    } else if (b.length == 0) {
                        throw new BadUsage("empty record separator", false);
                    } else {
                        throw new BadUsage("multi-character separator " + Quoting.locale(v), false);
                    }
                }
                case "verbose" -> s.verbose = true;
                default -> {} // -u
            }
        }
        if (s.mode == null) {
            s.mode = Mode.LINES;
        }
    }

    private static void setMode(Settings s, Mode mode, long units) throws BadUsage {
        if (s.mode != null && s.mode != mode) {
            throw new BadUsage("cannot split in more than one way", true);
        }
        s.mode = mode;
        s.units = units;
    }

    private static void chunks(String v, Settings s) throws BadUsage {
        Mode mode = Mode.CHUNK_BYTES;
        String rest = v;
        if (rest.startsWith("l/")) {
            mode = Mode.CHUNK_LINES;
            rest = rest.substring(2);
        } else if (rest.startsWith("r/")) {
            mode = Mode.ROUND_ROBIN;
            rest = rest.substring(2);
        }
        int slash = rest.indexOf('/');
        long k = 0;
        long n;
        if (slash >= 0) {
            k = count(rest.substring(0, slash), 1, "invalid chunk number", "");
            n = count(rest.substring(slash + 1), 1, "invalid number of chunks", "");
            if (k > n) {
                throw new BadUsage(
                        "invalid chunk number: " + Quoting.locale(rest.substring(0, slash))
                                + ": Numerical result out of range",
                        false);
            }
        } else {
            n = count(rest, 1, "invalid number of chunks", "");
        }
        setMode(s, mode, n);
        s.chunk = k;
    }

    private static long count(String v, long minimum, String problem, String suffixes) throws BadUsage {
        long value;
        try {
            value = GnuNumber.parse(v, suffixes);
        } catch (GnuNumber.NumberException e) {
            throw new BadUsage(
                    problem + ": " + Quoting.locale(v)
                            + (e.problem() == GnuNumber.Problem.OVERFLOW
                                    ? ": Value too large for defined data type"
                                    : ""),
                    false);
        }
        if (value < minimum) {
            throw new BadUsage(problem + ": " + Quoting.locale(v) + ": Numerical result out of range", false);
        }
        return value;
    }

    /** The suffixes ran out (only when their length was fixed). */
    private static final class SuffixesExhausted extends IOException {
        SuffixesExhausted() {
            super("output file suffixes exhausted");
        }
    }

    /** An output file could not be opened. */
    private static final class OutputFailed extends IOException {
        final String errno;

        OutputFailed(String name, String errno) {
            super(name);
            this.errno = errno;
        }
    }

    /** GNU's output file names: PREFIX + suffix + additional suffix, widening the suffix when it runs out. */
    private static final class Names {
        private final String alphabet;
        private final String additional;
        private String base;
        private int length;
        private int[] index;
        private boolean auto;
        private boolean started;

        Names(String prefix, Settings s) throws BadUsage {
            this.alphabet = s.alphabet;
            this.additional = s.additionalSuffix;
            this.base = prefix;
            boolean auto = s.numericStart == null;
            int needed = 0;
            if (s.mode == Mode.CHUNK_BYTES || s.mode == Mode.CHUNK_LINES || s.mode == Mode.ROUND_ROBIN) {
                long end = s.units - 1;
                if (s.numericStart != null) {
                    try {
                        long start = Long.parseLong(s.numericStart, alphabet.length());
                        if (start < s.units) {
                            end = end + start;
                        }
                    } catch (NumberFormatException e) {
                        // a huge start value does not widen the suffix
                    }
                }
                do {
                    needed++;
                } while ((end /= alphabet.length()) != 0);
                auto = false;
            }
            if (s.suffixLength > 0) {
                if (s.suffixLength < needed) {
                    throw new BadUsage("the suffix length needs to be at least " + needed, false);
                }
                auto = false;
                length = s.suffixLength;
            } else {
                length = Math.max(2, needed);
            }
            if (s.numericStart != null && s.numericStart.length() > length) {
                throw new BadUsage("numerical suffix start value is too large for the suffix length", true);
            }
            this.auto = auto;
            index = new int[length];
            if (s.numericStart != null) {
                String start = s.numericStart;
                for (int i = 0; i < start.length(); i++) {
                    index[length - start.length() + i] = alphabet.indexOf(start.charAt(i));
                }
            }
        }

        String next() throws SuffixesExhausted {
            if (!started) {
                started = true;
                return current();
            }
            int i = length;
            while (i-- != 0) {
                index[i]++;
                if (auto && i == 0 && index[0] + 1 == alphabet.length()) {
                    // Widen: the last letter joins the prefix and the suffix grows by one.
                    base = base + alphabet.charAt(index[0]);
                    length++;
                    index = new int[length];
                    return current();
                }
                if (index[i] < alphabet.length()) {
                    return current();
                }
                index[i] = 0;
            }
            throw new SuffixesExhausted();
        }

        private String current() {
            StringBuilder sb = new StringBuilder(base);
            for (int k : index) {
                sb.append(alphabet.charAt(k));
            }
            return sb.append(additional).toString();
        }
    }

    /** The output files: the current one and how to start the next. */
    private static final class Outputs {
        private final CommandContext ctx;
        private final Names names;
        private final Settings settings;
        private OutputStream file;
        private ByteSink current;

        Outputs(CommandContext ctx, Names names, Settings settings) {
            this.ctx = ctx;
            this.names = names;
            this.settings = settings;
        }

        /** Closes the current file and opens the next one. */
        OutputStream next() throws IOException {
            close();
            String name = names.next();
            if (settings.verbose) {
                ctx.print("creating file " + Quoting.shellAlways(name) + "\n");
                ctx.stdout().flush();
            }
            try {
                file = ctx.openOutput(name, WriteMode.TRUNCATE);
                current = new ByteSink(file);
            } catch (FsException e) {
                throw new OutputFailed(name, e.errno().message());
            }
            return current;
        }

        OutputStream current() {
            return current;
        }

        void close() throws IOException {
            if (current != null) {
                current.flush();
                file.close();
                current = null;
                file = null;
            }
        }
    }

    private static void splitLines(CommandContext ctx, InputStream in, Outputs out, Settings s) throws IOException {
        byte[] buffer = new byte[1 << 16];
        long linesInFile = 0;
        OutputStream file = null;
        int n;
        while ((n = in.read(buffer, 0, buffer.length)) >= 0) {
            ctx.checkCancelled();
            int start = 0;
            for (int i = 0; i < n; i++) {
                if (file == null) {
                    file = out.next();
                    linesInFile = 0;
                }
                if (buffer[i] == s.separator && ++linesInFile == s.units) {
                    file.write(buffer, start, i + 1 - start);
                    start = i + 1;
                    file = null;
                }
            }
            if (file != null && start < n) {
                file.write(buffer, start, n - start);
            }
        }
    }

    private static void splitBytes(CommandContext ctx, InputStream in, Outputs out, Settings s) throws IOException {
        byte[] buffer = new byte[1 << 16];
        long left = 0;
        OutputStream file = null;
        int n;
        while ((n = in.read(buffer, 0, buffer.length)) >= 0) {
            ctx.checkCancelled();
            int start = 0;
            while (start < n) {
                if (left == 0) {
                    file = out.next();
                    left = s.units;
                }
                int take = (int) Math.min(left, n - start);
                file.write(buffer, start, take);
                start += take;
                left -= take;
            }
        }
    }

    /** -C: whole records up to SIZE bytes per file; a record longer than SIZE is cut into SIZE-byte pieces. */
    private static void splitLineBytes(CommandContext ctx, InputStream in, Outputs out, Settings s) throws IOException {
        dev.shellbox.shell.io.LineReader lines = new dev.shellbox.shell.io.LineReader(in, s.separator);
        long used = 0;
        boolean open = false;
        while (lines.next()) {
            ctx.checkCancelled();
            int length = lines.length() + (lines.hasDelimiter() ? 1 : 0);
            byte[] b = java.util.Arrays.copyOf(lines.buffer(), length);
            if (lines.hasDelimiter()) {
                b[length - 1] = s.separator;
            }
            if (open && used + length <= s.units) {
                out.current().write(b, 0, length);
                used += length;
                continue;
            }
            int offset = 0;
            while (offset < length) {
                int take = (int) Math.min(s.units, length - offset);
                out.next().write(b, offset, take);
                open = true;
                used = take;
                offset += take;
            }
        }
    }

    private static void splitChunks(CommandContext ctx, byte[] data, Outputs out, Settings s) throws IOException {
        long n = s.units;
        long k = s.chunk;
        long size = data.length;
        if (s.mode == Mode.ROUND_ROBIN) {
            roundRobin(ctx, data, out, s);
            return;
        }
        long[] bounds = new long[(int) Math.min(n, Integer.MAX_VALUE - 8) + 1];
        // GNU 9.1 gives the remainder to the last chunk, and at least one byte to each chunk while input lasts.
        long chunkSize = Math.max(1, size / n);
        for (int i = 1; i <= n; i++) {
            long end = i == n ? size : Math.min(size, i * chunkSize);
            if (s.mode == Mode.CHUNK_LINES && i < n && end > 0) {
                long lastByte = end - 1;
                if (lastByte < bounds[i - 1]) {
                    end = bounds[i - 1]; // an earlier long record already covered this chunk: it stays empty
                } else {
                    // The chunk ends with the record that holds its last byte.
                    long nl = lastByte;
                    while (nl < size && data[(int) nl] != s.separator) {
                        nl++;
                    }
                    end = Math.min(size, nl + 1);
                }
            }
            bounds[i] = Math.max(bounds[i - 1], end);
        }
        for (int i = 1; i <= n; i++) {
            ctx.checkCancelled();
            int from = (int) bounds[i - 1];
            int to = (int) bounds[i];
            if (k != 0) {
                if (i == k) {
                    ctx.stdout().write(data, from, to - from);
                    ctx.stdout().flush();
                }
                continue;
            }
            if (to == from && s.elide) {
                continue;
            }
            out.next().write(data, from, to - from);
        }
    }

    private static void roundRobin(CommandContext ctx, byte[] data, Outputs out, Settings s) throws IOException {
        int n = (int) Math.min(s.units, 100_000);
        long k = s.chunk;
        if (k != 0) {
            long record = 0;
            int start = 0;
            for (int i = 0; i <= data.length; i++) {
                if (i == data.length ? i > start : data[i] == s.separator) {
                    int end = Math.min(data.length, i + 1);
                    if (record % n == k - 1) {
                        ctx.stdout().write(data, start, end - start);
                    }
                    record++;
                    start = end;
                }
            }
            ctx.stdout().flush();
            return;
        }
        // Gather each file's records, then write the files in name order.
        java.io.ByteArrayOutputStream[] files = new java.io.ByteArrayOutputStream[n];
        long record = 0;
        int start = 0;
        for (int i = 0; i <= data.length; i++) {
            if (i == data.length ? i > start : data[i] == s.separator) {
                int end = Math.min(data.length, i + 1);
                int f = (int) (record % n);
                if (files[f] == null) {
                    files[f] = new java.io.ByteArrayOutputStream();
                }
                files[f].write(data, start, end - start);
                record++;
                start = end;
            }
        }
        for (int f = 0; f < n; f++) {
            ctx.checkCancelled();
            if (files[f] == null && s.elide) {
                continue;
            }
            OutputStream file = out.next();
            if (files[f] != null) {
                files[f].writeTo(file);
            }
        }
    }
}
