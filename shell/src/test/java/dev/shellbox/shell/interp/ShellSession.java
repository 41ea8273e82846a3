package dev.shellbox.shell.interp;

import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.io.Text;
import java.io.ByteArrayOutputStream;
import java.util.Map;

/** A shell with the standard commands over an in-memory file system for tests, with helpers that run a script and keep what it printed. */
final class ShellSession {
    /** What one execution printed, and its result. */
    record Run(ExecutionResult result, String stdout, String stderr) {
        int status() {
            return result.exitStatus();
        }
    }

    final FileSystem fs;
    final Shell shell;

    ShellSession(Shell.Builder builder, FileSystem fs) {
        this.fs = fs;
        this.shell =
                builder.commands(StandardCommands.registry()).fileSystem(fs).build();
    }

    /** Runs scripts in a shell built elsewhere. */
    ShellSession(Shell shell) {
        this.fs = shell.fileSystem();
        this.shell = shell;
    }

    /** A shell in /workspace with HOME=/home/user and PATH=/usr/bin:/bin, over a fresh in-memory file system. */
    static ShellSession create() {
        return create(Shell.builder());
    }

    static ShellSession create(Shell.Builder builder) {
        InMemoryFileSystem fs = new InMemoryFileSystem();
        try {
            fs.createDirectory("/workspace", 0755);
            fs.createDirectory("/home", 0755);
            fs.createDirectory("/home/user", 0755);
            fs.createDirectory("/tmp", 01777);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        return new ShellSession(
                builder.environment(Map.of("HOME", "/home/user", "PATH", "/usr/bin:/bin"))
                        .workingDirectory("/workspace"),
                fs);
    }

    Run run(String script) {
        return run(Execution.builder(script));
    }

    Run run(Execution.Builder execution) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExecutionResult r = shell.execute(execution.stdout(out).stderr(err).build());
        return new Run(r, Text.decode(out.toByteArray()), Text.decode(err.toByteArray()));
    }

    /** The standard output of a script that must succeed. */
    String output(String script) {
        Run r = run(script);
        if (r.status() != 0) {
            throw new AssertionError("status " + r.status() + " from " + script + ": " + r.stderr());
        }
        return r.stdout();
    }
}
