package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.LineReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/** uniq: report or omit repeated adjacent lines (GNU coreutils). */
public final class UniqCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("cdDf:is:uw:z")
            .longOption("count", 'c')
            .longOption("repeated", 'd')
            .longOption("all-repeated", OptionParser.Arg.OPTIONAL)
            .longOption("skip-fields", 'f')
            .longOption("group", OptionParser.Arg.OPTIONAL)
            .longOption("ignore-case", 'i')
            .longOption("skip-chars", 's')
            .longOption("unique", 'u')
            .longOption("zero-terminated", 'z')
            .longOption("check-chars", 'w')
            .numericOption('f');

    @Override
    public String name() {
        return "uniq";
    }

    @Override
    public String help() {
        return """
                Usage: uniq [OPTION]... [INPUT [OUTPUT]]
                Filter adjacent matching lines from INPUT (or standard input),
                writing to OUTPUT (or standard output).

                With no options, matching lines are merged to the first occurrence.

                Mandatory arguments to long options are mandatory for short options too.
                  -c, --count           prefix lines by the number of occurrences
                  -d, --repeated        only print duplicate lines, one for each group
                  -D                    print all duplicate lines
                      --all-repeated[=METHOD]  like -D, but allow separating groups
                                                 with an empty line;
                                                 METHOD={none(default),prepend,separate}
                  -f, --skip-fields=N   avoid comparing the first N fields
                      --group[=METHOD]  show all items, separating groups with an empty line;
                                          METHOD={separate(default),prepend,append,both}
                  -i, --ignore-case     ignore differences in case when comparing
                  -s, --skip-chars=N    avoid comparing the first N characters
                  -u, --unique          only print unique lines
                  -z, --zero-terminated     line delimiter is NUL, not newline
                  -w, --check-chars=N   compare no more than N characters in lines
                      --help        display this help and exit
                      --version     output version information and exit

                A field is a run of blanks (usually spaces and/or TABs), then non-blank
                characters.  Fields are skipped before chars.
                """;
    }

    private enum Delimit {
        NONE,
        PREPEND,
        SEPARATE
    }

    private enum Grouping {
        NONE,
        SEPARATE,
        PREPEND,
        APPEND,
        BOTH
    }

    /** What the options ask for. */
    private static final class Settings {
        boolean count;
        boolean outputUnique = true;
        boolean outputFirstRepeated = true;
        boolean outputLaterRepeated;
        Delimit delimit = Delimit.NONE;
        Grouping grouping = Grouping.NONE;
        long skipFields;
        long skipChars;
        long checkChars = Long.MAX_VALUE;
        boolean ignoreCase;
        byte delimiter = '\n';
    }

    /** A usage problem with its message and whether "Try --help" follows. */
    private static final class UsageProblem extends Exception {
        final boolean tryHelp;

        UsageProblem(String message, boolean tryHelp) {
            super(message, null, false, false);
            this.tryHelp = tryHelp;
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
        Settings s = new Settings();
        List<String> files = new ArrayList<>();
        try {
            configure(parsed, s, files);
        } catch (UsageProblem e) {
            if (e.tryHelp) {
                return ctx.usageError(e.getMessage(), 1);
            }
            ctx.error(e.getMessage());
            return 1;
        }
        String input = files.isEmpty() ? "-" : files.get(0);
        String output = files.size() < 2 ? "-" : files.get(1);
        InputStream in;
        try {
            in = Inputs.open(ctx, input);
        } catch (FsException e) {
            if (e.errno() == Errno.EISDIR) {
                ctx.error("error reading " + Quoting.shellAlways(input));
            } else {
                ctx.error(Quoting.shell(input) + ": " + e.errno().message());
            }
            return 1;
        }
        OutputStream target;
        if (output.equals("-")) {
            target = ctx.stdout();
        } else {
            try {
                target = ctx.openOutput(output, WriteMode.TRUNCATE);
            } catch (FsException e) {
                in.close();
                ctx.error(Quoting.shell(output) + ": " + e.errno().message());
                return 1;
            }
        }
        try (InputStream input0 = in;
                ByteSink out = new ByteSink(target)) {
            LineReader lines = new LineReader(out.flushingBeforeBlocking(input0), s.delimiter);
            if (s.outputUnique && s.outputFirstRepeated && !s.count) {
                firstOfEachGroup(ctx, lines, out, s);
            } else {
                filterGroups(ctx, lines, out, s);
            }
        } finally {
            if (!output.equals("-")) {
                target.close();
            }
        }
        return 0;
    }

    private static void configure(ParsedOptions parsed, Settings s, List<String> files) throws UsageProblem {
        boolean anyFilter = false;
        for (ParsedOptions.Option o : parsed.options()) {
            String v = o.value();
            switch (o.key()) {
                case "c" -> {
                    s.count = true;
                    anyFilter = true;
                }
                case "d" -> {
                    s.outputUnique = false;
                    anyFilter = true;
                }
                case "D" -> {
                    s.outputUnique = false;
                    s.outputLaterRepeated = true;
                    anyFilter = true;
                }
                case "all-repeated" -> {
                    s.outputUnique = false;
                    s.outputLaterRepeated = true;
                    anyFilter = true;
                    s.delimit = v == null ? Delimit.NONE : allRepeatedMethod(v);
                }
                case "group" -> s.grouping = v == null ? Grouping.SEPARATE : groupMethod(v);
                case "u" -> {
                    s.outputFirstRepeated = false;
                    anyFilter = true;
                }
                case "f" -> s.skipFields = count(v, "invalid number of fields to skip");
                case "s" -> s.skipChars = count(v, "invalid number of bytes to skip");
                case "w" -> s.checkChars = count(v, "invalid number of bytes to compare");
                case "i" -> s.ignoreCase = true;
                default -> s.delimiter = 0;
            }
        }
        for (String operand : parsed.operands()) {
            if (operand.length() > 1 && operand.charAt(0) == '+' && isDigits(operand.substring(1))) {
                s.skipChars = saturated(operand.substring(1)); // obsolete +N: skip N characters
            } else if (files.size() == 2) {
                throw new UsageProblem("extra operand " + Quoting.locale(operand), true);
            } else {
                files.add(operand);
            }
        }
        if (s.grouping != Grouping.NONE && anyFilter) {
            throw new UsageProblem("--group is mutually exclusive with -c/-d/-D/-u", true);
        }
        if (s.count && s.outputLaterRepeated) {
            throw new UsageProblem("printing all duplicated lines and repeat counts is meaningless", true);
        }
    }

    private static Delimit allRepeatedMethod(String v) throws UsageProblem {
        String[] names = {"none", "prepend", "separate"};
        return Delimit.values()[choose(v, names, "--all-repeated")];
    }

    private static Grouping groupMethod(String v) throws UsageProblem {
        String[] names = {"prepend", "append", "separate", "both"};
        Grouping[] values = {Grouping.PREPEND, Grouping.APPEND, Grouping.SEPARATE, Grouping.BOTH};
        return values[choose(v, names, "--group")];
    }

    /** argmatch: an exact name or an unambiguous prefix. */
    private static int choose(String v, String[] names, String option) throws UsageProblem {
        int found = -1;
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(v)) {
                return i;
            }
            if (!v.isEmpty() && names[i].startsWith(v)) {
                found = found == -1 ? i : -2;
            }
        }
        if (found >= 0) {
            return found;
        }
        StringBuilder sb = new StringBuilder((found == -2 ? "ambiguous" : "invalid") + " argument " + Quoting.locale(v)
                + " for " + Quoting.locale(option) + "\nValid arguments are:");
        for (String name : names) {
            sb.append("\n  - ").append(Quoting.locale(name));
        }
        throw new UsageProblem(sb.toString(), true);
    }

    private static long count(String v, String problem) throws UsageProblem {
        String t = v.strip();
        if (t.startsWith("+")) {
            t = t.substring(1);
        }
        if (!isDigits(t)) {
            throw new UsageProblem(v + ": " + problem, false);
        }
        return saturated(t);
    }

    private static boolean isDigits(String s) {
        return !s.isEmpty() && s.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    private static long saturated(String digits) {
        long v = 0;
        for (int i = 0; i < digits.length(); i++) {
            int d = digits.charAt(i) - '0';
            if (v > (Long.MAX_VALUE - d) / 10) {
                return Long.MAX_VALUE;
            }
            v = v * 10 + d;
        }
        return v;
    }

    /** The plain mode and --group: the first line of each group, or every line with group separators. */
    private static void firstOfEachGroup(CommandContext ctx, LineReader lines, ByteSink out, Settings s)
            throws IOException {
        Line previous = null;
        boolean firstGroupPrinted = false;
        Grouping g = s.grouping;
        while (lines.next()) {
            ctx.checkCancelled();
            Line current = new Line(lines.buffer(), lines.length(), s);
            boolean newGroup = previous == null || !previous.sameAs(current, s);
            if (newGroup
                    && g != Grouping.NONE
                    && (g == Grouping.PREPEND
                            || g == Grouping.BOTH
                            || (firstGroupPrinted && (g == Grouping.APPEND || g == Grouping.SEPARATE)))) {
                out.write(s.delimiter);
            }
            if (newGroup || g != Grouping.NONE) {
                current.write(out, s.delimiter);
                previous = current.detach();
                firstGroupPrinted = true;
            }
        }
        if ((g == Grouping.BOTH || g == Grouping.APPEND) && firstGroupPrinted) {
            out.write(s.delimiter);
        }
    }

    /** -c, -d, -D, -u and --all-repeated. */
    private static void filterGroups(CommandContext ctx, LineReader lines, ByteSink out, Settings s)
            throws IOException {
        Line previous = null;
        long matches = 0;
        boolean firstDelimiter = true;
        while (lines.next()) {
            ctx.checkCancelled();
            Line current = new Line(lines.buffer(), lines.length(), s);
            if (previous == null) {
                previous = current.detach();
                continue;
            }
            boolean match = previous.sameAs(current, s);
            if (match) {
                matches++;
            }
            if (s.delimit != Delimit.NONE) {
                if (!match) {
                    if (matches > 0) {
                        firstDelimiter = false;
                    }
                } else if (matches == 1
                        && (s.delimit == Delimit.PREPEND || (s.delimit == Delimit.SEPARATE && !firstDelimiter))) {
                    out.write(s.delimiter);
                }
            }
            if (!match || s.outputLaterRepeated) {
                writeLine(out, previous, match, matches, s);
                previous = current.detach();
                if (!match) {
                    matches = 0;
                }
            }
        }
        if (previous != null) {
            writeLine(out, previous, false, matches, s);
        }
    }

    private static void writeLine(ByteSink out, Line line, boolean match, long matches, Settings s) throws IOException {
        boolean wanted = matches == 0 ? s.outputUnique : !match ? s.outputFirstRepeated : s.outputLaterRepeated;
        if (!wanted) {
            return;
        }
        if (s.count) {
            out.writePadded(matches + 1, 7, ' ');
            out.write(' ');
        }
        line.write(out, s.delimiter);
    }

    /** A line and the part of it that is compared. */
    private static final class Line {
        private byte[] bytes;
        private final int length;
        private final int compareFrom;

        Line(byte[] bytes, int length, Settings s) {
            this.bytes = bytes;
            this.length = length;
            this.compareFrom = compareStart(bytes, length, s);
        }

        /** A copy that survives the reader's next line. */
        Line detach() {
            bytes = java.util.Arrays.copyOf(bytes, length);
            return this;
        }

        void write(ByteSink out, byte delimiter) throws IOException {
            out.write(bytes, 0, length);
            out.write(delimiter);
        }

        boolean sameAs(Line other, Settings s) {
            long a = Math.min(length - compareFrom, s.checkChars);
            long b = Math.min(other.length - other.compareFrom, s.checkChars);
            if (a != b) {
                return false;
            }
            for (int i = 0; i < a; i++) {
                int x = bytes[compareFrom + i];
                int y = other.bytes[other.compareFrom + i];
                if (x != y && !(s.ignoreCase && upper(x) == upper(y))) {
                    return false;
                }
            }
            return true;
        }

        private static int upper(int c) {
            return c >= 'a' && c <= 'z' ? c - 32 : c;
        }

        private static int compareStart(byte[] b, int size, Settings s) {
            int i = 0;
            for (long field = 0; field < s.skipFields && i < size; field++) {
                while (i < size && isBlank(b[i])) {
                    i++;
                }
                while (i < size && !isBlank(b[i])) {
                    i++;
                }
            }
            return (int) Math.min(size, i + Math.min(s.skipChars, size));
        }

        private static boolean isBlank(byte c) {
            return c == ' ' || c == '\t' || c == '\n';
        }
    }
}
