package dev.shellbox.shell.interp;

import dev.shellbox.shell.command.CommandRegistry;
import dev.shellbox.shell.command.CommandRunner;
import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.CancelledException;
import dev.shellbox.shell.io.LimitExceededException;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Clock;
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
 *         .limits(ExecutionLimits.DEFAULT)
 *         .environment(Map.of("HOME", "/home/user"))
 *         .workingDirectory("/workspace")
 *         .build();
 * ExecutionResult r = shell.execute("ls | wc -l", stdin, stdout, stderr, Cancellation.create());
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
        this.session = new Session(device[0], b.commands, b.escalator, b.limits, b.identity, b.clock, b.processId - 1);
        holder[0] = session;
        session.registry = b.commands.register(new BashCommand(session, "bash"), new BashCommand(session, "sh"));
        this.root = ShellProcess.create(
                session, b.environment, PathNames.normalize(b.workingDirectory), new FdTable(), session.cancellation);
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

    /** Runs a script in this session; see the class comment. */
    public ExecutionResult execute(
            String script, InputStream stdin, OutputStream stdout, OutputStream stderr, Cancellation cancellation) {
        return run(stdin, stdout, stderr, cancellation, sh -> {
            int status = sh.runText(script, sh.st.shellName, true);
            if (sh.control == Interpreter.Control.EXIT) {
                status = sh.controlStatus;
                status = sh.runExitTrap(status);
            }
            sh.control = Interpreter.Control.NONE;
            return status;
        });
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
        return run(stdin, stdout, stderr, cancellation, sh -> BashCommand.runInvocation(sh, inv, null));
    }

    /** Whether the root streams are a terminal (for {@code test -t} and read prompts). */
    public void setTerminal(boolean terminal) {
        session.terminal = terminal;
    }

    private interface Body {
        int run(Interpreter sh) throws IOException;
    }

    private ExecutionResult run(
            InputStream stdin, OutputStream stdout, OutputStream stderr, Cancellation caller, Body body) {
        synchronized (lock) {
            // everything the execution starts hangs off this child, so that background jobs still running at the
            // end are stopped with it (and the caller's cancellation still stops everything)
            Cancellation cancellation = caller.child();
            try {
                return runLocked(stdin, stdout, stderr, cancellation, body);
            } finally {
                awaitUnsettledJobs(cancellation);
                cancellation.cancel(new CancelledException(FINISHED));
            }
        }
    }

    /** Lets background jobs reach the escalated program they start (bounded: in-process jobs may run on). */
    private void awaitUnsettledJobs(Cancellation cancellation) {
        long deadline = System.nanoTime() + JOB_START_GRACE_NANOS;
        CountDownLatch job;
        while ((job = session.unsettledJobs.poll()) != null) {
            long left = deadline - System.nanoTime();
            if (cancellation.isCancelled() || left <= 0) {
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

    private ExecutionResult runLocked(
            InputStream stdin, OutputStream stdout, OutputStream stderr, Cancellation cancellation, Body body) {
        {
            session.commands.set(0);
            session.loopIterations.set(0);
            long builtinsBefore = session.builtinCommands.get();
            long escalatedBefore = session.escalatedCommands.get();
            session.cancellation = cancellation;
            Interpreter sh = new Interpreter(session, root.st, cancellation);
            sh.depth = 0;
            sh.shellProcess = true;
            session.addProcess(root.st.pid, sh);
            AtomicLong written = new AtomicLong();
            long maxOutput = session.limits.maxOutputBytes();
            OutputStream out = new LimitedOutput(stdout, written, maxOutput, cancellation);
            OutputStream err = new LimitedOutput(stderr, written, maxOutput, cancellation);
            FdTable previous = root.st.fds;
            FdTable fds = previous.copy();
            fds.set(0, new FdEntry(stdin, null, "/dev/stdin", false, 0));
            fds.set(1, new FdEntry(null, out, "/dev/stdout", false, 1));
            fds.set(2, new FdEntry(null, err, "/dev/stderr", false, 2));
            root.st.fds = fds;
            ScheduledFuture<?> timer = null;
            if (session.limits.timeout() != null) {
                long millis = session.limits.timeout().toMillis();
                timer = cancellation.cancelAfter(
                        millis, new LimitExceededException("timeout", "execution took longer than " + millis + " ms"));
            }
            int status;
            String limit = null;
            Future<Integer> f = Session.POOL.submit(() -> body.run(sh));
            try {
                status = f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cancellation.cancel("interrupted");
                status = 130;
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof LimitExceededException le) {
                    limit = le.limit();
                    status = ExecutionLimits.STATUS;
                    report(err, "shellbox: limit exceeded: " + le.limit() + " (" + le.getMessage() + ")\n");
                } else if (cause instanceof StackOverflowError) {
                    limit = "maxCallDepth";
                    status = ExecutionLimits.STATUS;
                    report(err, "shellbox: limit exceeded: maxCallDepth (nesting too deep)\n");
                } else if (cause instanceof CancelledException) {
                    status = cancellation.cause() instanceof LimitExceededException le ? ExecutionLimits.STATUS : 130;
                    if (cancellation.cause() instanceof LimitExceededException le) {
                        limit = le.limit();
                        report(err, "shellbox: limit exceeded: " + le.limit() + " (" + le.getMessage() + ")\n");
                    }
                } else if (cause instanceof Interpreter.BrokenPipeStop) {
                    status = 141;
                } else if (cause instanceof OutOfMemoryError) {
                    limit = "memory";
                    status = ExecutionLimits.STATUS;
                    report(err, "shellbox: limit exceeded: memory (out of memory)\n");
                } else {
                    status = 1;
                    report(err, "shellbox: internal error: " + cause + "\n");
                }
            } finally {
                if (timer != null) {
                    timer.cancel(false);
                }
            }
            sh.control = Interpreter.Control.NONE;
            root.st.fds = previous;
            fds.release();
            try {
                out.flush();
                err.flush();
            } catch (IOException e) {
                // the caller's streams failed; the status stands
            }
            root.st.lastStatus = status;
            return new ExecutionResult(
                    status,
                    session.builtinCommands.get() - builtinsBefore,
                    session.escalatedCommands.get() - escalatedBefore,
                    limit);
        }
    }

    private static void report(OutputStream err, String message) {
        try {
            err.write(Text.encode(message));
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
                        new LimitExceededException("maxOutputBytes", "output larger than " + max + " bytes");
                cancellation.cancel(e);
                throw e;
            }
            synchronized (this) {
                out.write(b, off, len);
            }
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
        private Map<String, String> environment = new LinkedHashMap<>();
        private String workingDirectory = "/";
        private Identity identity = Identity.SANDBOX;
        private Clock clock = Clock.systemUTC();
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
