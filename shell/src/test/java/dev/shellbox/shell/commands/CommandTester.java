package dev.shellbox.shell.commands;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.CommandRegistry;
import dev.shellbox.shell.command.CommandRunner;
import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.fs.Modes;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.io.Text;
import dev.shellbox.shell.net.NetworkAccess;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs built-in commands in-process over an {@link InMemoryFileSystem}, for unit tests:
 *
 * <pre>{@code
 * var r = CommandTester.create().file("a.txt", "b\na\n").run("sort", "a.txt");
 * assertThat(r.out()).isEqualTo("a\nb\n");
 * }</pre>
 */
public final class CommandTester {
    /** The fixed time of the tester's clock and of the files it creates: 2024-01-02T03:04:05Z. */
    public static final Instant NOW = Instant.parse("2024-01-02T03:04:05Z");

    private final InMemoryFileSystem fs;
    private final Map<String, String> env = new HashMap<>();
    private CommandRegistry registry = StandardCommands.registry();
    private Identity identity = Identity.SANDBOX;
    private String cwd = "/work";
    private byte[] stdin = new byte[0];
    private NetworkAccess network = NetworkAccess.NONE;

    private CommandTester(Identity identity) {
        this.identity = identity;
        this.fs = new InMemoryFileSystem(Clock.fixed(NOW, ZoneOffset.UTC), identity.uid(), identity.gid());
        try {
            fs.createDirectory("/work", Modes.DEFAULT_DIRECTORY);
            fs.createDirectory("/tmp", 01777);
        } catch (FsException e) {
            throw new UncheckedIOException(e);
        }
        env.put("HOME", "/work");
        env.put("PATH", "/usr/bin:/bin");
        env.put("LC_ALL", "C.UTF-8");
        env.put("TZ", "UTC");
    }

    /** A tester with cwd {@code /work}, an empty stdin and the sandbox identity. */
    public static CommandTester create() {
        return new CommandTester(Identity.SANDBOX);
    }

    /** A tester running as {@code identity} (differential tests use root, as GNU runs here). */
    public static CommandTester as(Identity identity) {
        return new CommandTester(identity);
    }

    public FileSystem fs() {
        return fs;
    }

    public CommandTester registry(CommandRegistry r) {
        registry = r;
        return this;
    }

    public CommandTester cwd(String directory) {
        cwd = PathNames.resolve(cwd, directory);
        return this;
    }

    public CommandTester env(String name, String value) {
        env.put(name, value);
        return this;
    }

    /** The network seam the commands connect through; none by default. */
    public CommandTester network(NetworkAccess n) {
        network = n;
        return this;
    }

    public CommandTester stdin(String text) {
        return stdin(Text.encode(text));
    }

    public CommandTester stdin(byte[] bytes) {
        stdin = bytes;
        return this;
    }

    /** Creates a file (and its parent directories) relative to the cwd. */
    public CommandTester file(String path, String content) {
        return file(path, Text.encode(content));
    }

    public CommandTester file(String path, byte[] content) {
        String abs = PathNames.resolve(cwd, path);
        try {
            mkdirs(PathNames.parent(abs));
            try (OutputStream out = fs.newOutputStream(abs, WriteMode.TRUNCATE, Modes.DEFAULT_FILE)) {
                out.write(content);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    public CommandTester dir(String path) {
        try {
            mkdirs(PathNames.resolve(cwd, path));
        } catch (FsException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    public CommandTester symlink(String link, String target) {
        try {
            fs.createSymlink(PathNames.resolve(cwd, link), target);
        } catch (FsException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    public CommandTester mode(String path, int mode) {
        try {
            fs.setMode(PathNames.resolve(cwd, path), mode);
        } catch (FsException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    public CommandTester mtime(String path, Instant time) {
        try {
            fs.setTimes(PathNames.resolve(cwd, path), time.toEpochMilli(), time.toEpochMilli());
        } catch (FsException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    private void mkdirs(String abs) throws FsException {
        if (abs.equals("/") || fs.exists(abs)) {
            return;
        }
        mkdirs(PathNames.parent(abs));
        fs.createDirectory(abs, Modes.DEFAULT_DIRECTORY);
    }

    /** Runs {@code argv} (name first) with the registry's runner, so nested commands resolve too. */
    public Result run(String... argv) {
        return run(List.of(argv));
    }

    public Result run(List<String> argv) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CommandRunner runner = CommandRunner.of(registry);
        CommandContext ctx = CommandContext.builder(fs)
                .commandName(argv.get(0))
                .cwd(cwd)
                .env(env)
                .stdin(new ByteArrayInputStream(stdin))
                .stdout(out)
                .stderr(err)
                .runner(runner)
                .identity(identity)
                .clock(Clock.fixed(NOW, ZoneOffset.UTC))
                .network(network)
                .build();
        try {
            int status = runner.run(ctx, argv);
            return new Result(status, out.toByteArray(), err.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The tree under {@code dir} as path to description ({@code d}, {@code l -> target}, or {@code f:<content>}), for
     * comparing the files a command left behind.
     */
    public Map<String, String> tree(String dir) {
        Map<String, String> tree = new TreeMap<>();
        try {
            walk(PathNames.resolve(cwd, dir), "", tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return tree;
    }

    private void walk(String abs, String rel, Map<String, String> tree) throws IOException {
        for (String name : fs.list(abs)) {
            String childAbs = PathNames.join(abs, name);
            String childRel = rel.isEmpty() ? name : rel + "/" + name;
            FileStat st = fs.lstat(childAbs);
            switch (st.type()) {
                case DIRECTORY -> {
                    tree.put(childRel, "d " + Integer.toOctalString(st.mode()));
                    walk(childAbs, childRel, tree);
                }
                case SYMLINK -> tree.put(childRel, "l -> " + fs.readSymlink(childAbs));
                default ->
                    tree.put(
                            childRel,
                            "f " + Integer.toOctalString(st.mode()) + " "
                                    + Text.decode(fs.newInputStream(childAbs).readAllBytes()));
            }
        }
    }

    /** What a command did: its exit status and output. */
    public record Result(int status, byte[] stdout, byte[] stderr) {
        public String out() {
            return Text.decode(stdout);
        }

        public String err() {
            return Text.decode(stderr);
        }
    }
}
