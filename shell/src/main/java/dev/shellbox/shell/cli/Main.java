package dev.shellbox.shell.cli;

import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.HostFileSystem;
import dev.shellbox.shell.interp.Escalator;
import dev.shellbox.shell.interp.ExecutionLimits;
import dev.shellbox.shell.interp.ExecutionResult;
import dev.shellbox.shell.interp.Shell;
import dev.shellbox.shell.io.BrokenPipeException;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.net.NetworkAccess;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code shellbox-sh}: the shell as a bash-like program over the host file system. {@code shellbox-sh FILE [ARGS]},
 * {@code -c STRING [ARGS]}, a script on stdin, bash's options, plus {@code --builtins-only} (unknown commands are not
 * found instead of running host programs) and {@code --list-commands}.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        boolean builtinsOnly = false;
        boolean listCommands = false;
        String argv0 = "bash";
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--argv0") && i + 1 < args.length) {
                argv0 = baseName(args[++i]);
            } else if (a.equals("--builtins-only") && rest.isEmpty()) {
                builtinsOnly = true;
            } else if (a.equals("--list-commands") && rest.isEmpty()) {
                listCommands = true;
            } else {
                rest.add(a);
            }
        }
        String cwd = System.getProperty("user.dir");
        Shell shell = Shell.builder()
                .fileSystem(new HostFileSystem())
                .commands(StandardCommands.registry())
                .escalator(builtinsOnly ? Escalator.NONE : new HostEscalator())
                .limits(ExecutionLimits.DEFAULT)
                .environment(System.getenv())
                .workingDirectory(cwd)
                .identity(hostIdentity())
                .network(NetworkAccess.direct())
                .processId(ProcessHandle.current().pid())
                .shellName(argv0)
                .build();
        OutputStream out = new HostOutput(new FileOutputStream(FileDescriptor.out));
        OutputStream err = new HostOutput(new FileOutputStream(FileDescriptor.err));
        if (listCommands) {
            StringBuilder sb = new StringBuilder();
            for (String name : shell.commandNames()) {
                sb.append(name).append('\n');
            }
            try {
                out.write(sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException e) {
                return 1;
            }
            return 0;
        }
        shell.setTerminal(System.console() != null);
        ExecutionResult r =
                shell.runMain(rest, new FileInputStream(FileDescriptor.in), out, err, Cancellation.create());
        return r.exitStatus();
    }

    private static String baseName(String path) {
        int slash = path.lastIndexOf('/');
        return slash >= 0 ? path.substring(slash + 1) : path;
    }

    /** The user the CLI runs as, from /proc/self/status. */
    private static Identity hostIdentity() {
        int uid = 1000;
        int gid = 1000;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    uid = Integer.parseInt(line.split("\\s+")[1]);
                } else if (line.startsWith("Gid:")) {
                    gid = Integer.parseInt(line.split("\\s+")[1]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // keep the defaults
        }
        String user = System.getProperty("user.name", "user");
        String home = System.getenv().getOrDefault("HOME", System.getProperty("user.home", "/"));
        String host = "localhost";
        try {
            host = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException e) {
            // keep localhost
        }
        return new Identity(user, uid, user, gid, host, home);
    }

    /** The process's stdout or stderr: an EPIPE becomes {@link BrokenPipeException} (SIGPIPE). */
    private static final class HostOutput extends OutputStream {
        private final FileOutputStream out;

        HostOutput(FileOutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                if (e.getMessage() != null && e.getMessage().contains("Broken pipe")) {
                    throw new BrokenPipeException();
                }
                throw e;
            }
        }
    }
}
