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
import java.util.Arrays;
import java.util.List;

/** join: join lines of two sorted files on a common field (GNU coreutils; C.UTF-8 collation is byte order). */
public final class JoinCommand implements Command {
    private static final String CHECK = "check-order";
    private static final String NO_CHECK = "nocheck-order";

    private static final OptionParser OPTIONS = OptionParser.of("a:e:ij:o:t:v:z1:2:")
            .longOption("ignore-case", 'i')
            .longOption("zero-terminated", 'z')
            .longOption(CHECK, OptionParser.Arg.NONE)
            .longOption(NO_CHECK, OptionParser.Arg.NONE)
            .longOption("header", OptionParser.Arg.NONE);

    @Override
    public String name() {
        return "join";
    }

    @Override
    public String help() {
        return """
                Usage: join [OPTION]... FILE1 FILE2
                For each pair of input lines with identical join fields, write a line to
                standard output.  The default join field is the first, delimited by blanks.

                When FILE1 or FILE2 (not both) is -, read standard input.

                  -a FILENUM        also print unpairable lines from file FILENUM, where
                                      FILENUM is 1 or 2, corresponding to FILE1 or FILE2
                  -e STRING         replace missing (empty) input fields with STRING;
                                      I.e., missing fields specified with '-12jo' options
                  -i, --ignore-case  ignore differences in case when comparing fields
                  -j FIELD          equivalent to '-1 FIELD -2 FIELD'
                  -o FORMAT         obey FORMAT while constructing output line
                  -t CHAR           use CHAR as input and output field separator
                  -v FILENUM        like -a FILENUM, but suppress joined output lines
                  -1 FIELD          join on this FIELD of file 1
                  -2 FIELD          join on this FIELD of file 2
                  --check-order     check that the input is correctly sorted, even
                                      if all input lines are pairable
                  --nocheck-order   do not check that the input is correctly sorted
                  --header          treat the first line in each file as field headers,
                                      print them without trying to pair them
                  -z, --zero-terminated     line delimiter is NUL, not newline
                      --help        display this help and exit
                      --version     output version information and exit

                Unless -t CHAR is given, leading blanks separate fields and are ignored,
                else fields are separated by CHAR.  Any FIELD is a field number counted
                from 1.  FORMAT is one or more comma or blank separated specifications,
                each being 'FILENUM.FIELD' or '0'.  Default FORMAT outputs the join field,
                the remaining fields from FILE1, the remaining fields from FILE2, all
                separated by CHAR.  If FORMAT is the keyword 'auto', then the first
                line of each input file determines the number of fields output for each
                line.

                Important: FILE1 and FILE2 must be sorted on the join fields.
                E.g., use "sort -k 1b,1" if 'join' has no options,
                or use "join -t ''" if 'sort' has no options.
                Note, comparisons honor the rules specified by 'LC_COLLATE'.
                If the input is not sorted and some lines cannot be joined, a
                warning message will be given.
                """;
    }

    /** A refused option: its message, and whether "Try 'join --help'" follows. */
    private static final class BadUsage extends Exception {
        final boolean tryHelp;

        BadUsage(String message, boolean tryHelp) {
            super(message, null, false, false);
            this.tryHelp = tryHelp;
        }
    }

    /** One input line split into fields (start and end offsets). */
    private static final class Line {
        final byte[] bytes;
        final int[] starts;
        final int[] ends;

        Line(byte[] bytes, int[] starts, int[] ends) {
            this.bytes = bytes;
            this.starts = starts;
            this.ends = ends;
        }

        int fields() {
            return starts.length;
        }
    }

    private static final Line BLANK = new Line(new byte[0], new int[0], new int[0]);

    /** An output field: file 0 is the join field. */
    private record Spec(int file, int field) {}

    /** Settings and running state. */
    private static final class Join {
        int tab = -1; // -1: blanks; '\n': the whole line; else the separator byte
        int field1;
        int field2;
        boolean ignoreCase;
        boolean unpairable1;
        boolean unpairable2;
        boolean pairables = true;
        byte[] filler;
        List<Spec> format;
        boolean autoFormat;
        int autoCount1;
        int autoCount2;
        int check; // 1 --check-order, -1 --nocheck-order, 0 default
        boolean header;
        byte eol = '\n';
        boolean seenUnpairable;
        final boolean[] warned = new boolean[2];
        final Line[] previous = new Line[2];
        final long[] lineNumbers = new long[2];
        String[] names;
        CommandContext ctx;
        ByteSink out;
        boolean failed;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        Join j = new Join();
        try {
            configure(parsed, j);
        } catch (BadUsage e) {
            if (e.tryHelp) {
                return ctx.usageError(e.getMessage(), 1);
            }
            ctx.error(e.getMessage());
            return 1;
        }
        List<String> files = parsed.operands();
        if (files.size() < 2) {
            return ctx.usageError(
                    files.isEmpty() ? "missing operand" : "missing operand after " + Quoting.locale(files.get(0)), 1);
        }
        if (files.size() > 2) {
            return ctx.usageError("extra operand " + Quoting.shellAlways(files.get(2)), 1);
        }
        if (files.get(0).equals("-") && files.get(1).equals("-")) {
            // GNU appends a leftover errno to this message.
            ctx.error("both files cannot be standard input: No such file or directory");
            return 1;
        }
        j.names = new String[] {files.get(0), files.get(1)};
        j.ctx = ctx;
        InputStream in1;
        InputStream in2;
        try {
            in1 = Inputs.open(ctx, files.get(0));
        } catch (FsException e) {
            return openError(ctx, files.get(0), e);
        }
        try {
            in2 = Inputs.open(ctx, files.get(1));
        } catch (FsException e) {
            in1.close();
            return openError(ctx, files.get(1), e);
        }
        j.out = new ByteSink(ctx.stdout());
        try (in1;
                in2) {
            LineReader r1 = new LineReader(j.out.flushingBeforeBlocking(in1), j.eol);
            LineReader r2 = new LineReader(j.out.flushingBeforeBlocking(in2), j.eol);
            join(j, r1, r2);
            if (j.failed) {
                return 1;
            }
            if (j.warned[0] || j.warned[1]) {
                j.out.flush();
                ctx.error("input is not in sorted order");
                return 1;
            }
        } finally {
            j.out.flush();
        }
        return 0;
    }

    private static int openError(CommandContext ctx, String file, FsException e) throws IOException {
        if (e.errno() == dev.shellbox.shell.fs.Errno.EISDIR) {
            ctx.error("read error: " + e.errno().message());
        } else {
            ctx.error(Quoting.shell(file) + ": " + e.errno().message());
        }
        return 1;
    }

    private static void configure(ParsedOptions parsed, Join j) throws BadUsage {
        boolean field1Set = false;
        boolean field2Set = false;
        for (ParsedOptions.Option o : parsed.options()) {
            String v = o.value();
            switch (o.key()) {
                case "a", "v" -> {
                    if (o.key().equals("v")) {
                        j.pairables = false;
                    }
                    String t = v.strip();
                    if (t.equals("1")) {
                        j.unpairable1 = true;
                    } else if (t.equals("2")) {
                        j.unpairable2 = true;
                    } else {
                        throw new BadUsage("invalid field number: " + Quoting.locale(v), false);
                    }
                }
                case "e" -> j.filler = Text.encode(v);
                case "i" -> j.ignoreCase = true;
                case "j" -> {
                    j.field1 = joinField(v);
                    j.field2 = j.field1;
                    field1Set = field2Set = true;
                }
                case "1" -> {
                    j.field1 = joinField(v);
                    field1Set = true;
                }
                case "2" -> {
                    j.field2 = joinField(v);
                    field2Set = true;
                }
                case "o" -> {
                    if (v.equals("auto")) {
                        j.autoFormat = true;
                    } else {
                        if (j.format == null) {
                            j.format = new ArrayList<>();
                        }
                        for (String spec : v.split("[,\\s]+")) {
                            if (!spec.isEmpty()) {
                                j.format.add(fieldSpec(spec));
                            }
                        }
                    }
                }
                case "t" -> {
                    byte[] b = Text.encode(v);
                    int tab;
                    if (b.length == 0) {
                        tab = '\n';
                    } else if (b.length == 1) {
                        tab = b[0] & 0xff;
                    } else if (v.equals("\\0")) {
                        tab = 0;
                    } else {
                        throw new BadUsage("multi-character tab " + Quoting.locale(v), false);
                    }
                    if (j.tab >= 0 && j.tab != tab) {
                        throw new BadUsage("incompatible tabs", false);
                    }
                    j.tab = tab;
                }
                case "z" -> j.eol = 0;
                case CHECK -> j.check = 1;
                case NO_CHECK -> j.check = -1;
                default -> j.header = true;
            }
        }
    }

    private static int joinField(String v) throws BadUsage {
        String t = v.strip();
        if (t.startsWith("+")) {
            t = t.substring(1);
        }
        if (t.isEmpty() || !t.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new BadUsage("invalid field number: " + Quoting.locale(v), false);
        }
        long value;
        try {
            value = Long.parseLong(t);
        } catch (NumberFormatException e) {
            value = Integer.MAX_VALUE;
        }
        if (value == 0) {
            throw new BadUsage("invalid field number: " + Quoting.locale(v), false);
        }
        return (int) Math.min(Integer.MAX_VALUE - 1, value - 1);
    }

    private static Spec fieldSpec(String s) throws BadUsage {
        char c = s.charAt(0);
        if (c == '0') {
            if (s.length() > 1) {
                throw new BadUsage("invalid field specifier: " + Quoting.locale(s), false);
            }
            return new Spec(0, 0);
        }
        if (c == '1' || c == '2') {
            if (s.length() < 2 || s.charAt(1) != '.') {
                throw new BadUsage("invalid field specifier: " + Quoting.locale(s), false);
            }
            return new Spec(c - '0', joinField(s.substring(2)));
        }
        throw new BadUsage("invalid file number in field spec: " + Quoting.locale(s), false);
    }

    /** Splits a line into fields the way GNU's xfields does. */
    private static Line split(byte[] b, int tab) {
        int lim = b.length;
        List<int[]> fields = new ArrayList<>();
        if (lim > 0) {
            int ptr = 0;
            if (tab >= 0 && tab != '\n') {
                for (int i = 0; i < lim; i++) {
                    if ((b[i] & 0xff) == tab) {
                        fields.add(new int[] {ptr, i});
                        ptr = i + 1;
                    }
                }
                fields.add(new int[] {ptr, lim});
            } else if (tab < 0) {
                while (ptr < lim && isBlank(b[ptr])) {
                    ptr++;
                }
                if (ptr < lim) {
                    while (true) {
                        int sep = ptr + 1;
                        while (sep != lim && !isBlank(b[sep])) {
                            sep++;
                        }
                        fields.add(new int[] {ptr, sep});
                        if (sep == lim) {
                            break;
                        }
                        ptr = sep + 1;
                        while (ptr != lim && isBlank(b[ptr])) {
                            ptr++;
                        }
                        if (ptr == lim) {
                            fields.add(new int[] {lim, lim}); // trailing blanks leave an empty last field
                            break;
                        }
                    }
                }
            } else {
                fields.add(new int[] {0, lim});
            }
        }
        int[] starts = new int[fields.size()];
        int[] ends = new int[fields.size()];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = fields.get(i)[0];
            ends[i] = fields.get(i)[1];
        }
        return new Line(b, starts, ends);
    }

    private static boolean isBlank(byte c) {
        return c == ' ' || c == '\t' || c == '\n';
    }

    private static int compareKeys(Join j, Line a, Line b, int fa, int fb) {
        int aLen = fa < a.fields() ? a.ends[fa] - a.starts[fa] : 0;
        int bLen = fb < b.fields() ? b.ends[fb] - b.starts[fb] : 0;
        if (aLen == 0) {
            return bLen == 0 ? 0 : -1;
        }
        if (bLen == 0) {
            return 1;
        }
        int as = a.starts[fa];
        int bs = b.starts[fb];
        if (j.ignoreCase) {
            int n = Math.min(aLen, bLen);
            for (int i = 0; i < n; i++) {
                int x = upper(a.bytes[as + i] & 0xff);
                int y = upper(b.bytes[bs + i] & 0xff);
                if (x != y) {
                    return x - y;
                }
            }
            return Integer.compare(aLen, bLen);
        }
        return Arrays.compareUnsigned(a.bytes, as, as + aLen, b.bytes, bs, bs + bLen);
    }

    private static int upper(int c) {
        return c >= 'a' && c <= 'z' ? c - 32 : c;
    }

    /** Reads the next line of input {@code which} (0 or 1), checking its order; null at the end. */
    private static Line nextLine(Join j, LineReader reader, int which) throws IOException {
        j.ctx.checkCancelled();
        if (!reader.next()) {
            return null;
        }
        Line line = split(reader.bytes(), j.tab);
        j.lineNumbers[which]++;
        Line previous = j.previous[which];
        if (previous != null && j.check >= 0 && (j.check == 1 || j.seenUnpairable) && !j.warned[which]) {
            int field = which == 0 ? j.field1 : j.field2;
            if (compareKeys(j, previous, line, field, field) > 0) {
                j.out.flush();
                j.ctx.error(
                        j.names[which] + ":" + j.lineNumbers[which] + ": is not sorted: " + Text.decode(line.bytes));
                if (j.check == 1) {
                    j.failed = true;
                    throw new StopJoin();
                }
                j.warned[which] = true;
            }
        }
        j.previous[which] = line;
        return line;
    }

    /** Ends the join at the first disorder under --check-order. */
    private static final class StopJoin extends RuntimeException {
        StopJoin() {
            super(null, null, false, false);
        }
    }

    private static void join(Join j, LineReader r1, LineReader r2) throws IOException {
        try {
            joinLines(j, r1, r2);
        } catch (StopJoin e) {
            // the message is out; status 1
        }
    }

    private static void joinLines(Join j, LineReader r1, LineReader r2) throws IOException {
        List<Line> seq1 = new ArrayList<>();
        List<Line> seq2 = new ArrayList<>();
        Line first1 = nextLine(j, r1, 0);
        Line first2 = nextLine(j, r2, 1);
        if (first1 != null) {
            seq1.add(first1);
        }
        if (first2 != null) {
            seq2.add(first2);
        }
        if (j.autoFormat) {
            j.autoCount1 = first1 != null ? first1.fields() : 0;
            j.autoCount2 = first2 != null ? first2.fields() : 0;
        }
        if (j.header && (first1 != null || first2 != null)) {
            print(j, first1 != null ? first1 : BLANK, first2 != null ? first2 : BLANK);
            j.previous[0] = null;
            j.previous[1] = null;
            advance(j, r1, seq1, 0);
            advance(j, r2, seq2, 1);
        }
        while (!seq1.isEmpty() && !seq2.isEmpty()) {
            int diff = compareKeys(j, seq1.get(0), seq2.get(0), j.field1, j.field2);
            if (diff < 0) {
                if (j.unpairable1) {
                    print(j, seq1.get(0), BLANK);
                }
                advance(j, r1, seq1, 0);
                j.seenUnpairable = true;
                continue;
            }
            if (diff > 0) {
                if (j.unpairable2) {
                    print(j, BLANK, seq2.get(0));
                }
                advance(j, r2, seq2, 1);
                j.seenUnpairable = true;
                continue;
            }
            // Gather the runs of lines with this key in both files, then print their cross product.
            boolean eof1 = false;
            while (true) {
                Line next = nextLine(j, r1, 0);
                if (next == null) {
                    eof1 = true;
                    break;
                }
                seq1.add(next);
                if (compareKeys(j, next, seq2.get(0), j.field1, j.field2) != 0) {
                    break;
                }
            }
            boolean eof2 = false;
            while (true) {
                Line next = nextLine(j, r2, 1);
                if (next == null) {
                    eof2 = true;
                    break;
                }
                seq2.add(next);
                if (compareKeys(j, seq1.get(0), next, j.field1, j.field2) != 0) {
                    break;
                }
            }
            int matched1 = eof1 ? seq1.size() : seq1.size() - 1;
            int matched2 = eof2 ? seq2.size() : seq2.size() - 1;
            if (j.pairables) {
                for (int a = 0; a < matched1; a++) {
                    for (int b = 0; b < matched2; b++) {
                        print(j, seq1.get(a), seq2.get(b));
                    }
                }
            }
            keepOnlyLast(seq1, eof1);
            keepOnlyLast(seq2, eof2);
        }
        if ((j.unpairable1 || j.check >= 0) && !seq1.isEmpty()) {
            if (j.unpairable1) {
                print(j, seq1.get(0), BLANK);
            }
            if (!seq2.isEmpty()) {
                j.seenUnpairable = true;
            }
            Line line;
            while ((line = nextLine(j, r1, 0)) != null) {
                if (j.unpairable1) {
                    print(j, line, BLANK);
                }
                if (j.warned[0] && !j.unpairable1) {
                    break;
                }
            }
        }
        if ((j.unpairable2 || j.check >= 0) && !seq2.isEmpty()) {
            if (j.unpairable2) {
                print(j, BLANK, seq2.get(0));
            }
            if (!seq1.isEmpty()) {
                j.seenUnpairable = true;
            }
            Line line;
            while ((line = nextLine(j, r2, 1)) != null) {
                if (j.unpairable2) {
                    print(j, BLANK, line);
                }
                if (j.warned[1] && !j.unpairable2) {
                    break;
                }
            }
        }
    }

    private static void keepOnlyLast(List<Line> seq, boolean eof) {
        if (eof) {
            seq.clear();
            return;
        }
        Line last = seq.get(seq.size() - 1);
        seq.clear();
        seq.add(last);
    }

    private static void advance(Join j, LineReader reader, List<Line> seq, int which) throws IOException {
        seq.clear();
        Line next = nextLine(j, reader, which);
        if (next != null) {
            seq.add(next);
        }
    }

    private static void print(Join j, Line line1, Line line2) throws IOException {
        ByteSink out = j.out;
        int separator = j.tab < 0 ? ' ' : j.tab;
        if (j.format != null) {
            boolean first = true;
            for (Spec spec : j.format) {
                if (!first) {
                    out.write(separator);
                }
                first = false;
                if (spec.file() == 0) {
                    if (line1 == BLANK) {
                        field(j, line2, j.field2);
                    } else {
                        field(j, line1, j.field1);
                    }
                } else {
                    field(j, spec.file() == 1 ? line1 : line2, spec.field());
                }
            }
        } else {
            if (line1 == BLANK) {
                field(j, line2, j.field2);
            } else {
                field(j, line1, j.field1);
            }
            otherFields(j, line1, j.field1, j.autoCount1, separator);
            otherFields(j, line2, j.field2, j.autoCount2, separator);
        }
        out.write(j.eol);
    }

    private static void otherFields(Join j, Line line, int joinField, int autoCount, int separator) throws IOException {
        int n = j.autoFormat ? autoCount : line.fields();
        for (int i = 0; i < joinField && i < n; i++) {
            j.out.write(separator);
            field(j, line, i);
        }
        for (int i = joinField + 1; i < n; i++) {
            j.out.write(separator);
            field(j, line, i);
        }
    }

    private static void field(Join j, Line line, int n) throws IOException {
        if (n < line.fields() && line.ends[n] > line.starts[n]) {
            j.out.write(line.bytes, line.starts[n], line.ends[n] - line.starts[n]);
        } else if (j.filler != null) {
            j.out.write(j.filler);
        }
    }
}
