package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.gnu.regex.GnuRegex;
import dev.shellbox.shell.io.LineReader;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/** nl: number lines of files, with logical page sections (GNU coreutils). */
public final class NlCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("b:d:f:h:i:l:n:ps:v:w:")
            .longOption("body-numbering", 'b')
            .longOption("section-delimiter", 'd')
            .longOption("footer-numbering", 'f')
            .longOption("header-numbering", 'h')
            .longOption("line-increment", 'i')
            .longOption("join-blank-lines", 'l')
            .longOption("number-format", 'n')
            .longOption("no-renumber", 'p')
            .longOption("number-separator", 's')
            .longOption("starting-line-number", 'v')
            .longOption("number-width", 'w');

    @Override
    public String name() {
        return "nl";
    }

    @Override
    public String help() {
        return """
                Usage: nl [OPTION]... [FILE]...
                Write each FILE to standard output, with line numbers added.

                With no FILE, or when FILE is -, read standard input.

                Mandatory arguments to long options are mandatory for short options too.
                  -b, --body-numbering=STYLE      use STYLE for numbering body lines
                  -d, --section-delimiter=CC      use CC for logical page delimiters
                  -f, --footer-numbering=STYLE    use STYLE for numbering footer lines
                  -h, --header-numbering=STYLE    use STYLE for numbering header lines
                  -i, --line-increment=NUMBER     line number increment at each line
                  -l, --join-blank-lines=NUMBER   group of NUMBER empty lines counted as one
                  -n, --number-format=FORMAT      insert line numbers according to FORMAT
                  -p, --no-renumber               do not reset line numbers for each section
                  -s, --number-separator=STRING   add STRING after (possible) line number
                  -v, --starting-line-number=NUMBER  first line number for each section
                  -w, --number-width=NUMBER       use NUMBER columns for line numbers
                      --help        display this help and exit
                      --version     output version information and exit

                Default options are: -bt -d'\\:' -fn -hn -i1 -l1 -n'rn' -s<TAB> -v1 -w6

                CC are two delimiter characters used to construct logical page delimiters;
                a missing second character implies ':'.  As a GNU extension one can specify
                more than two characters, and also specifying the empty string (-d '')
                disables section matching.

                STYLE is one of:

                  a      number all lines
                  t      number only nonempty lines
                  n      number no lines
                  pBRE   number only lines that contain a match for the basic regular
                         expression, BRE

                FORMAT is one of:

                  ln     left justified, no leading zeros
                  rn     right justified, no leading zeros
                  rz     right justified, leading zeros
                """;
    }

    /** How one kind of section numbers its lines. */
    private record Style(char kind, Pattern regex) {}

    /** A refused option value; {@code tryHelp} as GNU adds "Try 'nl --help'". */
    private static final class BadOption extends Exception {
        final boolean tryHelp;

        BadOption(String message, boolean tryHelp) {
            super(message, null, false, false);
            this.tryHelp = tryHelp;
        }
    }

    /** The options and the running state: the line number carries across files. */
    private static final class State {
        Style header = new Style('n', null);
        Style body = new Style('t', null);
        Style footer = new Style('n', null);
        Style current;
        byte[] delimiter = {'\\', ':'};
        long increment = 1;
        long blankJoin = 1;
        String format = "rn";
        boolean renumber = true;
        byte[] separator = {'\t'};
        long start = 1;
        int width = 6;
        long number;
        long blankLines;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        State s = new State();
        try {
            configure(parsed, s);
        } catch (BadOption e) {
            if (e.tryHelp) {
                return ctx.usageError(e.getMessage(), 1);
            }
            ctx.error(e.getMessage());
            return 1;
        }
        s.current = s.body;
        s.number = s.start;
        List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        ByteSink out = new ByteSink(ctx.stdout());
        int status = 0;
        try {
            for (String file : files) {
                ctx.checkCancelled();
                try (InputStream in = Inputs.open(ctx, file)) {
                    LineReader lines = new LineReader(out.flushingBeforeBlocking(in));
                    while (lines.next()) {
                        ctx.checkCancelled();
                        processLine(lines.buffer(), lines.length(), s, out);
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

    private static void configure(ParsedOptions parsed, State s) throws BadOption {
        for (ParsedOptions.Option o : parsed.options()) {
            String v = o.value();
            switch (o.key()) {
                case "b" -> s.body = style(v, "body");
                case "h" -> s.header = style(v, "header");
                case "f" -> s.footer = style(v, "footer");
                case "d" -> {
                    byte[] d = Text.encode(v);
                    s.delimiter = d.length == 1 ? new byte[] {d[0], ':'} : d;
                }
                case "i" -> s.increment = number(v, "invalid line number increment", Long.MIN_VALUE);
                case "l" -> s.blankJoin = number(v, "invalid line number of blank lines", 1);
                case "n" -> {
                    if (!v.equals("ln") && !v.equals("rn") && !v.equals("rz")) {
                        throw new BadOption("invalid line numbering format: " + Quoting.locale(v), true);
                    }
                    s.format = v;
                }
                case "p" -> s.renumber = false;
                case "s" -> s.separator = Text.encode(v);
                case "v" -> s.start = number(v, "invalid starting line number", Long.MIN_VALUE);
                default -> s.width = (int) Math.min(Integer.MAX_VALUE, number(v, "invalid line number field width", 1));
            }
        }
    }

    private static Style style(String v, String which) throws BadOption {
        if (v.equals("a") || v.equals("t") || v.equals("n")) {
            return new Style(v.charAt(0), null);
        }
        if (v.startsWith("p")) {
            try {
                return new Style('p', GnuRegex.compile(v.substring(1), GnuRegex.Syntax.BASIC));
            } catch (GnuRegex.RegexException e) {
                throw new BadOption(e.getMessage(), false);
            }
        }
        throw new BadOption("invalid " + which + " numbering style: " + Quoting.locale(v), true);
    }

    private static long number(String v, String problem, long minimum) throws BadOption {
        String t = v.strip();
        boolean negative = t.startsWith("-");
        String digits = t.startsWith("-") || t.startsWith("+") ? t.substring(1) : t;
        if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new BadOption(problem + ": " + Quoting.locale(v), false);
        }
        long value;
        try {
            value = Long.parseLong(negative ? "-" + digits : digits);
        } catch (NumberFormatException e) {
            throw new BadOption(problem + ": " + Quoting.locale(v) + ": Numerical result out of range", false);
        }
        if (value < minimum) {
            throw new BadOption(problem + ": " + Quoting.locale(v) + ": Numerical result out of range", false);
        }
        return value;
    }

    private static void processLine(byte[] line, int length, State s, ByteSink out) throws IOException {
        int section = sectionDelimiter(line, length, s.delimiter);
        if (section > 0) {
            s.current = section == 3 ? s.header : section == 2 ? s.body : s.footer;
            if (s.renumber) {
                s.number = s.start;
            }
            out.write('\n');
            return;
        }
        boolean numbered = switch (s.current.kind()) {
            case 'a' -> {
                if (s.blankJoin > 1) {
                    if (length > 0 || ++s.blankLines == s.blankJoin) {
                        s.blankLines = 0;
                        yield true;
                    }
                    yield false;
                }
                yield true;
            }
            case 't' -> length > 0;
            case 'p' -> s.current.regex().matcher(Text.decode(line, 0, length)).find();
            default -> false;
        };
        if (numbered) {
            writeNumber(out, s);
            out.write(s.separator, 0, s.separator.length);
            s.number += s.increment;
        } else {
            for (int i = 0; i < s.width + s.separator.length; i++) {
                out.write(' ');
            }
        }
        out.write(line, 0, length);
        out.write('\n');
    }

    private static void writeNumber(ByteSink out, State s) throws IOException {
        switch (s.format) {
            case "ln" -> {
                String digits = Long.toString(s.number);
                out.writeAscii(digits);
                for (int i = digits.length(); i < s.width; i++) {
                    out.write(' ');
                }
            }
            case "rz" -> out.writePadded(s.number, s.width, '0');
            default -> out.writePadded(s.number, s.width, ' ');
        }
    }

    /** 3 for a header delimiter line, 2 for body, 1 for footer, 0 for text. */
    private static int sectionDelimiter(byte[] line, int length, byte[] delimiter) {
        int d = delimiter.length;
        if (d == 0 || length == 0 || length % d != 0 || length / d > 3) {
            return 0;
        }
        for (int i = 0; i < length; i += d) {
            if (!Arrays.equals(line, i, i + d, delimiter, 0, d)) {
                return 0;
            }
        }
        return length / d;
    }
}
