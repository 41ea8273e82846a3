package dev.shellbox.shell.commands.search.grep;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.commands.search.LineMatcher;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.gnu.regex.PosixRegex;
import dev.shellbox.shell.gnu.regex.RegexOptions;
import dev.shellbox.shell.gnu.regex.RegexSyntax;
import dev.shellbox.shell.gnu.regex.RegexSyntaxException;
import dev.shellbox.shell.io.LineReader;
import dev.shellbox.shell.io.Text;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** grep, egrep and fgrep: print lines that match patterns (GNU grep 3.8). */
public final class GrepCommand implements Command {
    private static final String NAME = "grep";

    private static final OptionParser OPTIONS = OptionParser.of("A:B:C:D:EFGHILPRTUVZabcd:e:f:hilm:noqrsuvwxyz")
            .numericOption('N')
            .longOption("after-context", 'A')
            .longOption("before-context", 'B')
            .longOption("context", 'C')
            .longOption("devices", 'D')
            .longOption("extended-regexp", 'E')
            .longOption("fixed-strings", 'F')
            .longOption("fixed-regexp", 'F')
            .longOption("basic-regexp", 'G')
            .longOption("with-filename", 'H')
            .longOption("files-without-match", 'L')
            .longOption("perl-regexp", 'P')
            .longOption("dereference-recursive", 'R')
            .longOption("initial-tab", 'T')
            .longOption("binary", 'U')
            .longOption("version", 'V')
            .longOption("null", 'Z')
            .longOption("text", 'a')
            .longOption("byte-offset", 'b')
            .longOption("count", 'c')
            .longOption("directories", 'd')
            .longOption("regexp", 'e')
            .longOption("file", 'f')
            .longOption("no-filename", 'h')
            .longOption("ignore-case", 'i')
            .longOption("files-with-matches", 'l')
            .longOption("max-count", 'm')
            .longOption("line-number", 'n')
            .longOption("only-matching", 'o')
            .longOption("quiet", 'q')
            .longOption("silent", 'q')
            .longOption("recursive", 'r')
            .longOption("no-messages", 's')
            .longOption("invert-match", 'v')
            .longOption("word-regexp", 'w')
            .longOption("line-regexp", 'x')
            .longOption("null-data", 'z')
            .longOption("binary-files", OptionParser.Arg.REQUIRED)
            .longOption("color", OptionParser.Arg.OPTIONAL)
            .longOption("colour", OptionParser.Arg.OPTIONAL)
            .longOption("exclude", OptionParser.Arg.REQUIRED)
            .longOption("exclude-from", OptionParser.Arg.REQUIRED)
            .longOption("exclude-dir", OptionParser.Arg.REQUIRED)
            .longOption("include", OptionParser.Arg.REQUIRED)
            .longOption("group-separator", OptionParser.Arg.REQUIRED)
            .longOption("no-group-separator", OptionParser.Arg.NONE)
            .longOption("label", OptionParser.Arg.REQUIRED)
            .longOption("line-buffered", OptionParser.Arg.NONE)
            .longOption("no-ignore-case", OptionParser.Arg.NONE)
            .longOption("help", OptionParser.Arg.NONE);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> aliases() {
        return List.of("egrep", "fgrep");
    }

    @Override
    public String help() {
        return """
                Usage: grep [OPTION]... PATTERNS [FILE]...
                Search for PATTERNS in each FILE.
                Example: grep -i 'hello world' menu.h main.c
                PATTERNS can contain multiple patterns separated by newlines.

                Pattern selection and interpretation:
                  -E, --extended-regexp     PATTERNS are extended regular expressions
                  -F, --fixed-strings       PATTERNS are strings
                  -G, --basic-regexp        PATTERNS are basic regular expressions
                  -P, --perl-regexp         PATTERNS are Perl regular expressions
                  -e, --regexp=PATTERNS     use PATTERNS for matching
                  -f, --file=FILE           take PATTERNS from FILE
                  -i, --ignore-case         ignore case distinctions in patterns and data
                      --no-ignore-case      do not ignore case distinctions (default)
                  -w, --word-regexp         match only whole words
                  -x, --line-regexp         match only whole lines
                  -z, --null-data           a data line ends in 0 byte, not newline

                Miscellaneous:
                  -s, --no-messages         suppress error messages
                  -v, --invert-match        select non-matching lines
                  -V, --version             display version information and exit
                      --help                display this help text and exit

                Output control:
                  -m, --max-count=NUM       stop after NUM selected lines
                  -b, --byte-offset         print the byte offset with output lines
                  -n, --line-number         print line number with output lines
                      --line-buffered       flush output on every line
                  -H, --with-filename       print file name with output lines
                  -h, --no-filename         suppress the file name prefix on output
                      --label=LABEL         use LABEL as the standard input file name prefix
                  -o, --only-matching       show only nonempty parts of lines that match
                  -q, --quiet, --silent     suppress all normal output
                      --binary-files=TYPE   assume that binary files are TYPE;
                                            TYPE is 'binary', 'text', or 'without-match'
                  -a, --text                equivalent to --binary-files=text
                  -I                        equivalent to --binary-files=without-match
                  -d, --directories=ACTION  how to handle directories;
                                            ACTION is 'read', 'recurse', or 'skip'
                  -D, --devices=ACTION      how to handle devices, FIFOs and sockets;
                                            ACTION is 'read' or 'skip'
                  -r, --recursive           like --directories=recurse
                  -R, --dereference-recursive  likewise, but follow all symlinks
                      --include=GLOB        search only files that match GLOB (a file pattern)
                      --exclude=GLOB        skip files that match GLOB
                      --exclude-from=FILE   skip files that match any file pattern from FILE
                      --exclude-dir=GLOB    skip directories that match GLOB
                  -L, --files-without-match  print only names of FILEs with no selected lines
                  -l, --files-with-matches  print only names of FILEs with selected lines
                  -c, --count               print only a count of selected lines per FILE
                  -T, --initial-tab         make tabs line up (if needed)
                  -Z, --null                print 0 byte after FILE name

                Context control:
                  -B, --before-context=NUM  print NUM lines of leading context
                  -A, --after-context=NUM   print NUM lines of trailing context
                  -C, --context=NUM         print NUM lines of output context
                  -NUM                      same as --context=NUM
                      --group-separator=SEP  print SEP on line between matches with context
                      --no-group-separator  do not print separator for matches with context
                      --color[=WHEN],
                      --colour[=WHEN]       use markers to highlight the matching strings;
                                            WHEN is 'always', 'never', or 'auto'
                  -U, --binary              do not strip CR characters at EOL (MSDOS/Windows)

                When FILE is '-', read standard input.  With no FILE, read '.' if
                recursive, '-' otherwise.  With fewer than two FILEs, assume -h.
                Exit status is 0 if any line is selected, 1 otherwise;
                if any error occurs and -q is not given, the exit status is 2.
                """;
    }

    /** Ends the command with a status after printing a message. */
    private static final class Failure extends Exception {
        final int status;

        Failure(int status) {
            super(null, null, false, false);
            this.status = status;
        }
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        try {
            return grep(ctx, args);
        } catch (Failure f) {
            return f.status;
        }
    }

    private int grep(CommandContext ctx, List<String> args) throws IOException, Failure {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(splitDigitOptions(args));
        } catch (OptionParser.OptionException e) {
            throw usage(ctx, e.getMessage());
        }
        GrepSettings s = new GrepSettings();
        FileFilter filter = new FileFilter();
        RegexSyntax syntax = switch (ctx.commandName()) {
            case "egrep" -> RegexSyntax.EXTENDED;
            case "fgrep" -> RegexSyntax.FIXED;
            default -> RegexSyntax.BASIC;
        };
        Character matcherOption = null;
        boolean ignoreCase = false;
        boolean wholeWords = false;
        boolean wholeLines = false;
        List<String> patterns = null;
        int defaultContext = -1;
        boolean colorAlways = false;
        for (ParsedOptions.Option o : parsed.options()) {
            String v = o.value();
            switch (o.key()) {
                case "E", "F", "G", "P" -> {
                    char c = o.key().charAt(0);
                    if (matcherOption != null && matcherOption != c) {
                        throw fail(ctx, "conflicting matchers specified");
                    }
                    matcherOption = c;
                    syntax = switch (c) {
                        case 'E' -> RegexSyntax.EXTENDED;
                        case 'F' -> RegexSyntax.FIXED;
                        case 'P' -> RegexSyntax.PERL;
                        default -> RegexSyntax.BASIC;
                    };
                }
                case "e" -> {
                    patterns = patterns == null ? new ArrayList<>() : patterns;
                    patterns.addAll(splitLines(v));
                }
                case "f" -> {
                    patterns = patterns == null ? new ArrayList<>() : patterns;
                    patterns.addAll(readPatternFile(ctx, v));
                }
                case "i", "y" -> ignoreCase = true;
                case "no-ignore-case" -> ignoreCase = false;
                case "w" -> wholeWords = true;
                case "x" -> wholeLines = true;
                case "z" -> s.nullData = true;
                case "s" -> s.noMessages = true;
                case "v" -> s.invert = true;
                case "V" -> {
                    ctx.print("grep (Shellbox) 1.0\n");
                    ctx.stdout().flush();
                    return 0;
                }
                case "help" -> {
                    ctx.print(help());
                    ctx.stdout().flush();
                    return 0;
                }
                case "m" -> s.maxCount = parseNumber(v, Long.MAX_VALUE, () -> fail(ctx, "invalid max count"));
                case "b" -> s.byteOffsets = true;
                case "n" -> s.lineNumbers = true;
                case "line-buffered" -> s.lineBuffered = true;
                case "H" -> s.withFilename = true;
                case "h" -> s.withFilename = false;
                case "label" -> s.label = v;
                case "o" -> s.onlyMatching = true;
                case "q" -> s.quiet = true;
                case "binary-files" ->
                    s.binaryFiles = switch (v) {
                        case "binary" -> GrepSettings.BinaryFiles.BINARY;
                        case "text" -> GrepSettings.BinaryFiles.TEXT;
                        case "without-match" -> GrepSettings.BinaryFiles.WITHOUT_MATCH;
                        default -> throw fail(ctx, "unknown binary-files type");
                    };
                case "a" -> s.binaryFiles = GrepSettings.BinaryFiles.TEXT;
                case "I" -> s.binaryFiles = GrepSettings.BinaryFiles.WITHOUT_MATCH;
                case "d" ->
                    s.directories = switch (v) {
                        case "read" -> GrepSettings.Directories.READ;
                        case "recurse" -> GrepSettings.Directories.RECURSE;
                        case "skip" -> GrepSettings.Directories.SKIP;
                        default -> throw invalidArgument(ctx, v, "--directories", "read", "recurse", "skip");
                    };
                case "D" -> {
                    if (!v.equals("read") && !v.equals("skip")) {
                        throw fail(ctx, "unknown devices method");
                    }
                    s.skipDevices = v.equals("skip");
                }
                case "r" -> {
                    s.directories = GrepSettings.Directories.RECURSE;
                    s.dereferenceRecursive = false;
                }
                case "R" -> {
                    s.directories = GrepSettings.Directories.RECURSE;
                    s.dereferenceRecursive = true;
                }
                case "include" -> filter.include(v);
                case "exclude" -> filter.exclude(v);
                case "exclude-from" -> {
                    for (String glob : readPatternFile(ctx, v)) {
                        filter.exclude(glob);
                    }
                }
                case "exclude-dir" -> filter.excludeDirectory(v);
                case "L" -> s.listFiles = GrepSettings.ListFiles.NON_MATCHING;
                case "l" -> s.listFiles = GrepSettings.ListFiles.MATCHING;
                case "c" -> s.count = true;
                case "T" -> s.initialTab = true;
                case "Z" -> s.nullAfterName = true;
                case "A" -> s.after = contextLength(ctx, v);
                case "B" -> s.before = contextLength(ctx, v);
                case "C", "N" -> defaultContext = contextLength(ctx, v);
                case "group-separator" -> s.groupSeparator = v;
                case "no-group-separator" -> s.groupSeparator = null;
                case "color", "colour" -> {
                    List<String> always = List.of("always", "yes", "force");
                    List<String> never = List.of("never", "no", "none", "auto", "tty", "if-tty");
                    if (v != null && !always.contains(v) && !never.contains(v)) {
                        ctx.print(help()); // GNU answers an unknown colour mode with its help, successfully
                        ctx.stdout().flush();
                        return 0;
                    }
                    colorAlways = v != null && always.contains(v); // auto: stdout is never a terminal here
                }
                default -> {} // -U, -u: no effect on POSIX systems
            }
        }
        List<String> operands = new ArrayList<>(parsed.operands());
        if (patterns == null) {
            if (operands.isEmpty()) {
                throw usage(ctx, null);
            }
            patterns = new ArrayList<>(splitLines(operands.remove(0)));
        }
        if (s.after < 0) {
            s.after = defaultContext;
        }
        if (s.before < 0) {
            s.before = defaultContext;
        }
        if (s.quiet) {
            s.listFiles = GrepSettings.ListFiles.NONE;
        }
        if (s.doneOnMatch()) {
            s.count = false;
        }
        if (patterns.isEmpty()) {
            // GNU: no pattern at all selects what an inverted empty pattern would
            s.invert = !s.invert;
            patterns.add("");
            wholeLines = wholeWords = false;
        }
        boolean matchesNothing =
                patterns.size() == 1 && patterns.get(0).isEmpty() && s.invert && !wholeLines && !wholeWords;
        if ((s.maxCount == 0 || matchesNothing) && s.listFiles != GrepSettings.ListFiles.NON_MATCHING) {
            return 1; // GNU does not even read the input then
        }
        LineMatcher matcher = compile(ctx, patterns, syntax, ignoreCase, wholeWords, wholeLines);
        GrepColors colors = colorAlways ? GrepColors.fromEnvironment(ctx.env("GREP_COLORS")) : null;
        return searchAll(ctx, s, filter, matcher, operands, colors);
    }

    private LineMatcher compile(
            CommandContext ctx,
            List<String> patterns,
            RegexSyntax syntax,
            boolean ignoreCase,
            boolean wholeWords,
            boolean wholeLines)
            throws IOException, Failure {
        RegexOptions options = RegexOptions.grep(syntax)
                .withIgnoreCase(ignoreCase)
                .withWholeWords(wholeWords && !wholeLines)
                .withWholeLines(wholeLines);
        try {
            PosixRegex regex = PosixRegex.compile(patterns, options);
            for (String warning : regex.warnings()) {
                ctx.stderr().write(Text.encode("grep: warning: " + warning + "\n"));
            }
            return new LineMatcher(regex, ignoreCase);
        } catch (RegexSyntaxException e) {
            throw fail(ctx, e.getMessage());
        }
    }

    // ---- searching ----

    /** Where a search stands across operands. */
    private static final class Totals {
        boolean selected;
        boolean error;
    }

    private int searchAll(
            CommandContext ctx,
            GrepSettings s,
            FileFilter filter,
            LineMatcher matcher,
            List<String> operands,
            GrepColors colors)
            throws IOException, Failure {
        boolean recursive = s.directories == GrepSettings.Directories.RECURSE;
        boolean noOperands = operands.isEmpty();
        if (noOperands) {
            operands.add(recursive ? "." : "-");
        }
        Boolean withFilename = s.withFilename;
        if (withFilename == null && operands.size() > 1) {
            withFilename = true;
        }
        OutputStream out = new BufferedOutputStream(ctx.stdout(), 65536);
        FileSearch search = new FileSearch(ctx, s, matcher, out, colors);
        Totals totals = new Totals();
        Walker walker = new Walker(ctx, s, filter, search, out, totals, withFilename, noOperands);
        try {
            for (String operand : operands) {
                if (walker.operand(operand)) {
                    break;
                }
            }
        } finally {
            out.flush();
        }
        if (s.quiet && totals.selected) {
            return 0;
        }
        return totals.error ? 2 : totals.selected ? 0 : 1;
    }

    /** Visits operands and, with -r, the trees below them. */
    private static final class Walker {
        final CommandContext ctx;
        final GrepSettings s;
        final FileFilter filter;
        final FileSearch search;
        final OutputStream out;
        final Totals totals;
        final Boolean withFilename;
        final boolean omitDotSlash;
        final Set<String> activeDirectories = new HashSet<>();

        Walker(
                CommandContext ctx,
                GrepSettings s,
                FileFilter filter,
                FileSearch search,
                OutputStream out,
                Totals totals,
                Boolean withFilename,
                boolean omitDotSlash) {
            this.ctx = ctx;
            this.s = s;
            this.filter = filter;
            this.search = search;
            this.out = out;
            this.totals = totals;
            this.withFilename = withFilename;
            this.omitDotSlash = omitDotSlash;
        }

        /** Searches one operand; true when grep should stop (-q found a line). */
        boolean operand(String operand) throws IOException {
            if (operand.equals("-")) {
                return searchStream(ctx.stdin(), s.label, withFilename != null && withFilename, -1);
            }
            String path = ctx.resolve(operand);
            FileSystem fs = ctx.fs();
            FileStat st;
            try {
                st = fs.stat(path);
            } catch (FsException e) {
                return fileError(operand, e);
            }
            if (st.isDirectory()) {
                if (s.directories == GrepSettings.Directories.SKIP) {
                    return false;
                }
                if (s.directories == GrepSettings.Directories.RECURSE) {
                    if (!omitDotSlash && filter.skipsDirectory(operand, true)) {
                        return false;
                    }
                    boolean names = withFilename == null || withFilename;
                    return directory(path, omitDotSlash ? "" : operand, names);
                }
            } else if (filter.skipsFile(operand, true)) {
                return false;
            }
            return file(path, operand, withFilename != null && withFilename, st);
        }

        private boolean directory(String path, String display, boolean names) throws IOException {
            String real = s.dereferenceRecursive ? ctx.fs().realPath(path, false) : path;
            if (!activeDirectories.add(real)) {
                if (!s.noMessages) {
                    out.flush();
                    ctx.stderr().write(Text.encode("grep: " + display + ": warning: recursive directory loop\n"));
                }
                return false;
            }
            try {
                List<FileSystem.DirEntry> entries;
                try {
                    entries = new ArrayList<>(ctx.fs().listWithStats(path));
                } catch (FsException e) {
                    return fileError(display, e);
                }
                entries.sort(Comparator.comparing(FileSystem.DirEntry::name));
                for (FileSystem.DirEntry entry : entries) {
                    ctx.checkCancelled();
                    String childPath = PathNames.join(path, entry.name());
                    String childDisplay = display.isEmpty()
                            ? entry.name()
                            : display.endsWith("/") ? display + entry.name() : display + "/" + entry.name();
                    FileStat st = entry.stat();
                    if (st.isSymlink()) {
                        if (!s.dereferenceRecursive) {
                            continue;
                        }
                        try {
                            st = ctx.fs().stat(childPath);
                        } catch (FsException e) {
                            if (fileError(childDisplay, e)) {
                                return true;
                            }
                            continue;
                        }
                    }
                    if (st.isDirectory()) {
                        if (filter.skipsDirectory(entry.name(), false)) {
                            continue;
                        }
                        if (directory(childPath, childDisplay, names)) {
                            return true;
                        }
                    } else if (st.isRegularFile() || !s.skipDevices) {
                        if (filter.skipsFile(entry.name(), false)) {
                            continue;
                        }
                        if (file(childPath, childDisplay, names, st)) {
                            return true;
                        }
                    }
                }
                return false;
            } finally {
                activeDirectories.remove(real);
            }
        }

        private boolean file(String path, String display, boolean names, FileStat st) throws IOException {
            try (InputStream in = ctx.fs().newInputStream(path)) {
                return searchStream(in, display, names, st.isRegularFile() ? st.size() : -1);
            } catch (FsException e) {
                return fileError(display, e);
            }
        }

        private boolean searchStream(InputStream in, String display, boolean names, long size) throws IOException {
            long selected = search.search(in, display, names, size);
            if (selected > 0) {
                totals.selected = true;
            }
            return s.quiet && selected > 0;
        }

        private boolean fileError(String display, FsException e) throws IOException {
            totals.error = true;
            if (!s.noMessages) {
                out.flush();
                ctx.stderr()
                        .write(Text.encode("grep: " + display + ": " + e.errno().message() + "\n"));
                ctx.stderr().flush();
            }
            return false;
        }
    }

    // ---- arguments ----

    private static List<String> splitLines(String patterns) {
        List<String> list = new ArrayList<>();
        int start = 0;
        for (int i = patterns.indexOf('\n'); i >= 0; i = patterns.indexOf('\n', start)) {
            list.add(patterns.substring(start, i));
            start = i + 1;
        }
        list.add(patterns.substring(start));
        return list;
    }

    private static List<String> readPatternFile(CommandContext ctx, String file) throws IOException, Failure {
        List<String> list = new ArrayList<>();
        try (InputStream in = ctx.openInput(file.equals("-") ? "/dev/stdin" : file)) { // never closes stdin
            LineReader lines = new LineReader(in);
            while (lines.next()) {
                list.add(lines.text());
            }
        } catch (FsException e) {
            throw fail(ctx, file + ": " + e.errno().message());
        }
        return list;
    }

    private interface FailureSupplier {
        Failure get() throws IOException;
    }

    private static long parseNumber(String v, long max, FailureSupplier error) throws IOException, Failure {
        try {
            long n = Long.parseLong(v.trim());
            if (n < 0) {
                return max; // GNU treats a negative count as no limit
            }
            return n;
        } catch (NumberFormatException e) {
            if (v.trim().matches("[0-9]+")) {
                return max;
            }
            throw error.get();
        }
    }

    private static int contextLength(CommandContext ctx, String v) throws IOException, Failure {
        try {
            long n = Long.parseLong(v);
            if (n < 0) {
                throw fail(ctx, v + ": invalid context length argument");
            }
            return (int) Math.min(n, Integer.MAX_VALUE);
        } catch (NumberFormatException e) {
            if (v.matches("[0-9]+")) {
                return Integer.MAX_VALUE;
            }
            throw fail(ctx, v + ": invalid context length argument");
        }
    }

    private static Failure fail(CommandContext ctx, String message) throws IOException {
        ctx.stderr().write(Text.encode("grep: " + message + "\n"));
        ctx.stderr().flush();
        return new Failure(2);
    }

    /** gnulib's argmatch failure, with the curly quotes it uses in a UTF-8 locale; exit status 1. */
    private static Failure invalidArgument(CommandContext ctx, String value, String option, String... valid)
            throws IOException {
        StringBuilder sb =
                new StringBuilder("grep: invalid argument \u2018" + value + "\u2019 for \u2018" + option + "\u2019\n");
        sb.append("Valid arguments are:\n");
        for (String v : valid) {
            sb.append("  - \u2018").append(v).append("\u2019\n");
        }
        sb.append("Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n");
        ctx.stderr().write(Text.encode(sb));
        ctx.stderr().flush();
        return new Failure(1);
    }

    /**
     * GNU getopt reads each digit of a cluster as an option, so {@code -5n} is {@code -5 -n} and {@code -n12} is
     * {@code -n -12}; rewrites such clusters into separate arguments the shared parser understands. Arguments of
     * options ({@code -m5}, {@code -e -5n}) are left alone.
     */
    static List<String> splitDigitOptions(List<String> args) {
        String withArgument = "ABCDdefm";
        List<String> out = new ArrayList<>();
        boolean valueNext = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (valueNext) {
                out.add(arg);
                valueNext = false;
                continue;
            }
            if (arg.equals("--")) {
                out.addAll(args.subList(i, args.size()));
                break;
            }
            if (arg.startsWith("--")) {
                out.add(arg);
                valueNext = arg.indexOf('=') < 0 && takesValue(arg.substring(2));
                continue;
            }
            if (arg.length() < 2 || arg.charAt(0) != '-') {
                out.add(arg);
                continue;
            }
            StringBuilder letters = new StringBuilder();
            int k = 1;
            while (k < arg.length()) {
                char c = arg.charAt(k);
                if (Character.isDigit(c)) {
                    int end = k;
                    while (end < arg.length() && Character.isDigit(arg.charAt(end))) {
                        end++;
                    }
                    if (letters.length() > 0) {
                        out.add("-" + letters);
                        letters.setLength(0);
                    }
                    out.add("-" + arg.substring(k, end));
                    k = end;
                    continue;
                }
                letters.append(c);
                k++;
                if (withArgument.indexOf(c) >= 0) {
                    letters.append(arg, k, arg.length());
                    valueNext = k == arg.length();
                    k = arg.length();
                }
            }
            if (letters.length() > 0) {
                out.add("-" + letters);
            }
        }
        return out;
    }

    private static boolean takesValue(String longName) {
        for (String name : List.of(
                "after-context",
                "before-context",
                "context",
                "devices",
                "directories",
                "regexp",
                "file",
                "max-count",
                "binary-files",
                "exclude",
                "exclude-from",
                "exclude-dir",
                "include",
                "group-separator",
                "label")) {
            if (name.startsWith(longName)) {
                return true;
            }
        }
        return false;
    }

    private static Failure usage(CommandContext ctx, String message) throws IOException {
        String text = (message == null ? "" : "grep: " + message + "\n")
                + "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n";
        ctx.stderr().write(Text.encode(text));
        ctx.stderr().flush();
        return new Failure(2);
    }
}
