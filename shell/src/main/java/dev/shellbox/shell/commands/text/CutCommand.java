package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.LineReader;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/** cut: print selected bytes, characters or fields of each line (GNU coreutils; -c counts bytes, as GNU does). */
public final class CutCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("b:c:d:f:nsz")
            .longOption("bytes", 'b')
            .longOption("characters", 'c')
            .longOption("delimiter", 'd')
            .longOption("fields", 'f')
            .longOption("only-delimited", 's')
            .longOption("zero-terminated", 'z')
            .longOption("complement", OptionParser.Arg.NONE)
            .longOption("output-delimiter", OptionParser.Arg.REQUIRED);

    @Override
    public String name() {
        return "cut";
    }

    @Override
    public String help() {
        return """
                Usage: cut OPTION... [FILE]...
                Print selected parts of lines from each FILE to standard output.

                With no FILE, or when FILE is -, read standard input.

                Mandatory arguments to long options are mandatory for short options too.
                  -b, --bytes=LIST        select only these bytes
                  -c, --characters=LIST   select only these characters
                  -d, --delimiter=DELIM   use DELIM instead of TAB for field delimiter
                  -f, --fields=LIST       select only these fields;  also print any line
                                            that contains no delimiter character, unless
                                            the -s option is specified
                  -n                      (ignored)
                      --complement        complement the set of selected bytes, characters
                                            or fields
                  -s, --only-delimited    do not print lines not containing delimiters
                      --output-delimiter=STRING  use STRING as the output delimiter
                                            the default is to use the input delimiter
                  -z, --zero-terminated   line delimiter is NUL, not newline
                      --help        display this help and exit
                      --version     output version information and exit

                Use one, and only one of -b, -c or -f.  Each LIST is made up of one
                range, or many ranges separated by commas.  Selected input is written
                in the same order that it is read, and is written exactly once.
                Each range is one of:

                  N     N'th byte, character or field, counted from 1
                  N-    from N'th byte, character or field, to end of line
                  N-M   from N'th to M'th (included) byte, character or field
                  -M    from first to M'th (included) byte, character or field
                """;
    }

    /** A usage problem; GNU follows each with "Try 'cut --help'". */
    private static final class UsageProblem extends Exception {
        UsageProblem(String message) {
            super(message, null, false, false);
        }
    }

    /** What to cut. */
    private static final class Settings {
        boolean fields;
        long[] ranges; // inclusive pairs lo, hi (1-based), sorted and disjoint
        byte delimiter = '\t';
        byte[] outputDelimiter;
        boolean onlyDelimited;
        byte lineEnd = '\n';
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
        try {
            configure(parsed, s);
        } catch (UsageProblem e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        ByteSink out = new ByteSink(ctx.stdout());
        int status = 0;
        try {
            for (String file : files) {
                ctx.checkCancelled();
                try (InputStream in = Inputs.open(ctx, file)) {
                    LineReader lines = new LineReader(out.flushingBeforeBlocking(in), s.lineEnd);
                    while (lines.next()) {
                        ctx.checkCancelled();
                        if (s.fields) {
                            cutFields(lines.buffer(), lines.length(), s, out);
                        } else {
                            cutBytes(lines.buffer(), lines.length(), s, out);
                        }
                    }
                } catch (FsException e) {
                    out.flush();
                    ctx.error(Quoting.shell(file) + ": " + e.errno().message());
                    status = 1;
                }
            }
        } finally {
            out.flush();
        }
        return status;
    }

    private static void configure(ParsedOptions parsed, Settings s) throws UsageProblem {
        String list = null;
        boolean delimiterGiven = false;
        boolean complement = false;
        for (ParsedOptions.Option o : parsed.options()) {
            switch (o.key()) {
                case "b", "c", "f" -> {
                    if (list != null) {
                        throw new UsageProblem("only one list may be specified");
                    }
                    list = o.value();
                    s.fields = o.key().equals("f");
                }
                case "d" -> {
                    byte[] d = Text.encode(o.value());
                    if (d.length > 1) {
                        throw new UsageProblem("the delimiter must be a single character");
                    }
                    s.delimiter = d.length == 0 ? 0 : d[0];
                    delimiterGiven = true;
                }
                case "s" -> s.onlyDelimited = true;
                case "z" -> s.lineEnd = 0;
                case "complement" -> complement = true;
                case "output-delimiter" ->
                    // GNU reads an empty output delimiter as the NUL byte.
                    s.outputDelimiter = o.value().isEmpty() ? new byte[] {0} : Text.encode(o.value());
                default -> {} // -n
            }
        }
        if (list == null) {
            throw new UsageProblem("you must specify a list of bytes, characters, or fields");
        }
        if (delimiterGiven && !s.fields) {
            throw new UsageProblem("an input delimiter may be specified only when operating on fields");
        }
        if (s.onlyDelimited && !s.fields) {
            throw new UsageProblem("suppressing non-delimited lines makes sense\n\tonly when operating on fields");
        }
        s.ranges = parseList(list, !s.fields);
        if (complement) {
            s.ranges = complement(s.ranges);
        }
        if (s.fields && s.outputDelimiter == null) {
            s.outputDelimiter = new byte[] {s.delimiter};
        }
    }

    /** Parses a LIST of N, N-, N-M and -M ranges separated by commas or blanks, then sorts and merges them. */
    static long[] parseList(String spec, boolean positions) throws UsageProblem {
        String numberedFrom1 =
                positions ? "byte/character positions are numbered from 1" : "fields are numbered from 1";
        List<long[]> ranges = new ArrayList<>();
        long initial = 1;
        long value = 0;
        boolean lhs = false;
        boolean rhs = false;
        boolean dash = false;
        int numberStart = -1;
        for (int i = 0; ; i++) {
            char c = i < spec.length() ? spec.charAt(i) : '\0';
            if (c == '-') {
                numberStart = -1;
                if (dash) {
                    throw new UsageProblem(positions ? "invalid byte or character range" : "invalid field range");
                }
                dash = true;
                if (lhs && value == 0) {
                    throw new UsageProblem(numberedFrom1);
                }
                initial = lhs ? value : 1;
                value = 0;
            } else if (c == ',' || c == ' ' || c == '\t' || c == '\0') {
                numberStart = -1;
                if (dash) {
                    dash = false;
                    if (!lhs && !rhs) {
                        throw new UsageProblem("invalid range with no endpoint: -");
                    }
                    if (!rhs) {
                        ranges.add(new long[] {initial, Long.MAX_VALUE});
                    } else {
                        if (value < initial) {
                            throw new UsageProblem("invalid decreasing range");
                        }
                        ranges.add(new long[] {initial, value});
                    }
                } else {
                    if (value == 0) {
                        throw new UsageProblem(numberedFrom1);
                    }
                    ranges.add(new long[] {value, value});
                }
                value = 0;
                if (i >= spec.length()) {
                    break;
                }
                lhs = false;
                rhs = false;
            } else if (c >= '0' && c <= '9') {
                if (numberStart < 0) {
                    numberStart = i;
                }
                if (dash) {
                    rhs = true;
                } else {
                    lhs = true;
                }
                int digit = c - '0';
                if (value > (Long.MAX_VALUE - 1 - digit) / 10) {
                    int end = numberStart;
                    while (end < spec.length() && Character.isDigit(spec.charAt(end))) {
                        end++;
                    }
                    String bad = Quoting.locale(spec.substring(numberStart, end));
                    throw new UsageProblem(
                            positions
                                    ? "byte/character offset " + bad + " is too large"
                                    : "field number " + bad + " is too large");
                }
                value = value * 10 + digit;
            } else {
                String bad = Quoting.locale(spec.substring(i));
                throw new UsageProblem(
                        positions ? "invalid byte/character position " + bad : "invalid field value " + bad);
            }
        }
        ranges.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        List<long[]> merged = new ArrayList<>();
        for (long[] r : ranges) {
            long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && r[0] <= last[1]) {
                last[1] = Math.max(last[1], r[1]);
            } else {
                merged.add(r.clone());
            }
        }
        long[] flat = new long[merged.size() * 2];
        for (int i = 0; i < merged.size(); i++) {
            flat[2 * i] = merged.get(i)[0];
            flat[2 * i + 1] = merged.get(i)[1];
        }
        return flat;
    }

    private static long[] complement(long[] ranges) {
        List<Long> out = new ArrayList<>();
        long next = 1;
        for (int i = 0; i < ranges.length; i += 2) {
            if (ranges[i] > next) {
                out.add(next);
                out.add(ranges[i] - 1);
            }
            next = ranges[i + 1] == Long.MAX_VALUE ? Long.MAX_VALUE : ranges[i + 1] + 1;
        }
        if (next != Long.MAX_VALUE) {
            out.add(next);
            out.add(Long.MAX_VALUE);
        }
        long[] flat = new long[out.size()];
        for (int i = 0; i < flat.length; i++) {
            flat[i] = out.get(i);
        }
        return flat;
    }

    private static void cutBytes(byte[] line, int length, Settings s, ByteSink out) throws IOException {
        long[] r = s.ranges;
        boolean printedAny = false;
        for (int i = 0; i < r.length; i += 2) {
            if (r[i] > length) {
                break;
            }
            int from = (int) (r[i] - 1);
            int to = (int) Math.min(length, r[i + 1]);
            if (s.outputDelimiter != null && printedAny) {
                out.write(s.outputDelimiter, 0, s.outputDelimiter.length);
            }
            out.write(line, from, to - from);
            printedAny = true;
        }
        out.write(s.lineEnd);
    }

    private static void cutFields(byte[] line, int length, Settings s, ByteSink out) throws IOException {
        byte d = s.delimiter;
        int firstDelimiter = -1;
        for (int i = 0; i < length; i++) {
            if (line[i] == d) {
                firstDelimiter = i;
                break;
            }
        }
        if (firstDelimiter < 0) {
            if (!s.onlyDelimited) {
                out.write(line, 0, length);
                out.write(s.lineEnd);
            }
            return;
        }
        long[] r = s.ranges;
        int range = 0;
        long field = 1;
        int start = 0;
        boolean printedAny = false;
        while (start <= length && range < r.length) {
            int end = start == 0 ? firstDelimiter : start;
            while (end < length && line[end] != d) {
                end++;
            }
            while (range < r.length && r[range + 1] < field) {
                range += 2;
            }
            if (range < r.length && r[range] <= field) {
                if (printedAny) {
                    out.write(s.outputDelimiter, 0, s.outputDelimiter.length);
                }
                out.write(line, start, end - start);
                printedAny = true;
            }
            field++;
            start = end + 1;
        }
        out.write(s.lineEnd);
    }
}
