package dev.shellbox.shell.command;

import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.Modes;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.Text;
import dev.shellbox.shell.net.NetworkAccess;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * Everything a running command may touch: its streams, the file system, working directory, environment, the runner
 * for nested commands, cancellation, identity and clock. Immutable; {@code with*} methods derive a context for a
 * nested command. Network connections go through {@link #network()}, the embedder's seam.
 *
 * <p>The streams belong to the caller: commands write to them (buffering is fine, but flush before returning) and
 * never close them.
 */
public final class CommandContext {
    private final String commandName;
    private final FileSystem fs;
    private final String cwd;
    private final Map<String, String> env;
    private final InputStream stdin;
    private final OutputStream stdout;
    private final OutputStream stderr;
    private final FileDescriptors fds;
    private final CommandRunner runner;
    private final Cancellation cancellation;
    private final Identity identity;
    private final int umask;
    private final Clock clock;
    private final NetworkAccess network;

    private CommandContext(Builder b) {
        this.commandName = b.commandName;
        this.fs = b.fs;
        this.cwd = b.cwd;
        this.env = Map.copyOf(b.env);
        this.stdin = b.stdin;
        this.stdout = b.stdout;
        this.stderr = b.stderr;
        this.fds = b.fds;
        this.runner = b.runner;
        this.cancellation = b.cancellation;
        this.identity = b.identity;
        this.umask = b.umask;
        this.clock = b.clock;
        this.network = b.network;
    }

    public static Builder builder(FileSystem fs) {
        return new Builder(fs);
    }

    public Builder toBuilder() {
        Builder b = new Builder(fs);
        b.commandName = commandName;
        b.cwd = cwd;
        b.env = env;
        b.stdin = stdin;
        b.stdout = stdout;
        b.stderr = stderr;
        b.fds = fds;
        b.runner = runner;
        b.cancellation = cancellation;
        b.identity = identity;
        b.umask = umask;
        b.clock = clock;
        b.network = network;
        return b;
    }

    // ---- accessors ----

    /** The name the command was invoked as ({@code egrep}, {@code grep}); used in messages. */
    public String commandName() {
        return commandName;
    }

    public FileSystem fs() {
        return fs;
    }

    /** The absolute, normalized working directory. */
    public String cwd() {
        return cwd;
    }

    /** The exported environment. */
    public Map<String, String> env() {
        return env;
    }

    public String env(String name) {
        return env.get(name);
    }

    public InputStream stdin() {
        return stdin;
    }

    public OutputStream stdout() {
        return stdout;
    }

    public OutputStream stderr() {
        return stderr;
    }

    public FileDescriptors fds() {
        return fds;
    }

    public CommandRunner runner() {
        return runner;
    }

    public Cancellation cancellation() {
        return cancellation;
    }

    public Identity identity() {
        return identity;
    }

    /** The file creation mask, e.g. 022. */
    public int umask() {
        return umask;
    }

    public Clock clock() {
        return clock;
    }

    /** The only way a command opens a network connection; the embedder's policy applies. */
    public NetworkAccess network() {
        return network;
    }

    // ---- derived contexts ----

    public CommandContext withCommandName(String name) {
        return toBuilder().commandName(name).build();
    }

    public CommandContext withStreams(InputStream in, OutputStream out, OutputStream err) {
        return toBuilder().stdin(in).stdout(out).stderr(err).build();
    }

    public CommandContext withEnv(Map<String, String> newEnv) {
        return toBuilder().env(newEnv).build();
    }

    public CommandContext withCwd(String directory) {
        return toBuilder().cwd(directory).build();
    }

    public CommandContext withCancellation(Cancellation c) {
        return toBuilder().cancellation(c).build();
    }

    // ---- helpers ----

    /** Throws when the execution was cancelled or hit a limit. Call it in loops that may run long. */
    public void checkCancelled() {
        cancellation.check();
    }

    /** The absolute, normalized form of a path operand relative to the working directory. */
    public String resolve(String path) {
        return PathNames.resolve(cwd, path);
    }

    /** Runs another command (through functions, builtins, commands and escalation) with this context's streams. */
    public int run(List<String> argv) throws IOException {
        return runner.run(this, argv);
    }

    /**
     * Opens a path operand for reading: {@code /dev/stdin} and {@code /dev/fd/N} give the open streams (which closing
     * the result leaves open), anything else is opened through the file system. Callers handle {@code -} themselves,
     * since not every command treats it as stdin.
     */
    public InputStream openInput(String path) throws FsException {
        String abs = resolve(path);
        int fd = PathNames.descriptorOf(abs);
        if (fd >= 0) {
            InputStream in = fd == 0 ? stdin : fds.input(fd);
            if (in == null) {
                throw new FsException(Errno.EBADF, abs);
            }
            return new FilterInputStream(in) {
                @Override
                public void close() {}
            };
        }
        return fs.newInputStream(abs);
    }

    /**
     * Opens a path operand for writing: {@code /dev/stdout}, {@code /dev/stderr} and {@code /dev/fd/N} give the open
     * streams, anything else is opened through the file system with the umask applied to new files.
     */
    public OutputStream openOutput(String path, WriteMode mode) throws FsException {
        String abs = resolve(path);
        int fd = PathNames.descriptorOf(abs);
        if (fd >= 0) {
            OutputStream out = fd == 1 ? stdout : fd == 2 ? stderr : fds.output(fd);
            if (out == null) {
                throw new FsException(Errno.EBADF, abs);
            }
            return new FilterOutputStream(out) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                }

                @Override
                public void close() throws IOException {
                    out.flush();
                }
            };
        }
        return fs.newOutputStream(abs, mode, 0666 & ~umask);
    }

    /** Writes {@code text} to stdout, encoded with {@link Text#encode}. */
    public void print(String text) throws IOException {
        stdout.write(Text.encode(text));
    }

    /** Writes {@code name: message} and a newline to stderr. */
    public void error(String message) throws IOException {
        stderr.write(Text.encode(commandName + ": " + message + "\n"));
        stderr.flush();
    }

    /** Writes {@code name: operand: strerror} to stderr, the GNU form of a file error. */
    public void fileError(String operand, FsException e) throws IOException {
        error(operand + ": " + e.errno().message());
    }

    /**
     * Reports a usage error the GNU way ({@code name: message} then {@code Try 'name --help' for more
     * information.}) and returns {@code status} for the command to return.
     */
    public int usageError(String message, int status) throws IOException {
        stderr.write(Text.encode(
                commandName + ": " + message + "\nTry '" + commandName + " --help' for more information.\n"));
        stderr.flush();
        return status;
    }

    /** Builds a {@link CommandContext}; every field but the file system has a default. */
    public static final class Builder {
        private final FileSystem fs;
        private String commandName = "sh";
        private String cwd = "/";
        private Map<String, String> env = Map.of();
        private InputStream stdin = InputStream.nullInputStream();
        private OutputStream stdout = OutputStream.nullOutputStream();
        private OutputStream stderr = OutputStream.nullOutputStream();
        private FileDescriptors fds = FileDescriptors.NONE;
        private CommandRunner runner = CommandRunner.of(CommandRegistry.empty());
        private Cancellation cancellation = Cancellation.create();
        private Identity identity = Identity.SANDBOX;
        private int umask = Modes.DEFAULT_UMASK;
        private Clock clock = Clock.systemUTC();
        private NetworkAccess network = NetworkAccess.NONE;

        private Builder(FileSystem fs) {
            this.fs = fs;
        }

        public Builder commandName(String v) {
            commandName = v;
            return this;
        }

        public Builder cwd(String v) {
            cwd = PathNames.normalize(v);
            return this;
        }

        public Builder env(Map<String, String> v) {
            env = v;
            return this;
        }

        public Builder stdin(InputStream v) {
            stdin = v;
            return this;
        }

        public Builder stdout(OutputStream v) {
            stdout = v;
            return this;
        }

        public Builder stderr(OutputStream v) {
            stderr = v;
            return this;
        }

        public Builder fds(FileDescriptors v) {
            fds = v;
            return this;
        }

        public Builder runner(CommandRunner v) {
            runner = v;
            return this;
        }

        public Builder cancellation(Cancellation v) {
            cancellation = v;
            return this;
        }

        public Builder identity(Identity v) {
            identity = v;
            return this;
        }

        public Builder umask(int v) {
            umask = v;
            return this;
        }

        public Builder clock(Clock v) {
            clock = v;
            return this;
        }

        public Builder network(NetworkAccess v) {
            network = v;
            return this;
        }

        public CommandContext build() {
            return new CommandContext(this);
        }
    }
}
