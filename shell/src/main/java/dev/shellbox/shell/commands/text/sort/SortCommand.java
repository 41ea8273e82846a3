package dev.shellbox.shell.commands.text.sort;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.commands.text.ByteSink;
import dev.shellbox.shell.commands.text.Inputs;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.LineReader;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * sort: sort, merge or check lines of text files (GNU coreutils, C.UTF-8 collation, which is byte order). Lines are
 * read into one table and sorted in memory with a stable merge sort of their indices.
 */
public final class SortCommand implements Command {
    private static final int FAILURE = 2;

    private static final OptionParser OPTIONS = OptionParser.of("bcCdfghik:mMno:rRsS:t:T:uVy:z")
            .longOption("ignore-leading-blanks", 'b')
            .longOption("check", OptionParser.Arg.OPTIONAL)
            .longOption("dictionary-order", 'd')
            .longOption("ignore-case", 'f')
            .longOption("general-numeric-sort", 'g')
            .longOption("human-numeric-sort", 'h')
            .longOption("ignore-nonprinting", 'i')
            .longOption("key", 'k')
            .longOption("merge", 'm')
            .longOption("month-sort", 'M')
            .longOption("numeric-sort", 'n')
            .longOption("output", 'o')
            .longOption("random-sort", 'R')
            .longOption("random-source", OptionParser.Arg.REQUIRED)
            .longOption("reverse", 'r')
            .longOption("sort", OptionParser.Arg.REQUIRED)
            .longOption("stable", 's')
            .longOption("buffer-size", 'S')
            .longOption("field-separator", 't')
            .longOption("temporary-directory", 'T')
            .longOption("unique", 'u')
            .longOption("version-sort", 'V')
            .longOption("zero-terminated", 'z')
            .longOption("parallel", OptionParser.Arg.REQUIRED)
            .longOption("batch-size", OptionParser.Arg.REQUIRED)
            .longOption("compress-program", OptionParser.Arg.REQUIRED)
            .longOption("files0-from", OptionParser.Arg.REQUIRED);

    @Override
    public String name() {
        return "sort";
    }

    @Override
    public String help() {
        return """
                Usage: sort [OPTION]... [FILE]...
                  or:  sort [OPTION]... --files0-from=F
                Write sorted concatenation of all FILE(s) to standard output.

                With no FILE, or when FILE is -, read standard input.

                Mandatory arguments to long options are mandatory for short options too.
                Ordering options:

                  -b, --ignore-leading-blanks  ignore leading blanks
                  -d, --dictionary-order      consider only blanks and alphanumeric characters
                  -f, --ignore-case           fold lower case to upper case characters
                  -g, --general-numeric-sort  compare according to general numerical value
                  -i, --ignore-nonprinting    consider only printable characters
                  -M, --month-sort            compare (unknown) < 'JAN' < ... < 'DEC'
                  -h, --human-numeric-sort    compare human readable numbers (e.g., 2K 1G)
                  -n, --numeric-sort          compare according to string numerical value
                  -R, --random-sort           shuffle, but group identical keys.  See shuf(1)
                      --random-source=FILE    get random bytes from FILE
                  -r, --reverse               reverse the result of comparisons
                      --sort=WORD             sort according to WORD:
                                                general-numeric -g, human-numeric -h, month -M,
                                                numeric -n, random -R, version -V
                  -V, --version-sort          natural sort of (version) numbers within text

                Other options:

                      --batch-size=NMERGE   accepted; everything is merged in memory
                  -c, --check, --check=diagnose-first  check for sorted input; do not sort
                  -C, --check=quiet, --check=silent  like -c, but do not report first bad line
                      --compress-program=PROG  accepted; no temporary files are used
                      --files0-from=F       read input from the files specified by
                                            NUL-terminated names in file F;
                                            If F is - then read names from standard input
                  -k, --key=KEYDEF          sort via a key; KEYDEF gives location and type
                  -m, --merge               merge already sorted files; do not sort
                  -o, --output=FILE         write result to FILE instead of standard output
                  -s, --stable              stabilize sort by disabling last-resort comparison
                  -S, --buffer-size=SIZE    accepted; lines are sorted in memory
                  -t, --field-separator=SEP  use SEP instead of non-blank to blank transition
                  -T, --temporary-directory=DIR  accepted; no temporary files are used
                      --parallel=N          change the number of sorts run concurrently to N
                  -u, --unique              with -c, check for strict ordering;
                                              without -c, output only the first of an equal run
                  -z, --zero-terminated     line delimiter is NUL, not newline
                      --help        display this help and exit
                      --version     output version information and exit

                KEYDEF is F[.C][OPTS][,F[.C][OPTS]] for start and stop position, where F is a
                field number and C a character position in the field; both are origin 1, and
                the stop position defaults to the line's end.  If neither -t nor -b is in
                effect, characters in a field are counted from the beginning of the preceding
                whitespace.  OPTS is one or more single-letter ordering options [bdfgiMhnRrV],
                which override global ordering options for that key.  If no key is given, use
                the entire line as the key.

                -R uses a fixed seed unless --random-source names a file to seed it from.
                """;
    }

    /** A usage problem: the message and the exit status GNU gives it. */
    private static final class SortUsageException extends Exception {
        final int status;
        final boolean tryHelp;

        SortUsageException(String message, int status, boolean tryHelp) {
            super(message, null, false, false);
            this.status = status;
            this.tryHelp = tryHelp;
        }
    }

    /** Everything the command line asks for. */
    private static final class Settings {
        final SortKey global = new SortKey();
        final List<SortKey> keys = new ArrayList<>();
        int tab = -1;
        String output;
        char check; // 0, 'c' or 'C'
        boolean checkBoth;
        boolean merge;
        boolean stable;
        boolean unique;
        byte delimiter = '\n';
        int threads = Math.min(8, Runtime.getRuntime().availableProcessors());
        String randomSource;
        String filesFrom;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), FAILURE);
        }
        Settings s = new Settings();
        try {
            configure(parsed, s);
        } catch (SortUsageException e) {
            if (e.tryHelp) {
                return ctx.usageError(e.getMessage(), e.status);
            }
            ctx.error(e.getMessage());
            return e.status;
        } catch (SortKey.KeyException e) {
            ctx.error(e.getMessage());
            return FAILURE;
        }
        List<String> files;
        if (s.filesFrom != null) {
            if (!parsed.operands().isEmpty()) {
                return ctx.usageError(
                        "extra operand " + Quoting.shellAlways(parsed.operands().get(0))
                                + "\nfile operands cannot be combined with --files0-from",
                        FAILURE);
            }
            files = readNameList(ctx, s.filesFrom);
            if (files == null) {
                return FAILURE;
            }
        } else {
            files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        }
        SortKey[] keys = effectiveKeys(s);
        for (SortKey key : keys) {
            String clash = key.incompatibility();
            if (clash != null) {
                ctx.error("options '-" + clash + "' are incompatible");
                return FAILURE;
            }
        }
        long seed = 0x5DEECE66DL;
        if (s.randomSource != null) {
            try (InputStream in = Inputs.open(ctx, s.randomSource)) {
                byte[] bytes = in.readNBytes(64);
                for (byte b : bytes) {
                    seed = seed * 31 + b;
                }
            } catch (FsException e) {
                ctx.error("open failed: " + Quoting.shell(s.randomSource) + ": "
                        + e.errno().message());
                return FAILURE;
            }
        }
        LineOrder order = new LineOrder(keys, s.tab, !(s.unique || s.stable), s.global.reverse, seed);
        if (s.check != 0) {
            if (files.size() > 1) {
                ctx.error("extra operand " + Quoting.shellAlways(files.get(1)) + " not allowed with -" + s.check);
                return FAILURE;
            }
            return check(ctx, files.get(0), order, s);
        }
        return sortFiles(ctx, files, order, s);
    }

    private static void configure(ParsedOptions parsed, Settings s) throws SortUsageException, SortKey.KeyException {
        for (ParsedOptions.Option o : parsed.options()) {
            String key = o.key();
            String value = o.value();
            if (key.length() == 1 && s.global.applyOption(key.charAt(0), false)) {
                if (key.equals("b")) {
                    s.global.skipEndBlanks = true;
                }
                continue;
            }
            switch (key) {
                case "k" -> s.keys.add(SortKey.parse(value));
                case "t" -> s.tab = parseTab(value, s.tab);
                case "o" -> {
                    if (s.output != null && !s.output.equals(value)) {
                        throw new SortUsageException("multiple output files specified", FAILURE, false);
                    }
                    s.output = value;
                }
                case "c", "C" -> setCheck(s, key.charAt(0));
                case "check" -> setCheck(s, checkMode(value));
                case "m" -> s.merge = true;
                case "s" -> s.stable = true;
                case "u" -> s.unique = true;
                case "z" -> s.delimiter = 0;
                case "sort" -> s.global.applyOption(sortWord(value), false);
                case "random-source" -> s.randomSource = value;
                case "files0-from" -> s.filesFrom = value;
                case "S" -> checkBufferSize(value);
                case "parallel" -> s.threads = Math.min(s.threads, parallelValue(value));
                case "batch-size" -> checkBatchSize(value);
                default -> {} // -T, -y, --compress-program: no temporary files here
            }
        }
        if (s.checkBoth) {
            throw new SortUsageException("options '-cC' are incompatible", FAILURE, false);
        }
        if (s.check != 0 && s.output != null) {
            throw new SortUsageException("options '-" + s.check + "o' are incompatible", FAILURE, false);
        }
    }

    private static void setCheck(Settings s, char mode) {
        if (s.check != 0 && s.check != mode) {
            s.checkBoth = true;
        }
        s.check = mode;
    }

    private static char checkMode(String value) throws SortUsageException {
        if (value == null) {
            return 'c';
        }
        if (!value.isEmpty()) {
            if ("diagnose-first".startsWith(value)) {
                return 'c';
            }
            if ("quiet".startsWith(value) || "silent".startsWith(value)) {
                return 'C';
            }
        }
        throw new SortUsageException(
                "invalid argument " + Quoting.locale(value) + " for " + Quoting.locale("--check") + "\n"
                        + "Valid arguments are:\n  - " + Quoting.locale("quiet") + ", " + Quoting.locale("silent")
                        + "\n  - " + Quoting.locale("diagnose-first"),
                1,
                true);
    }

    private static final String[] SORT_WORDS = {
        "general-numeric", "human-numeric", "month", "numeric", "random", "version"
    };
    private static final char[] SORT_LETTERS = {'g', 'h', 'M', 'n', 'R', 'V'};

    private static char sortWord(String value) throws SortUsageException {
        int match = -1;
        for (int i = 0; i < SORT_WORDS.length; i++) {
            if (SORT_WORDS[i].equals(value)) {
                return SORT_LETTERS[i];
            }
            if (!value.isEmpty() && SORT_WORDS[i].startsWith(value)) {
                match = match == -1 ? i : -2;
            }
        }
        if (match >= 0) {
            return SORT_LETTERS[match];
        }
        StringBuilder sb = new StringBuilder((match == -2 ? "ambiguous" : "invalid") + " argument "
                + Quoting.locale(value) + " for " + Quoting.locale("--sort") + "\nValid arguments are:");
        for (String word : SORT_WORDS) {
            sb.append("\n  - ").append(Quoting.locale(word));
        }
        throw new SortUsageException(sb.toString(), 1, true);
    }

    private static int parseTab(String value, int current) throws SortUsageException {
        byte[] bytes = Text.encode(value);
        int tab;
        if (bytes.length == 0) {
            throw new SortUsageException("empty tab", FAILURE, false);
        } else if (bytes.length == 1) {
            tab = bytes[0] & 0xff;
        } else if (value.equals("\\0")) {
            tab = 0;
        } else {
            throw new SortUsageException("multi-character tab " + Quoting.locale(value), FAILURE, false);
        }
        if (current != -1 && current != tab) {
            throw new SortUsageException("incompatible tabs", FAILURE, false);
        }
        return tab;
    }

    private static void checkBufferSize(String value) throws SortUsageException {
        int i = 0;
        while (i < value.length() && Character.isDigit(value.charAt(i))) {
            i++;
        }
        if (i == 0) {
            throw new SortUsageException("invalid -S argument " + Quoting.shellAlways(value), FAILURE, false);
        }
        String suffix = value.substring(i);
        if (!suffix.isEmpty() && !(suffix.length() == 1 && "%bkKmMgGtTpPeEzZyYrRqQ".contains(suffix))) {
            throw new SortUsageException("invalid suffix in -S argument " + Quoting.shellAlways(value), FAILURE, false);
        }
    }

    private static int parallelValue(String value) throws SortUsageException {
        if (!value.matches("\\s*\\+?\\d+")) {
            throw new SortUsageException("invalid --parallel argument " + Quoting.shellAlways(value), FAILURE, false);
        }
        String digits = value.replaceAll("[\\s+]", "").replaceFirst("^0+(?=\\d)", "");
        if (digits.equals("0")) {
            throw new SortUsageException("number in parallel must be nonzero", FAILURE, false);
        }
        return digits.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(digits);
    }

    private static void checkBatchSize(String value) throws SortUsageException {
        if (!value.matches("\\s*\\+?\\d+")) {
            throw new SortUsageException("invalid --batch-size argument " + Quoting.shellAlways(value), FAILURE, false);
        }
        String digits = value.replaceAll("[\\s+]", "").replaceFirst("^0+(?=\\d)", "");
        if (digits.length() == 1 && digits.charAt(0) < '2') {
            throw new SortUsageException(
                    "invalid --batch-size argument " + Quoting.locale(value)
                            + "\nsort: minimum --batch-size argument is " + Quoting.locale("2"),
                    FAILURE,
                    false);
        }
    }

    /** The keys after inheritance: keys without options take the global ones; no key means the global one. */
    private static SortKey[] effectiveKeys(Settings s) {
        List<SortKey> keys = new ArrayList<>();
        for (SortKey key : s.keys) {
            if (key.hasNoOrderingOptions()) {
                key.inherit(s.global);
            }
            keys.add(key);
        }
        if (keys.isEmpty() && !(s.global.hasNoOrderingOptions() || onlyReverse(s.global))) {
            keys.add(s.global); // the whole line, compared with the global options
        }
        return keys.toArray(new SortKey[0]);
    }

    private static boolean onlyReverse(SortKey k) {
        SortKey copy = new SortKey();
        copy.inherit(k);
        copy.reverse = false;
        return copy.hasNoOrderingOptions();
    }

    private static List<String> readNameList(CommandContext ctx, String listFile) throws IOException {
        byte[] content;
        try (InputStream in = Inputs.open(ctx, listFile)) {
            content = in.readAllBytes();
        } catch (FsException e) {
            ctx.error(
                    "open failed: " + Quoting.shell(listFile) + ": " + e.errno().message());
            return null;
        }
        List<String> names = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= content.length; i++) {
            if (i == content.length ? i > start : content[i] == 0) {
                String name = Text.decode(content, start, i - start);
                if (name.isEmpty()) {
                    ctx.error(Quoting.shell(listFile) + ":" + (names.size() + 1) + ": invalid zero-length file name");
                    return null;
                }
                if (name.equals("-") && listFile.equals("-")) {
                    ctx.error("when reading file names from standard input, no file name of " + Quoting.shellAlways("-")
                            + " allowed");
                    return null;
                }
                names.add(name);
                start = i + 1;
            }
        }
        if (names.isEmpty()) {
            ctx.error("no input from " + Quoting.shellAlways(listFile));
            return null;
        }
        return names;
    }

    private static int sortFiles(CommandContext ctx, List<String> files, LineOrder order, Settings s)
            throws IOException {
        LineTable table = new LineTable();
        int[] runStarts = new int[files.size()];
        try {
            for (int f = 0; f < files.size(); f++) {
                String file = files.get(f);
                runStarts[f] = table.count;
                try (InputStream in = Inputs.open(ctx, file)) {
                    table.read(in, s.delimiter, ctx::checkCancelled);
                } catch (FsException e) {
                    if (e.errno() == Errno.EISDIR) {
                        ctx.error("read failed: " + Quoting.shell(file) + ": "
                                + e.errno().message());
                    } else {
                        ctx.error("cannot read: " + Quoting.shell(file) + ": "
                                + e.errno().message());
                    }
                    return FAILURE;
                }
            }
        } catch (LineTable.TooLargeException e) {
            ctx.error("memory exhausted");
            return FAILURE;
        }
        order.prepare(table);
        int[] index = new int[table.count];
        for (int i = 0; i < index.length; i++) {
            index[i] = i;
        }
        if (s.merge) {
            new IndexSort(order, ctx::checkCancelled).mergeRuns(index, index.length, runStarts);
        } else {
            ParallelSort.sort(index, index.length, order, order.radixKeys(), s.threads, ctx::checkCancelled);
        }
        OutputStream target;
        if (s.output == null) {
            target = ctx.stdout();
        } else {
            try {
                target = ctx.openOutput(s.output, WriteMode.TRUNCATE);
            } catch (FsException e) {
                ctx.error("open failed: " + Quoting.shell(s.output) + ": "
                        + e.errno().message());
                return FAILURE;
            }
        }
        try (ByteSink out = new ByteSink(target)) {
            byte[] data = table.data;
            int previous = -1;
            for (int k = 0; k < index.length; k++) {
                int line = index[k];
                if (s.unique && previous >= 0 && order.compare(previous, line) == 0) {
                    continue;
                }
                if ((k & 0xffff) == 0) {
                    ctx.checkCancelled();
                }
                out.write(data, table.starts[line], table.ends[line] - table.starts[line]);
                out.write(s.delimiter);
                previous = line;
            }
        } finally {
            if (s.output != null) {
                target.close();
            }
        }
        return 0;
    }

    /** -c / -C: reports the first line out of order; exit status 1 when there is one. */
    private static int check(CommandContext ctx, String file, LineOrder order, Settings s) throws IOException {
        InputStream in;
        try {
            in = Inputs.open(ctx, file);
        } catch (FsException e) {
            if (e.errno() == Errno.EISDIR) {
                ctx.error(
                        "read failed: " + Quoting.shell(file) + ": " + e.errno().message());
            } else {
                ctx.error(
                        "cannot read: " + Quoting.shell(file) + ": " + e.errno().message());
            }
            return FAILURE;
        }
        try (InputStream input = in) {
            LineReader lines = new LineReader(input, s.delimiter);
            LineTable pair = new LineTable();
            byte[] previous = null;
            long number = 0;
            while (lines.next()) {
                ctx.checkCancelled();
                number++;
                byte[] current = lines.bytes();
                if (previous != null) {
                    pair.clear();
                    pair.add(previous, 0, previous.length);
                    pair.add(current, 0, current.length);
                    order.prepare(pair);
                    int diff = order.compare(0, 1);
                    if (s.unique ? diff >= 0 : diff > 0) {
                        if (s.check == 'c') {
                            ByteSink err = new ByteSink(ctx.stderr());
                            err.write(Text.encode(ctx.commandName() + ": " + file + ":" + number + ": disorder: "));
                            err.write(current);
                            err.write(s.delimiter); // the line with its own terminator, NUL under -z
                            err.flush();
                        }
                        return 1;
                    }
                }
                previous = current;
            }
        } catch (LineTable.TooLargeException e) {
            ctx.error("memory exhausted");
            return FAILURE;
        }
        return 0;
    }
}
