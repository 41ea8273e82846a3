package dev.shellbox.shell.commands.search.rg;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.commands.search.LineMatcher;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
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
import java.io.PushbackInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * rg: ripgrep 14's common options and its output when stdout is not a terminal (no headings, no colours, no line
 * numbers unless -n). Patterns are Rust-like regexes, run with java.util.regex in Unicode mode.
 */
public final class RgCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("A:B:C:E:FHIL0M:NSUVT:ace:f:g:hij:lm:noqr:st:uvwxd:")
            .longOption("after-context", 'A')
            .longOption("before-context", 'B')
            .longOption("context", 'C')
            .longOption("encoding", 'E')
            .longOption("fixed-strings", 'F')
            .longOption("with-filename", 'H')
            .longOption("no-filename", 'I')
            .longOption("follow", 'L')
            .longOption("null", '0')
            .longOption("max-columns", 'M')
            .longOption("no-line-number", 'N')
            .longOption("smart-case", 'S')
            .longOption("multiline", 'U')
            .longOption("version", 'V')
            .longOption("type-not", 'T')
            .longOption("text", 'a')
            .longOption("count", 'c')
            .longOption("regexp", 'e')
            .longOption("file", 'f')
            .longOption("glob", 'g')
            .longOption("ignore-case", 'i')
            .longOption("threads", 'j')
            .longOption("files-with-matches", 'l')
            .longOption("max-count", 'm')
            .longOption("line-number", 'n')
            .longOption("only-matching", 'o')
            .longOption("quiet", 'q')
            .longOption("replace", 'r')
            .longOption("case-sensitive", 's')
            .longOption("type", 't')
            .longOption("unrestricted", 'u')
            .longOption("invert-match", 'v')
            .longOption("word-regexp", 'w')
            .longOption("line-regexp", 'x')
            .longOption("max-depth", 'd')
            .longOption("maxdepth", 'd')
            .longOption("iglob", OptionParser.Arg.REQUIRED)
            .longOption("count-matches", OptionParser.Arg.NONE)
            .longOption("files-without-match", OptionParser.Arg.NONE)
            .longOption("files", OptionParser.Arg.NONE)
            .longOption("hidden", OptionParser.Arg.NONE)
            .longOption("no-hidden", OptionParser.Arg.NONE)
            .longOption("no-ignore", OptionParser.Arg.NONE)
            .longOption("no-ignore-vcs", OptionParser.Arg.NONE)
            .longOption("ignore", OptionParser.Arg.NONE)
            .longOption("column", OptionParser.Arg.NONE)
            .longOption("no-column", OptionParser.Arg.NONE)
            .longOption("heading", OptionParser.Arg.NONE)
            .longOption("no-heading", OptionParser.Arg.NONE)
            .longOption("context-separator", OptionParser.Arg.REQUIRED)
            .longOption("no-context-separator", OptionParser.Arg.NONE)
            .longOption("color", OptionParser.Arg.REQUIRED)
            .longOption("colour", OptionParser.Arg.REQUIRED)
            .longOption("sort", OptionParser.Arg.REQUIRED)
            .longOption("sortr", OptionParser.Arg.REQUIRED)
            .longOption("type-list", OptionParser.Arg.NONE)
            .longOption("no-messages", OptionParser.Arg.NONE)
            .longOption("help", OptionParser.Arg.NONE);

    @Override
    public String name() {
        return "rg";
    }

    @Override
    public String help() {
        return """
                Usage: rg [OPTIONS] PATTERN [PATH ...]
                       rg [OPTIONS] -e PATTERN ... [PATH ...]
                       rg [OPTIONS] --files [PATH ...]
                Recursively search the current directory (or standard input when it has data and no PATH is
                given) for lines matching a regex, skipping hidden files and paths in .gitignore, .ignore and
                .rgignore files.

                  -e, --regexp=PATTERN       a pattern to search for (repeatable)
                  -f, --file=PATTERNFILE     read patterns from a file, one per line
                  -F, --fixed-strings        treat patterns as literal strings
                  -i, --ignore-case          case insensitive search
                  -s, --case-sensitive       case sensitive search (default)
                  -S, --smart-case           ignore case unless the pattern has an uppercase letter
                  -w, --word-regexp          only show matches surrounded by word boundaries
                  -x, --line-regexp          only show matches surrounded by line boundaries
                  -v, --invert-match         invert matching
                  -m, --max-count=NUM        limit the number of matching lines per file
                  -A, --after-context=NUM    show NUM lines after each match
                  -B, --before-context=NUM   show NUM lines before each match
                  -C, --context=NUM          show NUM lines before and after each match
                  -c, --count                show the number of matching lines per file
                      --count-matches        show the number of matches per file
                  -l, --files-with-matches   print the paths with at least one match
                      --files-without-match  print the paths with zero matches
                  -o, --only-matching        print only the matched parts
                  -r, --replace=REPLACEMENT  replace matches ($1, ${name}, $$)
                  -q, --quiet                do not print anything
                  -n, --line-number          show line numbers
                  -N, --no-line-number       suppress line numbers
                      --column               show column numbers
                  -H, --with-filename        print the path with each match
                  -I, --no-filename          never print the path
                      --heading              print the path above the matches of each file
                  -0, --null                 follow each path with a NUL byte
                  -g, --glob=GLOB            include (or, with !, exclude) files and directories
                      --iglob=GLOB           like --glob, ignoring case
                  -t, --type=TYPE            only search files of TYPE (--type-list)
                  -T, --type-not=TYPE        do not search files of TYPE
                      --hidden               search hidden files and directories
                      --no-ignore            do not respect ignore files
                      --no-ignore-vcs        do not respect .gitignore files
                  -u, --unrestricted         -u: --no-ignore, -uu: also --hidden, -uuu: also --text
                  -L, --follow               follow symbolic links
                  -d, --max-depth=NUM        descend at most NUM directories
                  -a, --text                 search binary files as text
                      --files                print the files that would be searched
                      --type-list            show the known file types
                  -V, --version              print the version
                """;
    }

    /** Ends the command with status 2 after a message. */
    private static final class Failure extends Exception {
        Failure() {
            super(null, null, false, false);
        }
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        try {
            return rg(ctx, args);
        } catch (Failure f) {
            return 2;
        }
    }

    private int rg(CommandContext ctx, List<String> args) throws IOException, Failure {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            String m = e.getMessage();
            if (m.startsWith("unrecognized option '")) {
                m = "unrecognized flag " + m.substring("unrecognized option '".length(), m.length() - 1);
            }
            throw fail(ctx, m);
        }
        RgSettings s = new RgSettings();
        List<String> patterns = null;
        boolean fixed = false;
        boolean wholeWords = false;
        boolean wholeLines = false;
        char caseMode = 's';
        int unrestricted = 0;
        Integer context = null;
        Integer before = null;
        Integer after = null;
        List<String> types = new ArrayList<>();
        List<String> notTypes = new ArrayList<>();
        for (ParsedOptions.Option o : parsed.options()) {
            String v = o.value();
            switch (o.key()) {
                case "e" -> {
                    patterns = patterns == null ? new ArrayList<>() : patterns;
                    patterns.add(v);
                }
                case "f" -> {
                    patterns = patterns == null ? new ArrayList<>() : patterns;
                    patterns.addAll(readLines(ctx, v));
                }
                case "F" -> fixed = true;
                case "i" -> caseMode = 'i';
                case "s" -> caseMode = 's';
                case "S" -> caseMode = 'S';
                case "w" -> wholeWords = true;
                case "x" -> wholeLines = true;
                case "v" -> s.invert = true;
                case "m" -> s.maxCount = number(ctx, v, "-m");
                case "A" -> after = (int) number(ctx, v, "-A");
                case "B" -> before = (int) number(ctx, v, "-B");
                case "C" -> context = (int) number(ctx, v, "-C");
                case "c" -> s.count = true;
                case "count-matches" -> s.countMatches = true;
                case "l" -> s.filesWithMatches = true;
                case "files-without-match" -> s.filesWithoutMatch = true;
                case "o" -> s.onlyMatching = true;
                case "r" -> s.replacement = v;
                case "q" -> s.quiet = true;
                case "n" -> s.lineNumbers = true;
                case "N" -> s.lineNumbers = false;
                case "column" -> {
                    s.column = true;
                    s.lineNumbers = true; // --column implies --line-number
                }
                case "no-column" -> s.column = false;
                case "H" -> s.withFilename = true;
                case "I" -> s.withFilename = false;
                case "heading" -> s.heading = true;
                case "no-heading" -> s.heading = false;
                case "0" -> s.nullAfterPath = true;
                case "g" -> addGlob(s, v, false);
                case "iglob" -> addGlob(s, v, true);
                case "t" -> types.add(knownType(ctx, v));
                case "T" -> notTypes.add(knownType(ctx, v));
                case "hidden" -> s.hidden = true;
                case "no-hidden" -> s.hidden = false;
                case "no-ignore" -> s.noIgnore = true;
                case "ignore" -> s.noIgnore = false;
                case "no-ignore-vcs" -> s.noIgnoreVcs = true;
                case "u" -> unrestricted++;
                case "L" -> s.follow = true;
                case "d" -> s.maxDepth = (int) Math.min(number(ctx, v, "--max-depth"), Integer.MAX_VALUE);
                case "a" -> s.text = true;
                case "files" -> s.listFiles = true;
                case "context-separator" -> s.contextSeparator = unescape(v);
                case "no-context-separator" -> s.contextSeparator = null;
                case "type-list" -> {
                    ctx.print(FileTypes.list());
                    ctx.stdout().flush();
                    return 0;
                }
                case "V" -> {
                    ctx.print("ripgrep 14.1.0 (Shellbox)\n");
                    ctx.stdout().flush();
                    return 0;
                }
                case "help", "h" -> {
                    ctx.print(help());
                    ctx.stdout().flush();
                    return 0;
                }
                case "U" -> throw fail(ctx, "multiline search (-U) is not supported");
                default -> {} // --color, --sort, -j, -E, -M and --no-messages change nothing here
            }
        }
        if (unrestricted >= 1) {
            s.noIgnore = true;
        }
        if (unrestricted >= 2) {
            s.hidden = true;
        }
        if (unrestricted >= 3) {
            s.text = true;
        }
        s.before = before != null ? before : context != null ? context : 0;
        s.after = after != null ? after : context != null ? context : 0;
        s.selectedTypes.addAll(FileTypes.globs(types));
        s.excludedTypes.addAll(FileTypes.globs(notTypes));
        List<String> operands = new ArrayList<>(parsed.operands());
        if (patterns == null && !s.listFiles) {
            if (operands.isEmpty()) {
                throw fail(ctx, "ripgrep requires at least one pattern to execute a search");
            }
            patterns = List.of(operands.remove(0));
        }
        OutputStream out = new BufferedOutputStream(ctx.stdout(), 65536);
        try {
            if (s.listFiles) {
                return listFiles(ctx, s, operands, out);
            }
            boolean ignoreCase =
                    caseMode == 'i' || (caseMode == 'S' && patterns.stream().noneMatch(RgCommand::hasUppercase));
            if (!fixed && !patterns.isEmpty() && patterns.stream().allMatch(RgCommand::isLiteral)) {
                fixed = true; // same matches, and literal search can skip text it rules out
            }
            PosixRegex regex =
                    patterns.isEmpty() ? null : compile(ctx, patterns, fixed, ignoreCase, wholeWords, wholeLines);
            LineMatcher matcher = regex == null ? LineMatcher.none() : new LineMatcher(regex, ignoreCase);
            Pattern pattern = regex == null ? Pattern.compile("(?!)") : regex.javaPattern();
            return search(ctx, s, matcher, pattern, operands, out);
        } finally {
            out.flush();
        }
    }

    // ---- searching ----

    private int search(
            CommandContext ctx,
            RgSettings s,
            LineMatcher matcher,
            Pattern pattern,
            List<String> operands,
            OutputStream out)
            throws IOException {
        RgSearcher searcher = new RgSearcher(ctx, s, matcher, pattern, out);
        boolean[] matched = {false};
        boolean[] error = {false};
        if (operands.isEmpty()) {
            PushbackInputStream stdin = new PushbackInputStream(ctx.stdin(), 1);
            int first = stdin.read();
            if (first >= 0) {
                stdin.unread(first);
                boolean names = s.withFilename != null && s.withFilename;
                return status(s, searcher.search(stdin, "<stdin>", names, true) > 0, false);
            }
            operands = List.of("./");
            RgWalker walker = walker(ctx, s, searcher, matched, true);
            walker.walk(ctx.cwd(), "");
            return status(s, matched[0], walker.error);
        }
        boolean names = s.withFilename != null ? s.withFilename : operands.size() > 1 || anyDirectory(ctx, operands);
        for (String operand : operands) {
            if (operand.equals("-")) {
                matched[0] |= searcher.search(ctx.stdin(), "<stdin>", names, true) > 0;
                continue;
            }
            String path = ctx.resolve(operand);
            FileStat st;
            try {
                st = ctx.fs().stat(path);
            } catch (FsException e) {
                error[0] = true;
                out.flush();
                ctx.stderr().write(Text.encode("rg: " + operand + ": " + osError(e) + "\n"));
                continue;
            }
            if (st.isDirectory()) {
                RgWalker walker = walker(ctx, s, searcher, matched, names);
                boolean stop = walker.walk(path, operand);
                error[0] |= walker.error;
                if (stop) {
                    break;
                }
                continue;
            }
            try (InputStream in = ctx.fs().newInputStream(path)) {
                matched[0] |= searcher.search(in, operand, names, true) > 0;
            } catch (FsException e) {
                error[0] = true;
                ctx.stderr().write(Text.encode("rg: " + operand + ": " + osError(e) + "\n"));
            }
            if (s.quiet && matched[0]) {
                break;
            }
        }
        return status(s, matched[0], error[0]);
    }

    private static RgWalker walker(
            CommandContext ctx, RgSettings s, RgSearcher searcher, boolean[] matched, boolean names) {
        return new RgWalker(ctx, s, (path, display, stat) -> {
            try (InputStream in = ctx.fs().newInputStream(path)) {
                matched[0] |= searcher.search(in, display, names, false) > 0;
            } catch (FsException e) {
                ctx.stderr().write(Text.encode("rg: " + display + ": " + osError(e) + "\n"));
            }
            return s.quiet && matched[0];
        });
    }

    private static int status(RgSettings s, boolean matched, boolean error) {
        if (s.quiet && matched) {
            return 0;
        }
        return error ? 2 : matched ? 0 : 1;
    }

    private int listFiles(CommandContext ctx, RgSettings s, List<String> operands, OutputStream out)
            throws IOException {
        boolean[] any = {false};
        RgWalker.Visitor print = (path, display, stat) -> {
            any[0] = true;
            out.write(Text.encode(display));
            out.write(s.nullAfterPath ? 0 : '\n');
            return false;
        };
        boolean error = false;
        if (operands.isEmpty()) {
            RgWalker walker = new RgWalker(ctx, s, print);
            walker.walk(ctx.cwd(), "");
            error = walker.error;
        }
        for (String operand : operands) {
            String path = ctx.resolve(operand);
            try {
                if (ctx.fs().stat(path).isDirectory()) {
                    RgWalker walker = new RgWalker(ctx, s, print);
                    walker.walk(path, operand);
                    error |= walker.error;
                } else {
                    print.file(path, operand, null);
                }
            } catch (FsException e) {
                error = true;
                ctx.stderr().write(Text.encode("rg: " + operand + ": " + osError(e) + "\n"));
            }
        }
        return error ? 2 : any[0] ? 0 : 1;
    }

    private static boolean anyDirectory(CommandContext ctx, List<String> operands) {
        for (String operand : operands) {
            try {
                if (!operand.equals("-") && ctx.fs().stat(ctx.resolve(operand)).isDirectory()) {
                    return true;
                }
            } catch (FsException e) {
                // reported when searched
            }
        }
        return false;
    }

    // ---- patterns ----

    /**
     * Compiles the patterns: literal strings as such, regexes as java.util.regex patterns in Unicode mode (like Rust's
     * regex crate); a syntax error is reported ripgrep's way, with a caret under the position.
     */
    private static PosixRegex compile(
            CommandContext ctx, List<String> patterns, boolean fixed, boolean ignoreCase, boolean words, boolean lines)
            throws IOException, Failure {
        try {
            if (fixed) {
                return PosixRegex.compile(
                        patterns,
                        RegexOptions.grep(RegexSyntax.FIXED)
                                .withIgnoreCase(ignoreCase)
                                .withWholeWords(words && !lines)
                                .withWholeLines(lines));
            }
            List<String> javaPatterns = new ArrayList<>();
            for (String p : patterns) {
                String java = p.replace("(?P<", "(?<"); // Rust's spelling of named groups
                validate(ctx, java);
                javaPatterns.add(java);
            }
            patterns = javaPatterns;
            String source = patterns.size() == 1 ? patterns.get(0) : "(?:" + String.join(")|(?:", patterns) + ")";
            if (lines) {
                source = "^(?:" + source + ")$";
            } else if (words) {
                source = "(?<!\\w)(?:" + source + ")(?!\\w)";
            }
            return PosixRegex.compile(
                    "(?U)" + source, RegexOptions.grep(RegexSyntax.PERL).withIgnoreCase(ignoreCase));
        } catch (RegexSyntaxException e) {
            throw fail(ctx, "regex parse error: " + e.getMessage());
        }
    }

    private static void validate(CommandContext ctx, String pattern) throws IOException, Failure {
        try {
            Pattern.compile(pattern, Pattern.UNICODE_CHARACTER_CLASS);
        } catch (PatternSyntaxException e) {
            int index = e.getDescription().equals("Unclosed group")
                    ? unclosedGroup(pattern)
                    : Math.max(0, Math.min(e.getIndex(), pattern.length()));
            ctx.stderr()
                    .write(Text.encode("rg: regex parse error:\n    " + pattern + "\n    " + " ".repeat(index)
                            + "^\nerror: " + describe(e) + "\n"));
            ctx.stderr().flush();
            throw new Failure();
        }
    }

    /** Where the first group that is never closed opens, as Rust's regex error points there. */
    private static int unclosedGroup(String pattern) {
        List<Integer> open = new ArrayList<>();
        boolean inClass = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                i++;
            } else if (inClass) {
                inClass = c != ']';
            } else if (c == '[') {
                inClass = true;
            } else if (c == '(') {
                open.add(i);
            } else if (c == ')' && !open.isEmpty()) {
                open.remove(open.size() - 1);
            }
        }
        return open.isEmpty() ? pattern.length() : open.get(0);
    }

    /** Whether a regex has no special characters, so it means the same as a fixed string. */
    private static boolean isLiteral(String pattern) {
        for (int i = 0; i < pattern.length(); i++) {
            if ("\\.[]{}()*+?^$|".indexOf(pattern.charAt(i)) >= 0) {
                return false;
            }
        }
        return !pattern.isEmpty();
    }

    private static String describe(PatternSyntaxException e) {
        String d = e.getDescription();
        return switch (d) {
            case "Unclosed group" -> "unclosed group";
            case "Unclosed character class" -> "unclosed character class";
            case "Unmatched closing ')'" -> "unopened group";
            default ->
                d.startsWith("Dangling meta character")
                        ? "repetition operator missing expression"
                        : Character.toLowerCase(d.charAt(0)) + d.substring(1);
        };
    }

    private static boolean hasUppercase(String pattern) {
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (Character.isUpperCase(c) && (i == 0 || pattern.charAt(i - 1) != '\\')) {
                return true;
            }
        }
        return false;
    }

    // ---- arguments ----

    private static void addGlob(RgSettings s, String glob, boolean ignoreCase) {
        if (glob.startsWith("!")) {
            s.overrides.add(glob.substring(1), ignoreCase);
        } else {
            s.overrides.add("!" + glob, ignoreCase);
            s.hasPositiveOverride = true;
        }
    }

    private static String knownType(CommandContext ctx, String type) throws IOException, Failure {
        if (!FileTypes.known(type)) {
            throw fail(ctx, "unrecognized file type: " + type);
        }
        return type;
    }

    private static long number(CommandContext ctx, String v, String flag) throws IOException, Failure {
        try {
            long n = Long.parseLong(v);
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw fail(ctx, "error parsing flag " + flag + ": invalid number: " + v);
        }
    }

    private static String unescape(String s) {
        return s.replace("\\t", "\t").replace("\\n", "\n").replace("\\\\", "\\");
    }

    private static List<String> readLines(CommandContext ctx, String file) throws IOException, Failure {
        List<String> lines = new ArrayList<>();
        try (InputStream in = ctx.openInput(file.equals("-") ? "/dev/stdin" : file)) { // never closes stdin
            LineReader reader = new LineReader(in);
            while (reader.next()) {
                lines.add(reader.text());
            }
        } catch (FsException e) {
            throw fail(ctx, file + ": " + osError(e));
        }
        return lines;
    }

    /** An errno as Rust's io::Error prints it: {@code No such file or directory (os error 2)}. */
    static String osError(FsException e) {
        return e.errno().message() + " (os error " + e.errno().code() + ")";
    }

    private static Failure fail(CommandContext ctx, String message) throws IOException {
        ctx.stderr().write(Text.encode("rg: " + message + "\n"));
        ctx.stderr().flush();
        return new Failure();
    }
}
