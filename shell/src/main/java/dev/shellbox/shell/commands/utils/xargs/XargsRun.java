package dev.shellbox.shell.commands.utils.xargs;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.commands.utils.ChildCommands;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** One xargs execution: reads items, groups them into command lines and runs them, serially or in parallel. */
final class XargsRun {
    private static final int EXIT_CHILD_FAILED = 123;
    private static final int EXIT_CHILD_255 = 124;
    private static final int EXIT_CHILD_SIGNALLED = 125;
    /** What the runner reports for a command ended by a broken pipe (SIGPIPE). */
    private static final int SIGPIPE_STATUS = 141;

    private final CommandContext ctx;
    private final XargsSettings s;
    private final InputStream childStdin;
    private final long initialChars;
    private final ParallelLauncher launcher;
    private boolean anyChildFailed;
    private boolean executedAny;

    /** Ends the run with a status (an error already reported). */
    private static final class Stop extends Exception {
        final int status;

        Stop(int status) {
            super(null, null, false, false);
            this.status = status;
        }
    }

    XargsRun(CommandContext ctx, XargsSettings s, InputStream childStdin) {
        this.ctx = ctx;
        this.s = s;
        this.childStdin = childStdin;
        long chars = 0;
        for (String a : s.command) {
            chars += Text.encode(a).length + 1;
        }
        this.initialChars = chars;
        this.launcher = s.maxProcs == 1 ? null : new ParallelLauncher(ctx, s.maxProcs);
    }

    int run(InputStream input) throws IOException {
        try {
            try {
                runAll(input);
            } finally {
                if (launcher != null) {
                    for (ParallelLauncher.Result r : launcher.awaitAll()) {
                        handleStatus(r.argv(), r.status());
                    }
                }
            }
        } catch (Stop stop) {
            return stop.status;
        }
        // Only now have all parallel commands reported their statuses.
        return anyChildFailed ? EXIT_CHILD_FAILED : 0;
    }

    private void runAll(InputStream input) throws IOException, Stop {
        if (s.replace == null && initialChars > s.argMax) {
            ctx.error("cannot fit single argument within argument list size limit");
            throw new Stop(1);
        }
        ArgumentReader.Mode mode = s.delimiter >= 0
                ? ArgumentReader.Mode.DELIMITED
                : s.replace != null ? ArgumentReader.Mode.LINES : ArgumentReader.Mode.WORDS;
        ArgumentReader reader = new ArgumentReader(input, mode, s.delimiter, s.eofString, s.argMax - initialChars - 1);
        List<String> batch = new ArrayList<>();
        long batchChars = initialChars;
        long lines = 0;
        while (true) {
            ctx.checkCancelled();
            ArgumentReader.Item item;
            try {
                item = reader.next();
            } catch (ArgumentReader.UnmatchedQuoteException | ArgumentReader.ItemTooLongException e) {
                if (s.replace == null && !batch.isEmpty()) {
                    execute(withCommand(batch));
                }
                ctx.error(e.getMessage());
                throw new Stop(1);
            } finally {
                if (reader.takeNulWarning()) {
                    ctx.error("WARNING: a NUL character occurred in the input.  It cannot be passed through in the"
                            + " argument list.  Did you mean to use the --null option?");
                }
            }
            if (item == null) {
                break;
            }
            if (s.replace != null) {
                execute(replaced(item.text()));
                continue;
            }
            long length = Text.encode(item.text()).length + 1;
            if (!batch.isEmpty() && batchChars + length > s.argMax) {
                if (s.exitIfSizeExceeded && (s.linesPerExec > 0 || s.argsPerExec > 0)) {
                    ctx.error("argument list too long");
                    throw new Stop(1);
                }
                execute(withCommand(batch));
                batch.clear();
                batchChars = initialChars;
            }
            batch.add(item.text());
            batchChars += length;
            boolean full = s.argsPerExec > 0 && batch.size() >= s.argsPerExec;
            if (item.endsLine() && s.linesPerExec > 0 && ++lines >= s.linesPerExec) {
                full = true;
            }
            if (full) {
                execute(withCommand(batch));
                batch.clear();
                batchChars = initialChars;
                lines = 0;
            }
        }
        if (s.replace == null && (!batch.isEmpty() || (!s.noRunIfEmpty && !executedAny))) {
            execute(withCommand(batch));
        }
    }

    private List<String> withCommand(List<String> items) {
        List<String> argv = new ArrayList<>(s.command.size() + items.size());
        argv.addAll(s.command);
        argv.addAll(items);
        return argv;
    }

    /** The initial arguments with every occurrence of the -I string replaced; the command name is kept. */
    private List<String> replaced(String item) throws IOException, Stop {
        List<String> argv = new ArrayList<>(s.command.size());
        long chars = 0;
        for (int i = 0; i < s.command.size(); i++) {
            String a = s.command.get(i);
            String arg = i == 0 ? a : a.replace(s.replace, item);
            chars += Text.encode(arg).length + 1;
            argv.add(arg);
        }
        if (chars > s.argMax) {
            ctx.error("command too long");
            throw new Stop(1);
        }
        return argv;
    }

    private void execute(List<String> argv) throws IOException, Stop {
        executedAny = true;
        if (s.verbose || s.interactive) {
            StringBuilder line = new StringBuilder();
            for (String a : argv) {
                if (line.length() > 0) {
                    line.append(' ');
                }
                line.append(Quoting.shellEscape(a));
            }
            ctx.stderr().write(Text.encode(line + (s.interactive ? "" : "\n")));
            ctx.stderr().flush();
        }
        if (s.interactive) {
            ctx.error("failed to open /dev/tty for reading: No such device or address");
            throw new Stop(1);
        }
        if (s.openTty) {
            ctx.error(dev.shellbox.shell.commands.utils.GnuMessages.quote("/dev/tty") + ": No such device or address");
            throw new Stop(1);
        }
        Errno failure = ChildCommands.execFailure(ctx, argv.get(0));
        if (failure != null) {
            if (launcher != null) {
                for (ParallelLauncher.Result r : launcher.awaitAll()) {
                    handleStatus(r.argv(), r.status());
                }
            }
            ctx.error(argv.get(0) + ": " + failure.message());
            throw new Stop(ChildCommands.execFailureStatus(failure));
        }
        ctx.stdout().flush();
        if (launcher == null) {
            handleStatus(argv, childContext(0).run(argv));
            return;
        }
        List<ParallelLauncher.Result> finished = launcher.launch(argv, this::childContext);
        for (ParallelLauncher.Result r : finished) {
            handleStatus(r.argv(), r.status());
        }
    }

    private CommandContext childContext(int slot) {
        CommandContext child = ctx.withStreams(childStdin, ctx.stdout(), ctx.stderr());
        if (s.slotVariable != null) {
            Map<String, String> env = new HashMap<>(ctx.env());
            env.put(s.slotVariable, Integer.toString(slot));
            child = child.withEnv(env);
        }
        return child;
    }

    private void handleStatus(List<String> argv, int status) throws IOException, Stop {
        if (status == 255) {
            if (launcher != null) {
                launcher.awaitAll();
            }
            ctx.error(argv.get(0) + ": exited with status 255; aborting");
            throw new Stop(EXIT_CHILD_255);
        }
        if (status == SIGPIPE_STATUS) {
            if (launcher != null) {
                launcher.awaitAll();
            }
            ctx.error(argv.get(0) + ": terminated by signal 13");
            throw new Stop(EXIT_CHILD_SIGNALLED);
        }
        if (status != 0) {
            anyChildFailed = true;
        }
    }
}
