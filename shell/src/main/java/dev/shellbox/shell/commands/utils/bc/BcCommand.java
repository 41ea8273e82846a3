package dev.shellbox.shell.commands.utils.bc;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.io.LineReader;
import dev.shellbox.shell.io.Text;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * bc: an arbitrary-precision calculator language (GNU bc). Input is read line by line and each complete line (or
 * function definition) runs as soon as it is read, so bc works in pipelines that feed it gradually.
 */
public final class BcCommand implements Command {
    private static final long INTERPRETER_STACK_BYTES = 256L << 20;

    private static final OptionParser OPTIONS = OptionParser.of("hilqswv")
            .longOption("help", 'h')
            .longOption("interactive", 'i')
            .longOption("mathlib", 'l')
            .longOption("quiet", 'q')
            .longOption("standard", 's')
            .longOption("warn", 'w')
            .longOption("version", 'v');

    @Override
    public String name() {
        return "bc";
    }

    @Override
    public String help() {
        return """
                usage: bc [options] [file ...]
                  -h  --help         print this usage and exit
                  -i  --interactive  force interactive mode
                  -l  --mathlib      use the predefined math routines
                  -q  --quiet        don't print initial banner
                  -s  --standard     non-standard bc constructs are errors
                  -w  --warn         warn about non-standard bc constructs
                  -v  --version      print version information and exit
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            ctx.error(e.getMessage());
            ctx.stderr().write(Text.encode(help()));
            return 1;
        }
        if (parsed.has('h')) {
            ctx.print(help());
            ctx.stdout().flush();
            return 0;
        }
        if (parsed.has('v')) {
            ctx.print("bc (Shellbox) 1.0\n");
            ctx.stdout().flush();
            return 0;
        }
        // Deeply recursive bc functions need a deep Java stack: the program runs on a thread with a large one.
        int[] status = new int[1];
        Throwable[] failure = new Throwable[1];
        Thread worker = new Thread(
                null,
                () -> {
                    try {
                        status[0] = runProgram(ctx, parsed);
                    } catch (IOException | RuntimeException | Error e) {
                        failure[0] = e; // rethrown on the caller's thread
                    }
                },
                "bc",
                INTERPRETER_STACK_BYTES);
        worker.start();
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ctx.cancellation().cancel("interrupted");
            worker.interrupt();
            throw new dev.shellbox.shell.io.CancelledException("interrupted");
        }
        if (failure[0] instanceof java.io.UncheckedIOException e) {
            throw e.getCause(); // wrapped where a callback could not throw it
        }
        if (failure[0] instanceof IOException e) {
            throw e;
        }
        if (failure[0] instanceof RuntimeException e) {
            throw e;
        }
        if (failure[0] instanceof Error e) {
            throw e;
        }
        return status[0];
    }

    private int runProgram(CommandContext ctx, ParsedOptions parsed) throws IOException {
        OutputStream stdout = new BufferedOutputStream(ctx.stdout(), 8192);
        BcOutput out = new BcOutput(stdout, lineLength(ctx.env("BC_LINE_LENGTH")));
        Source[] current = new Source[1];
        BcInterpreter interpreter = new BcInterpreter(
                out, ctx.stderr(), parsed.has('l'), ctx::checkCancelled, () -> current[0].readLineUnchecked());
        try {
            for (String file : parsed.operands()) {
                InputStream in;
                try {
                    in = ctx.openInput(file);
                } catch (FsException e) {
                    stdout.flush();
                    ctx.stderr().write(Text.encode("File " + file + " is unavailable.\n"));
                    ctx.stderr().flush();
                    return 1;
                }
                try (in) {
                    current[0] = new Source(file, new LineReader(in));
                    if (!runSource(ctx, current[0], interpreter)) {
                        return 0;
                    }
                }
            }
            current[0] = new Source("(standard_in)", new LineReader(ctx.stdin()));
            runSource(ctx, current[0], interpreter);
            return 0;
        } catch (BcInterpreter.Halt halt) {
            return 0;
        } finally {
            stdout.flush();
        }
    }

    private static int lineLength(String value) {
        if (value == null || !value.matches("[0-9]{1,9}")) {
            return 70;
        }
        int n = Integer.parseInt(value);
        return n == 1 ? 70 : n;
    }

    /** One input of the program, read line by line. */
    private static final class Source {
        final String name;
        final LineReader lines;
        int lineNumber;

        Source(String name, LineReader lines) {
            this.name = name;
            this.lines = lines;
        }

        String readLine() throws IOException {
            if (!lines.next()) {
                return null;
            }
            lineNumber++;
            return lines.text();
        }

        /** readLine for read(), whose callback cannot throw IOException. */
        String readLineUnchecked() {
            try {
                return readLine();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /**
     * Runs a source; returns false when it quit. Lines accumulate until they parse as complete items, so an item may
     * span lines (function bodies, braces, a statement after "if (...)").
     */
    private static boolean runSource(CommandContext ctx, Source source, BcInterpreter interpreter)
            throws IOException, BcInterpreter.Halt {
        List<String> pending = new ArrayList<>();
        int pendingFirstLine = 1;
        String line;
        while ((line = source.readLine()) != null) {
            ctx.checkCancelled();
            if (pending.isEmpty()) {
                pendingFirstLine = source.lineNumber;
            }
            pending.add(line);
            if (line.endsWith("\\")) {
                continue; // a backslash joins the next line
            }
            Outcome outcome = runPending(ctx, source, pending, pendingFirstLine, interpreter, false);
            if (outcome.quit) {
                return false;
            }
            if (outcome.incompleteFrom < 0) {
                pending.clear();
            } else {
                // Keep the lines of the unfinished item and read more.
                pending.subList(0, outcome.incompleteFrom - pendingFirstLine).clear();
                pendingFirstLine = outcome.incompleteFrom;
            }
        }
        if (!pending.isEmpty()) {
            return !runPending(ctx, source, pending, pendingFirstLine, interpreter, true).quit;
        }
        return true;
    }

    private static void report(CommandContext ctx, String message) {
        try {
            ctx.stdout().flush();
            ctx.stderr().write(Text.encode(message + "\n"));
            ctx.stderr().flush();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** What running the pending lines did: quit, or the first line of an item still incomplete (-1 if none). */
    private record Outcome(boolean quit, int incompleteFrom) {}

    private static Outcome runPending(
            CommandContext ctx,
            Source source,
            List<String> pending,
            int firstLine,
            BcInterpreter interpreter,
            boolean atEnd)
            throws IOException, BcInterpreter.Halt {
        String text = String.join("\n", pending) + "\n";
        List<BcLexer.Token> tokens = BcLexer.tokenize(text, firstLine);
        BcLexer.Token lexError = tokens.stream()
                .filter(t -> t.kind() == BcLexer.Kind.ERROR)
                .findFirst()
                .orElse(null);
        if (lexError != null
                && !atEnd
                && (lexError.text().equals("string") || lexError.text().equals("comment"))) {
            return new Outcome(false, firstLine);
        }
        BcParser parser = new BcParser(
                tokens, t -> report(ctx, source.name + " " + t.line() + ": illegal character: " + t.text()));
        while (!parser.atEnd()) {
            int itemLine = parser.currentLine();
            try {
                BcParser.Item item = parser.nextItem();
                if (item.function() != null) {
                    interpreter.define(item.function());
                } else {
                    interpreter.run(item.statements());
                }
            } catch (BcParser.Quit quit) {
                return new Outcome(true, -1);
            } catch (BcParser.SyntaxError e) {
                if (e.atEndOfInput() && !atEnd) {
                    return new Outcome(false, itemLine);
                }
                report(ctx, source.name + " " + e.line + ": " + e.getMessage());
                parser.recover(e);
            }
        }
        return new Outcome(false, -1);
    }
}
