package dev.shellbox.shell.commands.utils;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.gnu.signal.Signal;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.CancelledException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ScheduledFuture;

/**
 * timeout: run a command and cancel it when the duration expires. The command runs under a child {@link Cancellation}
 * which a timer cancels; built-in commands stop at once, so the kill-after duration never has to be used.
 */
public final class TimeoutCommand implements Command {
    private static final int EXIT_TIMEDOUT = 124;
    private static final int EXIT_CANCELED = 125;

    private static final OptionParser OPTIONS = OptionParser.of("k:s:v")
            .longOption("kill-after", 'k')
            .longOption("signal", 's')
            .longOption("verbose", 'v')
            .longOption("preserve-status", OptionParser.Arg.NONE)
            .longOption("foreground", OptionParser.Arg.NONE)
            .stopAtFirstOperand();

    @Override
    public String name() {
        return "timeout";
    }

    @Override
    public String help() {
        return """
                Usage: timeout [OPTION] DURATION COMMAND [ARG]...
                  or:  timeout [OPTION]
                Start COMMAND, and kill it if still running after DURATION.

                Mandatory arguments to long options are mandatory for short options too.
                      --preserve-status
                                 exit with the same status as COMMAND, even when the
                                   command times out
                      --foreground
                                 when not running timeout directly from a shell prompt,
                                   allow COMMAND to read from the TTY and get TTY signals;
                                   in this mode, children of COMMAND will not be timed out
                  -k, --kill-after=DURATION
                                 also send a KILL signal if COMMAND is still running
                                   this long after the initial signal was sent
                  -s, --signal=SIGNAL
                                 specify the signal to be sent on timeout;
                                   SIGNAL may be a name like 'HUP' or a number;
                                   see 'kill -l' for a list of signals
                  -v, --verbose  diagnose to stderr any signal sent upon timeout

                DURATION is a floating point number with an optional suffix:
                's' for seconds (the default), 'm' for minutes, 'h' for hours or 'd' for days.
                A duration of 0 disables the associated timeout.

                Upon timeout, send the TERM signal to COMMAND, if no other SIGNAL specified.

                Exit status:
                  124  if COMMAND times out, and --preserve-status is not specified
                  125  if the timeout command itself fails
                  126  if COMMAND is found but cannot be invoked
                  127  if COMMAND cannot be found
                  137  if COMMAND (or timeout itself) is sent the KILL (9) signal (128+9)
                  -    the exit status of COMMAND otherwise
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), EXIT_CANCELED);
        }
        int signal = Signal.TERM;
        for (ParsedOptions.Option o : parsed.options()) {
            switch (o.key()) {
                case "s" -> {
                    signal = Signal.parse(o.value());
                    if (signal < 0) {
                        ctx.error(GnuMessages.quote(o.value()) + ": invalid signal");
                        return GnuMessages.tryHelp(ctx, EXIT_CANCELED);
                    }
                }
                case "k" -> {
                    if (TimeInterval.parseSeconds(o.value()) < 0) {
                        return invalidInterval(ctx, o.value());
                    }
                }
                default -> {} // -v, --preserve-status, --foreground
            }
        }
        List<String> operands = parsed.operands();
        if (operands.size() < 2) {
            return GnuMessages.tryHelp(ctx, EXIT_CANCELED);
        }
        double seconds = TimeInterval.parseSeconds(operands.get(0));
        if (seconds < 0) {
            return invalidInterval(ctx, operands.get(0));
        }
        List<String> argv = operands.subList(1, operands.size());
        Errno failure = ChildCommands.execFailure(ctx, argv.get(0));
        if (failure != null) {
            ctx.error("failed to run command " + GnuMessages.quote(argv.get(0)) + ": " + failure.message());
            return ChildCommands.execFailureStatus(failure);
        }

        Cancellation child = ctx.cancellation().child();
        CancelledException expiry = new CancelledException("timeout");
        ScheduledFuture<?> timer = seconds > 0 ? child.cancelAfter(TimeInterval.toMillis(seconds), expiry) : null;
        int status;
        boolean killed = false;
        try {
            status = ctx.withCancellation(child).run(argv);
        } catch (CancelledException e) {
            if (child.cause() != expiry || ctx.cancellation().isCancelled()) {
                throw e;
            }
            status = 128 + signal;
            killed = true;
        } finally {
            if (timer != null) {
                timer.cancel(false);
            }
        }
        if (child.cause() != expiry) {
            return status;
        }
        if (parsed.has('v')) {
            ctx.error("sending signal " + Signal.name(signal) + " to command " + GnuMessages.quote(argv.get(0)));
        }
        if (signal == Signal.KILL) {
            return 128 + Signal.KILL;
        }
        if (parsed.has("preserve-status")) {
            return killed ? 128 + signal : status;
        }
        return EXIT_TIMEDOUT;
    }

    private static int invalidInterval(CommandContext ctx, String text) throws IOException {
        ctx.error("invalid time interval " + GnuMessages.quote(text));
        return GnuMessages.tryHelp(ctx, EXIT_CANCELED);
    }
}
