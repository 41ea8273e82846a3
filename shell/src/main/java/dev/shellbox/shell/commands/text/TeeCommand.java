package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.BrokenPipeException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/** tee: copy standard input to standard output and to files (GNU coreutils). */
public final class TeeCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("aip")
            .longOption("append", 'a')
            .longOption("ignore-interrupts", 'i')
            .longOption("output-error", OptionParser.Arg.OPTIONAL);

    private static final String[] MODES = {"warn", "warn-nopipe", "exit", "exit-nopipe"};

    @Override
    public String name() {
        return "tee";
    }

    @Override
    public String help() {
        return """
                Usage: tee [OPTION]... [FILE]...
                Copy standard input to each FILE, and also to standard output.

                  -a, --append              append to the given FILEs, do not overwrite
                  -i, --ignore-interrupts   ignore interrupt signals
                  -p                        diagnose errors writing to non pipes
                      --output-error[=MODE]   set behavior on write error.  See MODE below
                      --help        display this help and exit
                      --version     output version information and exit

                MODE determines behavior with write errors on the outputs:
                  warn           diagnose errors writing to any output
                  warn-nopipe    diagnose errors writing to any output not a pipe
                  exit           exit on error writing to any output
                  exit-nopipe    exit on error writing to any output not a pipe
                The default MODE for the -p option is 'warn-nopipe'.
                The default operation when --output-error is not specified, is to
                exit immediately on error writing to a pipe, and diagnose errors
                writing to non pipe outputs.
                """;
    }

    /** One destination: its name for messages and its stream, null once it failed. */
    private static final class Sink {
        final String name;
        OutputStream out;
        final boolean isStdout;

        Sink(String name, OutputStream out, boolean isStdout) {
            this.name = name;
            this.out = out;
            this.isStdout = isStdout;
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
        String mode = null; // null: default behaviour
        for (ParsedOptions.Option o : parsed.options()) {
            if (o.key().equals("p")) {
                mode = "warn-nopipe";
            } else if (o.key().equals("output-error")) {
                if (o.value() == null) {
                    mode = "warn-nopipe";
                } else {
                    mode = matchMode(o.value());
                    if (mode == null) {
                        return badMode(ctx, o.value());
                    }
                }
            }
        }
        WriteMode writeMode = parsed.has('a') ? WriteMode.APPEND : WriteMode.TRUNCATE;
        int status = 0;
        List<Sink> sinks = new ArrayList<>();
        sinks.add(new Sink("standard output", ctx.stdout(), true));
        for (String file : parsed.operands()) {
            try {
                sinks.add(new Sink(file, ctx.openOutput(file, writeMode), false));
            } catch (FsException e) {
                ctx.error(Quoting.shell(file) + ": " + e.errno().message());
                status = 1;
            }
        }
        boolean exitOnError = mode != null && mode.startsWith("exit");
        boolean pipeTolerant = mode != null && mode.endsWith("nopipe");
        try {
            InputStream in = ctx.stdin();
            byte[] buffer = new byte[1 << 16];
            int n;
            while ((n = in.read(buffer, 0, buffer.length)) >= 0) {
                ctx.checkCancelled();
                boolean anyLeft = false;
                for (Sink sink : sinks) {
                    if (sink.out == null) {
                        continue;
                    }
                    try {
                        sink.out.write(buffer, 0, n);
                        sink.out.flush();
                        anyLeft = true;
                    } catch (BrokenPipeException e) {
                        if (mode == null) {
                            throw e; // as SIGPIPE would end GNU tee
                        }
                        sink.out = null;
                        if (!pipeTolerant) {
                            ctx.error(sink.name + ": " + e.getMessage());
                            status = 1;
                            if (exitOnError) {
                                return 1;
                            }
                        }
                    } catch (FsException e) {
                        sink.out = null;
                        ctx.error(Quoting.shell(sink.name) + ": " + e.errno().message());
                        status = 1;
                        if (exitOnError) {
                            return 1;
                        }
                    }
                }
                if (!anyLeft && sinks.stream().noneMatch(s -> s.out != null)) {
                    break;
                }
            }
        } finally {
            for (Sink sink : sinks) {
                if (!sink.isStdout && sink.out != null) {
                    sink.out.close();
                }
            }
        }
        return status;
    }

    private static String matchMode(String value) {
        String found = null;
        for (String m : MODES) {
            if (m.equals(value)) {
                return m;
            }
            if (!value.isEmpty() && m.startsWith(value)) {
                if (found != null) {
                    return null;
                }
                found = m;
            }
        }
        return found;
    }

    private static int badMode(CommandContext ctx, String value) throws IOException {
        boolean ambiguous = false;
        int matches = 0;
        for (String m : MODES) {
            if (!value.isEmpty() && m.startsWith(value)) {
                matches++;
            }
        }
        ambiguous = matches > 1;
        StringBuilder sb = new StringBuilder((ambiguous ? "ambiguous" : "invalid") + " argument "
                + Quoting.locale(value) + " for " + Quoting.locale("--output-error") + "\nValid arguments are:");
        for (String m : MODES) {
            sb.append("\n  - ").append(Quoting.locale(m));
        }
        return ctx.usageError(sb.toString(), 1);
    }
}
