package dev.shellbox.shell.interp;

import dev.shellbox.shell.command.CommandRegistry;
import dev.shellbox.shell.command.CommandRunner;
import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.interp.builtins.Builtins;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.CancelledException;
import dev.shellbox.shell.io.LimitExceededException;
import dev.shellbox.shell.io.LimitNames;
import dev.shellbox.shell.io.Text;
import dev.shellbox.shell.net.NetworkAccess;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A bash session over a file system: the embedder API. Working directory, variables, functions, aliases and options
 * persist from one {@link #execute} to the next, like a terminal; one execution runs at a time per Shell, and any
 * number of Shells run in parallel.
 *
 * <pre>{@code
 * Shell shell = Shell.builder()
 *         .fileSystem(fs)
 *         .commands(StandardCommands.registry())
 *         .escalator(escalator)
 *         .network(network)
 *         .limits(ExecutionLimits.DEFAULT)
 *         .environment(Map.of("HOME", "/home/user"))
 *         .workingDirectory("/workspace")
 *         .build();
 * ExecutionResult r = shell.execute(Execution.builder("ls | wc -l")
 *         .stdin(stdin).stdout(stdout).stderr(stderr)
 *         .workingDirectory("/workspace/src")      // this call only
 *         .environment(Map.of("DEBUG", "1"))      // this call only
 *         .build());
 * }</pre>
 *
 * {@code exit} ends the execution, not the JVM; the session stays usable. Hitting a limit stops the execution with
 * status {@link ExecutionLimits#STATUS} and a message naming the limit.
 */
public final class Shell {
    /** The reason an execution's own processes are cancelled when it ends normally. */
    static final String FINISHED = "execution finished";
    /** How long an ending execution waits for its background jobs to start their escalated programs. */
    private static final long JOB_START_GRACE_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final Session session;
    private final Interpreter root;
    private final Object lock = new Object();

    private Shell(Builder b) {
        DeviceFileSystem[] device = new DeviceFileSystem[1];
        Session[] holder = new Session[1];
        device[0] = new DeviceFileSystem(b.fs, () -> commandNames(holder[0]), b.identity.uid(), b.identity.gid());
        ProcessBound processes = b.processes != null ? b.processes : ProcessBound.of(b.limits.maxProcesses());
        this.session = new Session(
                device[0],
                b.commands,
                b.escalator,
                b.limits,
                processes,
                b.identity,
                b.clock,
                b.network,
                b.processId - 1);
        holder[0] = session;
        session.registry = b.commands.register(new BashCommand(session, "bash"), new BashCommand(session, "sh"));
        this.root = ShellProcess.create(
                session,
                b.environment,
                PathNames.normalize(b.workingDirectory),
                new FdTable(),
                session.scope.cancellation);
        root.st.shellName = b.shellName;
        session.addProcess(root.st.pid, root);
    }

    private static Set<String> commandNames(Session s) {
        return s == null || s.registry == null ? Set.of() : s.registry.names();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The file system the shell sees, with its virtual devices. */
    public FileSystem fileSystem() {
        return session.fs;
    }

    /** The commands the shell runs in-process, including {@code bash} and {@code sh}. */
    public CommandRegistry commands() {
        return session.registry;
    }

    /** The current working directory. */
    public String workingDirectory() {
        return root.st.cwd;
    }

    /** The exported variables, as a command started now would see them. */
    public Map<String, String> environment() {
        synchronized (lock) {
            return Vars.environment(root);
        }
    }

    /** A variable's value (element 0 for arrays), or null when unset. */
    public String variable(String name) {
        synchronized (lock) {
            dev.shellbox.shell.expand.ShellVariable v = root.variable(name);
            return v == null ? null : v.scalarValue();
        }
    }

    /** Every built-in command and shell builtin name, sorted (what {@code --list-commands} prints). */
    public Set<String> commandNames() {
        Set<String> all = new TreeSet<>(session.registry.names());
        all.addAll(Builtins.names());
        return all;
    }

    /** A runner with this shell's lookup (builtins, registered commands, escalation) for embedders' own use. */
    public CommandRunner commandRunner() {
        return new External.Runner(root);
    }

    /**
     * Runs one {@link Execution} in this session: its working directory and variables hold for this call only (see
     * {@link Execution}).
     *
     * @throws ExecutionRejectedException before anything runs, when the working directory is not a directory or a
     *     variable cannot be set; the session is unchanged
     */
    public ExecutionResult execute(Execution execution) {
        return run(execution, sh -> {
            int status = sh.runText(execution.script(), sh.st.shellName, true);
            if (sh.control == Interpreter.Control.EXIT) {
                status = sh.controlStatus;
                status = sh.runExitTrap(status);
            }
            sh.control = Interpreter.Control.NONE;
            return status;
        });
    }

    /** Runs a script in this session; see the class comment. */
    public ExecutionResult execute(
            String script, InputStream stdin, OutputStream stdout, OutputStream stderr, Cancellation cancellation) {
        return execute(Execution.builder(script)
                .stdin(stdin)
                .stdout(stdout)
                .stderr(stderr)
                .cancellation(cancellation)
                .build());
    }

    public ExecutionResult execute(String script, InputStream stdin, OutputStream stdout, OutputStream stderr) {
        return execute(script, stdin, stdout, stderr, Cancellation.create());
    }

    /**
     * Runs the shell as a program with bash's command line ({@code -c STRING [ARGS]}, {@code FILE [ARGS]}, options
     * {@code -e -u -x -o OPT -i}); the end of the script is the end of the shell (the EXIT trap runs).
     */
    public ExecutionResult runMain(
            List<String> args, InputStream stdin, OutputStream stdout, OutputStream stderr, Cancellation cancellation) {
        BashCommand.Invocation inv = BashCommand.parse(args, root.st.shellName);
        if (inv.error != null) {
            try {
                stderr.write(Text.encode(root.st.shellName + ": " + inv.error + "\n"));
                stderr.flush();
            } catch (IOException e) {
                // nowhere to report
            }
            return new ExecutionResult(2, 0, 0, null);
        }
        if (inv.version) {
            try {
                stdout.write(Text.encode("GNU bash, version " + ShellProcess.BASH_VERSION
                        + " (x86_64-pc-linux-gnu)\nShellbox bash-compatible shell\n"));
                stdout.flush();
            } catch (IOException e) {
                // nowhere to report
            }
            return new ExecutionResult(0, 0, 0, null);
        }
        // the command line is the program; the execution carries only its streams
        Execution streams = Execution.builder("")
                .stdin(stdin)
                .stdout(stdout)
                .stderr(stderr)
                .cancellation(cancellation)
                .build();
        return run(streams, sh -> BashCommand.runInvocation(sh, inv, null));
    }

    /**
     * The session's state as text an embedder can persist: the working directory, variables with their attributes
     * (arrays, associative arrays, integer, exported, readonly, namerefs, ...), functions, aliases, {@code set -o}
     * and {@code shopt} options, umask, the directory stack, positional parameters and traps. Not the variables the
     * shell computes (RANDOM, SECONDS, LINENO, BASHPID, ...), not jobs. The text is bash, as {@code declare -p},
     * {@code declare -f}, {@code alias -p}, {@code shopt -p} and {@code set +o} print it. Waits for a running
     * execution to end.
     */
    public String saveState() {
        synchronized (lock) {
            return SessionState.save(root.st);
        }
    }

    /**
     * Brings a state that {@link #saveState} returned back into this shell, which should be a new one (built like the
     * one that saved it, over the same files): its variables, functions, aliases, traps, directory stack and
     * positional parameters are replaced, its options set. The text is replayed, not run: only the builtins a state
     * uses, with no expansion, so a state cannot run commands.
     *
     * @return what did not come back (a directory that no longer exists, a line that is not part of a state), one
     *     message each; empty when everything did
     */
    public List<String> restoreState(String state) {
        List<String> problems = new ArrayList<>();
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        run(Execution.builder("").stderr(messages).build(), sh -> {
            problems.addAll(SessionState.restore(sh, state));
            return 0;
        });
        for (String line : Text.decode(messages.toByteArray()).split("\n")) {
            if (!line.isEmpty()) {
                problems.add(line);
            }
        }
        return problems;
    }

    /** Whether the root streams are a terminal (for {@code test -t} and read prompts). */
    public void setTerminal(boolean terminal) {
        session.terminal = terminal;
    }

    private interface Body {
        int run(Interpreter sh) throws IOException;
    }

    private ExecutionResult run(Execution execution, Body body) {
        synchronized (lock) {
            ExecutionOverlay overlay = ExecutionOverlay.apply(session, root.st, execution);
            // everything the execution starts hangs off this child, so that background jobs still running at the
            // end are stopped with it (and the caller's cancellation still stops everything)
            ExecutionScope scope = session.newScope(
                    execution.cancellation().child(), execution.commandBudget(), execution.programTimeBudget());
            session.scope = scope;
            try {
                return runLocked(execution, scope, overlay, body);
            } finally {
                scope.cancellation.cancel(new CancelledException(FINISHED));
            }
        }
    }

    /** Lets background jobs reach the escalated program they start (bounded: in-process jobs may run on). */
    private static void awaitUnsettledJobs(ExecutionScope scope) {
        long deadline = System.nanoTime() + JOB_START_GRACE_NANOS;
        CountDownLatch job;
        while ((job = scope.unsettledJobs.poll()) != null) {
            long left = deadline - System.nanoTime();
            if (scope.cancellation.isCancelled() || left <= 0) {
                continue;
            }
            try {
                job.await(left, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** How the script ended: its status, and the limit that stopped it (null when none). */
    private record Ending(int status, String limit) {}

    private ExecutionResult runLocked(Execution execution, ExecutionScope scope, ExecutionOverlay overlay, Body body) {
        Cancellation cancellation = scope.cancellation;
        Interpreter sh = new Interpreter(session, root.st, cancellation);
        sh.depth = 0;
        sh.shellProcess = true;
        session.addProcess(root.st.pid, sh);
        AtomicLong written = new AtomicLong();
        long maxOutput = session.limits.maxOutputBytes();
        LimitedOutput out = new LimitedOutput(execution.stdout(), written, maxOutput, cancellation);
        LimitedOutput err = new LimitedOutput(execution.stderr(), written, maxOutput, cancellation);
        FdTable previous = root.st.fds;
        FdTable fds = previous.copy();
        fds.set(0, new FdEntry(execution.stdin(), null, "/dev/stdin", false, 0));
        fds.set(1, new FdEntry(null, out, "/dev/stdout", false, 1));
        fds.set(2, new FdEntry(null, err, "/dev/stderr", false, 2));
        root.st.fds = fds;
        ScheduledFuture<?> timer = null;
        if (session.limits.timeout() != null) {
            long millis = session.limits.timeout().toMillis();
            timer = cancellation.cancelAfter(
                    millis,
                    new LimitExceededException(LimitNames.TIMEOUT, "execution took longer than " + millis + " ms"));
        }
        Ending ending;
        try {
            ending = runBody(sh, scope, body, err);
        } finally {
            // the deadline is the script's: the moment its background jobs get afterwards is not counted
            if (timer != null) {
                timer.cancel(false);
            }
            overlay.restore();
            root.st.fds = previous;
            fds.release();
        }
        awaitUnsettledJobs(scope);
        if (ending.limit() == null && scope.limitHit() != null) {
            // a background job hit a limit after the script's last command, while the execution still ran
            LimitExceededException hit = scope.limitHit();
            report(err, "shellbox: limit exceeded: " + hit.limit() + " (" + hit.getMessage() + ")\n");
            ending = new Ending(ExecutionLimits.STATUS, hit.limit());
        }
        sh.control = Interpreter.Control.NONE;
        try {
            out.flush();
            err.flush();
        } catch (IOException e) {
            // the caller's streams failed; the status stands
        }
        root.st.lastStatus = ending.status();
        return new ExecutionResult(
                ending.status(),
                scope.builtinCommands.get(),
                scope.escalatedCommands.get(),
                ending.limit(),
                scope.budgetsUsed());
    }

    /** Runs the script on a thread of the execution (with a large stack), turning how it ended into a status. */
    private static Ending runBody(Interpreter sh, ExecutionScope scope, Body body, LimitedOutput err) {
        Cancellation cancellation = scope.cancellation;
        Future<Integer> f;
        try {
            f = scope.submit(() -> body.run(sh));
        } catch (RuntimeException e) {
            // no thread for the script (the process bound is full) or cancelled already: nothing ran
            return ending(e, cancellation, err);
        }
        try {
            return new Ending(f.get(), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancellation.cancel("interrupted");
            return new Ending(130, null);
        } catch (ExecutionException e) {
            return ending(e.getCause(), cancellation, err);
        }
    }

    /** The status of a script that ended with {@code cause}, after reporting a limit or an internal error. */
    private static Ending ending(Throwable cause, Cancellation cancellation, LimitedOutput err) {
        if (cause instanceof LimitExceededException le) {
            report(err, "shellbox: limit exceeded: " + le.limit() + " (" + le.getMessage() + ")\n");
            return new Ending(ExecutionLimits.STATUS, le.limit());
        } else if (cause instanceof StackOverflowError) {
            report(err, "shellbox: limit exceeded: " + LimitNames.MAX_CALL_DEPTH + " (nesting too deep)\n");
            return new Ending(ExecutionLimits.STATUS, LimitNames.MAX_CALL_DEPTH);
        } else if (cause instanceof CancelledException) {
            if (cancellation.cause() instanceof LimitExceededException le) {
                report(err, "shellbox: limit exceeded: " + le.limit() + " (" + le.getMessage() + ")\n");
                return new Ending(ExecutionLimits.STATUS, le.limit());
            }
            return new Ending(130, null);
        } else if (cause instanceof Interpreter.BrokenPipeStop) {
            return new Ending(141, null);
        } else if (cause instanceof OutOfMemoryError) {
            report(err, "shellbox: limit exceeded: " + LimitNames.MEMORY + " (out of memory)\n");
            return new Ending(ExecutionLimits.STATUS, LimitNames.MEMORY);
        }
        report(err, "shellbox: internal error: " + cause + "\n");
        return new Ending(1, null);
    }

    /** Writes the shell's own last word (which limit stopped the script) even when the output is full. */
    private static void report(LimitedOutput err, String message) {
        try {
            err.writeUncounted(Text.encode(message));
            err.flush();
        } catch (IOException | RuntimeException e) {
            // nowhere to report
        }
    }

    /** Counts bytes written to the execution's stdout and stderr against the output limit. */
    private static final class LimitedOutput extends OutputStream {
        private final OutputStream out;
        private final AtomicLong written;
        private final long max;
        private final Cancellation cancellation;

        LimitedOutput(OutputStream out, AtomicLong written, long max, Cancellation cancellation) {
            this.out = out;
            this.written = written;
            this.max = max;
            this.cancellation = cancellation;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (written.addAndGet(len) > max) {
                LimitExceededException e =
                        new LimitExceededException(LimitNames.MAX_OUTPUT_BYTES, "output larger than " + max + " bytes");
                cancellation.cancel(e);
                throw e;
            }
            synchronized (this) {
                out.write(b, off, len);
            }
        }

        synchronized void writeUncounted(byte[] b) throws IOException {
            out.write(b);
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }
    }

    /**
     * Configures a {@link Shell}; only the file system is required. Without {@link #commands} the shell runs bash's
     * builtins and nothing else.
     */
    public static final class Builder {
        private FileSystem fs;
        private CommandRegistry commands = CommandRegistry.empty();
        private Escalator escalator = Escalator.NONE;
        private ExecutionLimits limits = ExecutionLimits.DEFAULT;
        private ProcessBound processes;
        private Map<String, String> environment = new LinkedHashMap<>();
        private String workingDirectory = "/";
        private Identity identity = Identity.SANDBOX;
        private Clock clock = Clock.systemUTC();
        private NetworkAccess network = NetworkAccess.NONE;
        private long processId = 1000;
        private String shellName = "bash";

        private Builder() {}

        public Builder fileSystem(FileSystem v) {
            fs = v;
            return this;
        }

        public Builder commands(CommandRegistry v) {
            commands = v;
            return this;
        }

        public Builder escalator(Escalator v) {
            escalator = v;
            return this;
        }

        public Builder limits(ExecutionLimits v) {
            limits = v;
            return this;
        }

        /**
         * The bound on threads this shell shares with others (one per sandbox, for every session's Shell). Without
         * one, the shell has a bound of its own of {@link ExecutionLimits#maxProcesses()}.
         */
        public Builder processes(ProcessBound v) {
            processes = v;
            return this;
        }

        /** Initial exported variables (HOME, PATH, ...). */
        public Builder environment(Map<String, String> v) {
            environment = new LinkedHashMap<>(v);
            return this;
        }

        public Builder workingDirectory(String v) {
            workingDirectory = v;
            return this;
        }

        public Builder identity(Identity v) {
            identity = v;
            return this;
        }

        public Builder clock(Clock v) {
            clock = v;
            return this;
        }

        /**
         * How built-in commands ({@code curl}, {@code wget}) connect, under the embedder's policy; {@link
         * NetworkAccess#NONE} (no network) unless set.
         */
        public Builder network(NetworkAccess v) {
            network = v;
            return this;
        }

        /** The value of {@code $$}; later processes get the following numbers. */
        public Builder processId(long v) {
            processId = v;
            return this;
        }

        /** {@code $0} and the prefix of error messages ("bash"). */
        public Builder shellName(String v) {
            shellName = v;
            return this;
        }

        public Shell build() {
            if (fs == null) {
                throw new IllegalStateException("a file system is required");
            }
            return new Shell(this);
        }
    }
}
