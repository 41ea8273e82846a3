package dev.shellbox.shell.commands.utils.diff;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.gnu.regex.BasicRegex;
import dev.shellbox.shell.io.LineReader;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** diff: compare files line by line (GNU diffutils formats, options and exit statuses). */
public final class DiffCommand implements Command {
    /** Short options and whether they take an argument, for rebuilding the switches of "diff -r" headers. */
    private static final String SHORT_SPEC = "abBcC:deEF:hHiI:L:NpqrsS:tTuU:wW:x:X:yZ";

    private static final Set<String> LONG_WITH_ARGUMENT = Set.of(
            "width",
            "show-function-line",
            "label",
            "tabsize",
            "ignore-matching-lines",
            "exclude",
            "exclude-from",
            "starting-file",
            "from-file",
            "to-file",
            "horizon-lines");

    private static final OptionParser OPTIONS = OptionParser.of(SHORT_SPEC)
            .longOption("text", 'a')
            .longOption("ignore-space-change", 'b')
            .longOption("ignore-blank-lines", 'B')
            .longOption("minimal", 'd')
            .longOption("ed", 'e')
            .longOption("ignore-tab-expansion", 'E')
            .longOption("show-function-line", 'F')
            .longOption("speed-large-files", 'H')
            .longOption("ignore-case", 'i')
            .longOption("ignore-matching-lines", 'I')
            .longOption("label", 'L')
            .longOption("new-file", 'N')
            .longOption("show-c-function", 'p')
            .longOption("brief", 'q')
            .longOption("recursive", 'r')
            .longOption("report-identical-files", 's')
            .longOption("starting-file", 'S')
            .longOption("expand-tabs", 't')
            .longOption("initial-tab", 'T')
            .longOption("ignore-all-space", 'w')
            .longOption("width", 'W')
            .longOption("exclude", 'x')
            .longOption("exclude-from", 'X')
            .longOption("side-by-side", 'y')
            .longOption("ignore-trailing-space", 'Z')
            .longOption("context", OptionParser.Arg.OPTIONAL)
            .longOption("unified", OptionParser.Arg.OPTIONAL)
            .longOption("normal", OptionParser.Arg.NONE)
            .longOption("left-column", OptionParser.Arg.NONE)
            .longOption("suppress-common-lines", OptionParser.Arg.NONE)
            .longOption("tabsize", OptionParser.Arg.REQUIRED)
            .longOption("unidirectional-new-file", OptionParser.Arg.NONE)
            .longOption("strip-trailing-cr", OptionParser.Arg.NONE)
            .longOption("no-dereference", OptionParser.Arg.NONE)
            .longOption("from-file", OptionParser.Arg.REQUIRED)
            .longOption("to-file", OptionParser.Arg.REQUIRED)
            .longOption("horizon-lines", OptionParser.Arg.REQUIRED)
            .longOption("binary", OptionParser.Arg.NONE)
            .longOption("color", OptionParser.Arg.OPTIONAL)
            .numericOption('#');

    @Override
    public String name() {
        return "diff";
    }

    @Override
    public String help() {
        return """
                Usage: diff [OPTION]... FILES
                Compare FILES line by line.

                Mandatory arguments to long options are mandatory for short options too.
                      --normal                  output a normal diff (the default)
                  -q, --brief                   report only when files differ
                  -s, --report-identical-files  report when two files are the same
                  -c, -C NUM, --context[=NUM]   output NUM (default 3) lines of copied context
                  -u, -U NUM, --unified[=NUM]   output NUM (default 3) lines of unified context
                  -e, --ed                      output an ed script
                  -y, --side-by-side            output in two columns
                  -W, --width=NUM               output at most NUM (default 130) print columns
                      --left-column             output only the left column of common lines
                      --suppress-common-lines   do not output common lines

                  -p, --show-c-function         show which C function each change is in
                  -F, --show-function-line=RE   show the most recent line matching RE
                      --label LABEL             use LABEL instead of file name and timestamp
                                                  (can be repeated)

                  -t, --expand-tabs             expand tabs to spaces in output
                  -T, --initial-tab             make tabs line up by prepending a tab
                      --tabsize=NUM             tab stops every NUM (default 8) print columns

                  -r, --recursive                 recursively compare any subdirectories found
                      --no-dereference            don't follow symbolic links
                  -N, --new-file                  treat absent files as empty
                      --unidirectional-new-file   treat absent first files as empty
                  -S, --starting-file=FILE        start with FILE when comparing directories
                  -x, --exclude=PAT               exclude files that match PAT
                  -X, --exclude-from=FILE         exclude files that match any pattern in FILE

                  -i, --ignore-case               ignore case differences in file contents
                  -E, --ignore-tab-expansion      ignore changes due to tab expansion
                  -Z, --ignore-trailing-space     ignore white space at line end
                  -b, --ignore-space-change       ignore changes in the amount of white space
                  -w, --ignore-all-space          ignore all white space
                  -B, --ignore-blank-lines        ignore changes where lines are all blank
                  -I, --ignore-matching-lines=RE  ignore changes where all lines match RE

                  -a, --text                      treat all files as text
                      --strip-trailing-cr         strip trailing carriage return on input

                      --from-file=FILE1           compare FILE1 to all operands
                      --to-file=FILE2             compare all operands to FILE2

                  -d, --minimal            try hard to find a smaller set of changes
                      --horizon-lines=NUM  keep NUM lines of the common prefix and suffix
                  -H, --speed-large-files  assume large files and many scattered small changes
                      --color[=WHEN]       accepted; output is never colored

                FILES are 'FILE1 FILE2' or 'DIR1 DIR2' or 'DIR FILE' or 'FILE DIR'.
                If a FILE is '-', read standard input.
                Exit status is 0 if inputs are the same, 1 if different, 2 if trouble.
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
        DiffOptions o = new DiffOptions();
        List<String> labels = new ArrayList<>();
        List<String> ignoreRegexes = new ArrayList<>();
        for (ParsedOptions.Option opt : parsed.options()) {
            String v = opt.value();
            String problem = null;
            switch (opt.key()) {
                case "a" -> o.text = true;
                case "b" -> o.whiteSpace = max(o.whiteSpace, DiffOptions.WhiteSpace.SPACE_CHANGE);
                case "B" -> o.ignoreBlankLines = true;
                case "c" -> problem = style(o, DiffOptions.Style.CONTEXT);
                case "C" -> problem = firstNonNull(style(o, DiffOptions.Style.CONTEXT), context(o, v));
                case "context" ->
                    problem = firstNonNull(style(o, DiffOptions.Style.CONTEXT), v == null ? null : context(o, v));
                case "u" -> problem = style(o, DiffOptions.Style.UNIFIED);
                case "U" -> problem = firstNonNull(style(o, DiffOptions.Style.UNIFIED), context(o, v));
                case "unified" ->
                    problem = firstNonNull(style(o, DiffOptions.Style.UNIFIED), v == null ? null : context(o, v));
                case "#" -> problem = context(o, v);
                case "d" -> o.minimal = true;
                case "e" -> problem = style(o, DiffOptions.Style.ED);
                case "y" -> problem = style(o, DiffOptions.Style.SIDE_BY_SIDE);
                case "normal" -> problem = style(o, DiffOptions.Style.NORMAL);
                case "E" ->
                    o.whiteSpace = o.whiteSpace == DiffOptions.WhiteSpace.TRAILING
                            ? DiffOptions.WhiteSpace.TAB_EXPANSION_AND_TRAILING
                            : max(o.whiteSpace, DiffOptions.WhiteSpace.TAB_EXPANSION);
                case "Z" ->
                    o.whiteSpace = o.whiteSpace == DiffOptions.WhiteSpace.TAB_EXPANSION
                            ? DiffOptions.WhiteSpace.TAB_EXPANSION_AND_TRAILING
                            : max(o.whiteSpace, DiffOptions.WhiteSpace.TRAILING);
                case "w" -> o.whiteSpace = DiffOptions.WhiteSpace.ALL;
                case "F" -> problem = functionPattern(o, v);
                case "p" -> problem = functionPattern(o, "^[[:alpha:]$_]");
                case "H" -> o.speedLargeFiles = true;
                case "i" -> o.ignoreCase = true;
                case "I" -> ignoreRegexes.add(v);
                case "L" -> labels.add(v);
                case "N" -> o.newFile = true;
                case "q" -> o.brief = true;
                case "r" -> o.recursive = true;
                case "s" -> o.reportIdentical = true;
                case "S" -> o.startingFile = v;
                case "t" -> o.expandTabs = true;
                case "T" -> o.initialTab = true;
                case "W" -> {
                    Integer w = positive(v);
                    if (w == null) {
                        problem = "invalid width '" + v + "'";
                    } else {
                        o.width = w;
                    }
                }
                case "tabsize" -> {
                    Integer t = positive(v);
                    if (t == null) {
                        problem = "invalid tabsize '" + v + "'";
                    } else {
                        o.tabSize = t;
                    }
                }
                case "horizon-lines" -> {
                    Integer h = v.matches("[0-9]+") && v.length() < 10 ? Integer.valueOf(v) : null;
                    if (h == null) {
                        problem = "invalid horizon length '" + v + "'";
                    } else {
                        o.horizonLines = h;
                    }
                }
                case "x" -> o.excludes.add(v);
                case "X" -> {
                    int status = readExcludes(ctx, o, v);
                    if (status != 0) {
                        return status;
                    }
                }
                case "left-column" -> o.leftColumn = true;
                case "suppress-common-lines" -> o.suppressCommonLines = true;
                case "unidirectional-new-file" -> o.unidirectionalNewFile = true;
                case "strip-trailing-cr" -> o.stripTrailingCr = true;
                case "no-dereference" -> o.noDereference = true;
                case "from-file" -> o.fromFile = v;
                case "to-file" -> o.toFile = v;
                case "color" -> {
                    if (v != null && !Set.of("never", "auto", "always").contains(v)) {
                        problem = "invalid color '" + v + "'";
                    }
                }
                default -> {} // -h and --binary do nothing, as in GNU diff
            }
            if (problem != null) {
                return usage(ctx, problem);
            }
        }
        if (o.style == null) {
            o.style = DiffOptions.Style.NORMAL;
        }
        if (labels.size() > 2) {
            return usage(ctx, "too many file label options");
        }
        o.label0 = labels.size() > 0 ? labels.get(0) : null;
        o.label1 = labels.size() > 1 ? labels.get(1) : null;
        if (o.fromFile != null && o.toFile != null) {
            return usage(ctx, "--from-file and --to-file both specified");
        }
        for (String regex : ignoreRegexes) {
            try {
                o.ignorePatterns.add(BasicRegex.compileForSearch(regex));
            } catch (BasicRegex.RegexException e) {
                ctx.error(regex + ": " + e.getMessage());
                return 2;
            }
        }
        o.switches = switches(args, parsed.operands());

        List<String> operands = parsed.operands();
        List<String[]> pairs = new ArrayList<>();
        if (o.fromFile != null || o.toFile != null) {
            for (String operand : operands) {
                pairs.add(o.fromFile != null ? new String[] {o.fromFile, operand} : new String[] {operand, o.toFile});
            }
        } else if (operands.size() < 2) {
            return usage(ctx, "missing operand after '" + (operands.isEmpty() ? "diff" : operands.get(0)) + "'");
        } else if (operands.size() > 2) {
            return usage(ctx, "extra operand '" + operands.get(2) + "'");
        } else {
            pairs.add(new String[] {operands.get(0), operands.get(1)});
        }
        OutputStream out = new BufferedOutputStream(ctx.stdout(), 65536);
        try {
            DiffRun run = new DiffRun(ctx, o, out);
            int status = 0;
            for (String[] pair : pairs) {
                status = Math.max(status, run.compareOperands(pair[0], pair[1]));
            }
            return status;
        } finally {
            out.flush();
        }
    }

    private static int usage(CommandContext ctx, String message) throws IOException {
        ctx.error(message);
        ctx.error("Try 'diff --help' for more information.");
        return 2;
    }

    private static String style(DiffOptions o, DiffOptions.Style style) {
        if (o.style != null && o.style != style) {
            return "conflicting output style options";
        }
        o.style = style;
        return null;
    }

    private static String context(DiffOptions o, String value) {
        if (value == null || !value.matches("[0-9]+") || value.length() > 9) {
            return "invalid context length '" + value + "'";
        }
        o.context = Integer.parseInt(value);
        return null;
    }

    private static String functionPattern(DiffOptions o, String regex) {
        try {
            o.functionPattern = BasicRegex.compileForSearch(regex);
            return null;
        } catch (BasicRegex.RegexException e) {
            return regex + ": " + e.getMessage();
        }
    }

    private static Integer positive(String v) {
        return v.matches("[0-9]+") && v.length() < 10 && Integer.parseInt(v) > 0 ? Integer.valueOf(v) : null;
    }

    private static String firstNonNull(String a, String b) {
        return a != null ? a : b;
    }

    private static DiffOptions.WhiteSpace max(DiffOptions.WhiteSpace a, DiffOptions.WhiteSpace b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static int readExcludes(CommandContext ctx, DiffOptions o, String file) throws IOException {
        try (InputStream in = file.equals("-") ? ctx.stdin() : ctx.openInput(file)) {
            LineReader lines = new LineReader(in);
            while (lines.next()) {
                String pattern = lines.text();
                if (!pattern.isEmpty()) {
                    o.excludes.add(pattern);
                }
            }
        } catch (FsException e) {
            ctx.fileError(file, e);
            return 2;
        }
        return 0;
    }

    /**
     * The options as typed (every argument that is not an operand), shell-quoted where needed, for the "diff ..."
     * line GNU prints before each pair of files in a directory comparison.
     */
    private static String switches(List<String> args, List<String> operands) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            boolean option = arg.length() > 1 && arg.charAt(0) == '-';
            if (!option) {
                continue;
            }
            sb.append(' ').append(Quoting.shellEscape(arg));
            if (arg.equals("--")) {
                break;
            }
            if (takesSeparateArgument(arg) && i + 1 < args.size()) {
                sb.append(' ').append(Quoting.shellEscape(args.get(++i)));
            }
        }
        return sb.toString();
    }

    private static boolean takesSeparateArgument(String arg) {
        if (arg.startsWith("--")) {
            if (arg.indexOf('=') >= 0) {
                return false;
            }
            String name = arg.substring(2);
            for (String full : LONG_WITH_ARGUMENT) {
                if (full.startsWith(name)) {
                    return true;
                }
            }
            return false;
        }
        for (int k = 1; k < arg.length(); k++) {
            int at = SHORT_SPEC.indexOf(arg.charAt(k));
            if (at < 0 || Character.isDigit(arg.charAt(k))) {
                return false;
            }
            if (at + 1 < SHORT_SPEC.length() && SHORT_SPEC.charAt(at + 1) == ':') {
                return k == arg.length() - 1;
            }
        }
        return false;
    }
}
