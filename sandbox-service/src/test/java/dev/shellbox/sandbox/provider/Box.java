package dev.shellbox.sandbox.provider;

import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.interp.ExecutionResult;
import dev.shellbox.shell.interp.Shell;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;

/**
 * A sandbox as the service runs one, for provider tests: its files in memory, its container, and a shell that
 * escalates to it.
 */
public final class Box {
    /** The environment of the shell, and of programs tests start through the supervisor. */
    public static final Map<String, String> ENV =
            Map.of("PATH", "/usr/local/bin:/usr/bin:/bin", "HOME", "/home/user", "LANG", "C.UTF-8");

    public final InMemoryFileSystem files = new InMemoryFileSystem(Clock.systemUTC(), 1000, 1000);
    public final SandboxContainer container;
    public final Shell shell;

    public Box(SandboxContainer container) throws FsException {
        for (String dir : new String[] {"/workspace", "/home", "/home/user", "/tmp"}) {
            files.createDirectory(dir, dir.equals("/tmp") ? 01777 : 0755);
        }
        this.container = container;
        this.shell = Shell.builder()
                .fileSystem(files)
                .commands(StandardCommands.registry())
                .escalator(new ProviderEscalator(container, files, null))
                .environment(ENV)
                .workingDirectory("/workspace")
                .identity(Identity.SANDBOX)
                .build();
    }

    /** Runs {@code script} as one exec, with nothing on its standard input. */
    public Run run(String script) {
        return run(script, new byte[0]);
    }

    /** Runs {@code script} as one exec, with {@code stdin} on its standard input. */
    public Run run(String script, byte[] stdin) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExecutionResult r = shell.execute(script, new ByteArrayInputStream(stdin), out, err);
        return new Run(r.exitStatus(), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    public String read(String path) throws IOException {
        return new String(files.readContent(path), StandardCharsets.UTF_8);
    }

    /** How one exec ended and what it printed. */
    public record Run(int status, String stdout, String stderr) {}
}
