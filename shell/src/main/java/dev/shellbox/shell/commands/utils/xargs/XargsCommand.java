package dev.shellbox.shell.commands.utils.xargs;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.commands.utils.GnuMessages;
import dev.shellbox.shell.fs.FsException;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * xargs: build command lines from input items and run them (GNU findutils). Commands run through the context's runner;
 * with -P they run on parallel threads that share the output streams.
 */
public final class XargsCommand implements Command {
    /** sysconf(_SC_ARG_MAX) on Linux with the usual 8 MiB stack. */
    static final long ARG_MAX = 2_097_152;
    /** Room GNU xargs leaves for the exec itself. */
    static final long HEADROOM = 2048;
    /** The command buffer GNU uses when the system allows more. */
    static final long DEFAULT_BUFFER = 131_072;

    private static final Pattern NUMBER = Pattern.compile("[ \\t\\n\\r\\f\\u000b]*[+-]?[0-9]+");

    private static final OptionParser OPTIONS = OptionParser.of("0a:d:E:e::I:i::L:l::n:opP:rs:tx")
            .longOption("null", '0')
            .longOption("arg-file", 'a')
            .longOption("delimiter", 'd')
            .longOption("eof", 'e')
            .longOption("replace", 'i')
            .longOption("max-lines", 'l')
            .longOption("max-args", 'n')
            .longOption("open-tty", 'o')
            .longOption("interactive", 'p')
            .longOption("max-procs", 'P')
            .longOption("no-run-if-empty", 'r')
            .longOption("max-chars", 's')
            .longOption("verbose", 't')
            .longOption("exit", 'x')
            .longOption("show-limits", OptionParser.Arg.NONE)
            .longOption("process-slot-var", OptionParser.Arg.REQUIRED)
            .stopAtFirstOperand();

    @Override
    public String name() {
        return "xargs";
    }

    @Override
    public String help() {
        return """
                Usage: xargs [OPTION]... COMMAND [INITIAL-ARGS]...
                Run COMMAND with arguments INITIAL-ARGS and more arguments read from input.

                Mandatory and optional arguments to long options are also
                mandatory or optional for the corresponding short option.
                  -0, --null                   items are separated by a null, not whitespace;
                                                 disables quote and backslash processing and
                                                 logical EOF processing
                  -a, --arg-file=FILE          read arguments from FILE, not standard input
                  -d, --delimiter=CHARACTER    items in input stream are separated by CHARACTER,
                                                 not by whitespace; disables quote and backslash
                                                 processing and logical EOF processing
                  -E END                       set logical EOF string; if END occurs as a line
                                                 of input, the rest of the input is ignored
                                                 (ignored if -0 or -d was specified)
                  -e, --eof[=END]              equivalent to -E END if END is specified;
                                                 otherwise, there is no end-of-file string
                  -I R                         same as --replace=R
                  -i, --replace[=R]            replace R in INITIAL-ARGS with names read
                                                 from standard input, split at newlines;
                                                 if R is unspecified, assume {}
                  -L, --max-lines=MAX-LINES    use at most MAX-LINES non-blank input lines per
                                                 command line
                  -l[MAX-LINES]                similar to -L but defaults to at most one non-
                                                 blank input line if MAX-LINES is not specified
                  -n, --max-args=MAX-ARGS      use at most MAX-ARGS arguments per command line
                  -o, --open-tty               Reopen stdin as /dev/tty in the child process
                                                 before executing the command (no terminal here)
                  -P, --max-procs=MAX-PROCS    run at most MAX-PROCS processes at a time
                  -p, --interactive            prompt before running commands (no terminal here)
                      --process-slot-var=VAR   set environment variable VAR in child processes
                  -r, --no-run-if-empty        if there are no arguments, then do not run COMMAND;
                                                 if this option is not given, COMMAND will be
                                                 run at least once
                  -s, --max-chars=MAX-CHARS    limit length of command line to MAX-CHARS
                      --show-limits            show limits on command-line length
                  -t, --verbose                print commands before executing them
                  -x, --exit                   exit if the size (see -s) is exceeded
                      --help                   display this help and exit
                      --version                output version information and exit
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        XargsSettings s = new XargsSettings();
        long envSize = environmentSize(ctx.env());
        long upper = ARG_MAX - HEADROOM - envSize;
        s.argMax = Math.min(DEFAULT_BUFFER, upper - envSize);
        for (ParsedOptions.Option o : parsed.options()) {
            String v = o.value();
            switch (o.key()) {
                case "0" -> s.delimiter = 0;
                case "a" -> s.argFile = v;
                case "d" -> {
                    Integer d = Delimiters.parse(ctx, v);
                    if (d == null) {
                        return 1;
                    }
                    s.delimiter = d;
                }
                case "E" -> s.eofString = v.isEmpty() ? null : v;
                case "e" -> s.eofString = v == null || v.isEmpty() ? null : v;
                case "I", "i" -> {
                    if (s.argsPerExec > 0) {
                        warnExclusive(ctx, "--max-args", "--replace/-I/-i", "--max-args");
                        s.argsPerExec = 0;
                    }
                    if (s.linesPerExec > 0) {
                        warnExclusive(ctx, "--max-lines", "--replace/-I/-i", "--max-lines");
                        s.linesPerExec = 0;
                    }
                    s.replace = v == null || (o.key().equals("i") && v.isEmpty()) ? "{}" : v;
                }
                case "L", "l" -> {
                    Long n = number(ctx, v == null ? "1" : v, 'L', 1, -1, true);
                    if (n == null) {
                        return 1;
                    }
                    if (s.argsPerExec > 0) {
                        warnExclusive(ctx, "--max-args", "-L", "--max-args");
                        s.argsPerExec = 0;
                    }
                    if (s.replace != null && n != 1) {
                        warnExclusive(ctx, "--replace", "-L", "--replace");
                        s.replace = null;
                    }
                    if (s.replace == null) {
                        s.linesPerExec = n;
                    }
                }
                case "n" -> {
                    Long n = number(ctx, v, 'n', 1, -1, true);
                    if (n == null) {
                        return 1;
                    }
                    if (s.linesPerExec > 0) {
                        warnExclusive(ctx, "--max-lines", "--max-args/-n", "--max-lines");
                        s.linesPerExec = 0;
                    }
                    if (s.replace != null && n != 1) {
                        warnExclusive(ctx, "--replace", "--max-args/-n", "--replace");
                        s.replace = null;
                    }
                    if (s.replace == null) {
                        s.argsPerExec = n;
                    }
                }
                case "P" -> {
                    Long n = number(ctx, v, 'P', 0, Integer.MAX_VALUE, true);
                    if (n == null) {
                        return 1;
                    }
                    s.maxProcs = n.intValue();
                }
                case "s" -> {
                    Long n = number(ctx, v, 's', 1, upper, false);
                    if (n == null) {
                        return 1;
                    }
                    s.argMax = n;
                }
                case "o" -> s.openTty = true;
                case "p" -> s.interactive = true;
                case "r" -> s.noRunIfEmpty = true;
                case "t" -> s.verbose = true;
                case "x" -> s.exitIfSizeExceeded = true;
                case "show-limits" -> s.showLimits = true;
                case "process-slot-var" -> s.slotVariable = v;
                default -> throw new IllegalStateException("unhandled option " + o.key());
            }
        }
        if (s.delimiter >= 0 && s.eofString != null) {
            // GNU's message ends with its own newline, so a blank line follows it.
            ctx.error("warning: the -E option has no effect if -0 or -d is used.\n");
        }
        if (s.showLimits) {
            showLimits(ctx, envSize, upper, s.argMax);
        }
        s.command = parsed.operands().isEmpty() ? List.of("echo") : parsed.operands();

        InputStream input;
        boolean closeInput = false;
        if (s.argFile != null && !s.argFile.equals("-")) {
            try {
                input = ctx.openInput(s.argFile);
                closeInput = true;
            } catch (FsException e) {
                ctx.error("Cannot open input file " + GnuMessages.quote(s.argFile) + ": "
                        + e.errno().message());
                return 1;
            }
        } else {
            input = ctx.stdin();
        }
        // Commands read /dev/null unless the items come from a file (-a), as with GNU xargs.
        InputStream childStdin = s.argFile != null ? ctx.stdin() : InputStream.nullInputStream();
        try {
            return new XargsRun(ctx, s, childStdin).run(input);
        } finally {
            if (closeInput) {
                input.close();
            }
        }
    }

    private static void warnExclusive(CommandContext ctx, String previous, String current, String ignored)
            throws IOException {
        ctx.error("warning: options " + previous + " and " + current + " are mutually exclusive, ignoring previous "
                + ignored + " value");
    }

    /** findutils' parse_num: strtol, then a range check that is fatal or clamps. Null after a fatal error. */
    private static Long number(CommandContext ctx, String text, char option, long min, long max, boolean fatal)
            throws IOException {
        if (!NUMBER.matcher(text).matches()) {
            ctx.error("invalid number \"" + text + "\" for -" + option + " option");
            GnuMessages.tryHelp(ctx, 1);
            return null;
        }
        long value;
        String digits = text.strip();
        try {
            value = Long.parseLong(digits.startsWith("+") ? digits.substring(1) : digits);
        } catch (NumberFormatException e) {
            value = digits.startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        if (value < min) {
            ctx.error("value " + text + " for -" + option + " option should be >= " + min);
            if (fatal) {
                GnuMessages.tryHelp(ctx, 1);
                return null;
            }
            return min;
        }
        if (max >= 0 && value > max) {
            ctx.error("value " + text + " for -" + option + " option should be <= " + max);
            if (fatal) {
                GnuMessages.tryHelp(ctx, 1);
                return null;
            }
            return max;
        }
        return value;
    }

    /** What the environment takes in an exec: each NAME=VALUE string with its terminating NUL. */
    static long environmentSize(Map<String, String> env) {
        long size = 0;
        for (Map.Entry<String, String> e : env.entrySet()) {
            size += dev.shellbox.shell.io.Text.encode(e.getKey()).length
                    + dev.shellbox.shell.io.Text.encode(e.getValue()).length
                    + 2;
        }
        return size;
    }

    private static void showLimits(CommandContext ctx, long envSize, long upper, long argMax) throws IOException {
        String text = "Your environment variables take up " + envSize + " bytes\n"
                + "POSIX upper limit on argument length (this system): " + upper + "\n"
                + "POSIX smallest allowable upper limit on argument length (all systems): 4096\n"
                + "Maximum length of command we could actually use: " + (upper - envSize) + "\n"
                + "Size of command buffer we are actually using: " + argMax + "\n"
                + "Maximum parallelism (--max-procs must be no greater): " + Integer.MAX_VALUE + "\n";
        ctx.stderr().write(dev.shellbox.shell.io.Text.encode(text));
        ctx.stderr().flush();
    }
}
