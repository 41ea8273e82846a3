package dev.shellbox.shell.interp;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.CommandRunner;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.interp.builtins.Builtin;
import dev.shellbox.shell.interp.builtins.Builtins;
import dev.shellbox.shell.io.BrokenPipeException;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.CancelledException;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Future;

/**
 * Commands outside the shell: registered commands (run in-process), shell scripts found on PATH (run by a child
 * interpreter), and everything else through the {@link Escalator}, ending in "command not found".
 */
final class External {
    private External() {}

    /** Directories whose listing is the registered commands. */
    static boolean isCommandDirectory(String dir) {
        return dir.equals("/bin")
                || dir.equals("/usr/bin")
                || dir.equals("/usr/local/bin")
                || dir.equals("/sbin")
                || dir.equals("/usr/sbin");
    }

    static int run(Interpreter sh, List<String> argv, Map<String, String> extraEnv) {
        String name = argv.get(0);
        Map<String, String> env = Vars.environment(sh);
        if (extraEnv != null) {
            env.putAll(extraEnv);
        }
        return runWithEnv(sh, argv, env);
    }

    static int runWithEnv(Interpreter sh, List<String> argv, Map<String, String> env) {
        return runWithEnv(sh, argv, env, null);
    }

    /** Runs a command; {@code argv0}, when given, is the name the command sees ({@code exec -a}). */
    static int runWithEnv(Interpreter sh, List<String> argv, Map<String, String> env, String argv0) {
        String name = argv.get(0);
        boolean hasSlash = name.indexOf('/') >= 0;
        Command command = null;
        if (!hasSlash) {
            command = sh.session.registry.lookup(name).orElse(null);
        } else {
            String abs = sh.resolvePath(name);
            if (isCommandDirectory(PathNames.parent(abs)) && !existsAsFile(sh, abs)) {
                command = sh.session.registry.lookup(PathNames.name(abs)).orElse(null);
            }
        }
        if (command != null) {
            return runRegistered(sh, command, argv0 != null ? argv0 : name, argv, env);
        }
        String path = hasSlash ? sh.resolvePath(name) : searchPath(sh, name, env.get("PATH"));
        if (path != null) {
            FileStat stat;
            try {
                stat = sh.session.fs.stat(path);
            } catch (FsException e) {
                sh.errorLine(name + ": " + e.errno().message());
                return 127;
            }
            if (stat.isDirectory()) {
                sh.errorLine(name + ": Is a directory");
                return 126;
            }
            if ((stat.mode() & 0111) == 0) {
                sh.errorLine(name + ": Permission denied");
                return 126;
            }
            String interpreter = interpreterOf(sh, path);
            if (interpreter != null) {
                if (!hasSlash) {
                    sh.st.hashed.put(name, path);
                }
                return runScript(sh, path, argv, env);
            }
            if (sh.session.escalator == Escalator.NONE) {
                sh.errorLine(name + (hasSlash ? ": cannot execute: no escalation available" : ": command not found"));
                return hasSlash ? 126 : 127;
            }
            if (!hasSlash) {
                sh.st.hashed.put(name, path);
            }
            List<String> escalated = new ArrayList<>(argv);
            escalated.set(0, path);
            return escalate(sh, escalated, env);
        }
        if (hasSlash) {
            sh.errorLine(name + ": No such file or directory");
            return 127;
        }
        Optional<String> located = sh.session.escalator.locate(name, env);
        if (located.isPresent()) {
            return escalate(sh, argv, env);
        }
        sh.errorLine(name + ": command not found");
        String hint = sh.session.escalator.notFoundHint(name);
        if (hint != null) {
            sh.writeErr(hint + "\n");
        }
        return 127;
    }

    private static boolean existsAsFile(Interpreter sh, String abs) {
        try {
            return !sh.session.fs.stat(abs).isDirectory()
                    && !(sh.session.fs instanceof DeviceFileSystem d && d.isVirtualCommand(abs));
        } catch (FsException e) {
            return false;
        }
    }

    /** The first executable regular file called {@code name} in PATH, or null. */
    static String searchPath(Interpreter sh, String name, String pathVar) {
        if (pathVar == null) {
            return null;
        }
        for (String dir : pathVar.split(":", -1)) {
            String d = dir.isEmpty() ? "." : dir;
            String abs = PathNames.resolve(sh.st.cwd, d.equals(".") ? name : d + "/" + name);
            if (sh.session.fs instanceof DeviceFileSystem dfs && dfs.isVirtualCommand(abs)) {
                continue;
            }
            try {
                FileStat st = sh.session.fs.stat(abs);
                if (!st.isDirectory() && (st.mode() & 0111) != 0) {
                    return abs;
                }
            } catch (FsException e) {
                // not here
            }
        }
        return null;
    }

    /**
     * "bash" when the file is a shell script the interpreter runs itself (a bash/sh shebang or none, and text);
     * null when it must be escalated.
     */
    static String interpreterOf(Interpreter sh, String path) {
        byte[] head = new byte[256];
        int n = 0;
        try (InputStream in = sh.session.fs.newInputStream(path)) {
            int r;
            while (n < head.length && (r = in.read(head, n, head.length - n)) > 0) {
                n += r;
            }
        } catch (IOException e) {
            return null;
        }
        if (n >= 2 && head[0] == '#' && head[1] == '!') {
            int end = 2;
            while (end < n && head[end] != '\n') {
                end++;
            }
            String line = new String(head, 2, end - 2, java.nio.charset.StandardCharsets.ISO_8859_1).strip();
            String[] parts = line.split("\\s+");
            if (parts.length == 0) {
                return "bash";
            }
            String prog = PathNames.name(parts[0]);
            if (prog.equals("env") && parts.length > 1) {
                prog = parts[1];
            }
            return prog.equals("bash") || prog.equals("sh") ? "bash" : null;
        }
        for (int i = 0; i < n; i++) {
            if (head[i] == 0) {
                return null;
            }
        }
        return "bash";
    }

    static int runScript(Interpreter sh, String path, List<String> argv, Map<String, String> env) {
        String text;
        try (InputStream in = sh.session.fs.newInputStream(path)) {
            text = Text.decode(in.readAllBytes());
        } catch (FsException e) {
            sh.errorLine(argv.get(0) + ": " + e.errno().message());
            return 126;
        } catch (IOException e) {
            sh.errorLine(argv.get(0) + ": " + Interpreter.describe(e));
            return 126;
        }
        sh.scope.builtinCommands.incrementAndGet();
        Interpreter child = ShellProcess.create(sh.session, env, sh.st.cwd, sh.st.fds.copy(), sh.cancellation);
        child.scope = sh.scope;
        child.depth = sh.depth + 1;
        sh.checkDepth(child.depth);
        child.st.umask = sh.st.umask;
        child.st.shellName = argv.get(0);
        child.st.currentCall().source = argv.get(0);
        child.st.currentCall().positional = new ArrayList<>(argv.subList(1, argv.size()));
        try {
            return ShellProcess.runScriptText(child, text, argv.get(0));
        } finally {
            child.st.fds.release();
        }
    }

    static int runRegistered(Interpreter sh, Command command, String name, List<String> argv, Map<String, String> env) {
        sh.scope.builtinCommands.incrementAndGet();
        CommandContext ctx = context(sh, name, env);
        Interpreter previous = Interpreter.CURRENT.get();
        Interpreter.CURRENT.set(sh);
        try {
            int status = sh.session.registry.invoke(command, ctx, argv.subList(1, argv.size()));
            ctx.stdout().flush();
            return status;
        } catch (BrokenPipeException e) {
            throw new Interpreter.BrokenPipeStop();
        } catch (IOException e) {
            sh.errorLine(name + ": " + Interpreter.describe(e));
            return 1;
        } finally {
            Interpreter.CURRENT.set(previous);
        }
    }

    static CommandContext context(Interpreter sh, String name, Map<String, String> env) {
        InputStream in = sh.st.fds.input(0);
        OutputStream out = sh.st.fds.output(1);
        OutputStream err = sh.st.fds.output(2);
        return CommandContext.builder(sh.session.fs)
                .commandName(name)
                .cwd(sh.st.cwd)
                .env(env)
                .stdin(in == null ? new ClosedInput() : in)
                .stdout(out == null ? new ClosedOutput() : out)
                .stderr(err == null ? OutputStream.nullOutputStream() : err)
                .fds(sh.st.fds)
                .runner(new Runner(sh))
                .cancellation(sh.cancellation)
                .identity(sh.session.identity)
                .umask(sh.st.umask)
                .clock(sh.session.clock)
                .network(sh.session.network)
                .build();
    }

    /** A closed stdin: reads fail with EBADF. */
    static final class ClosedInput extends InputStream {
        @Override
        public int read() throws IOException {
            throw new FsException(dev.shellbox.shell.fs.Errno.EBADF, "/dev/stdin");
        }
    }

    /** A closed stdout: writes fail with EBADF. */
    static final class ClosedOutput extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            throw new FsException(dev.shellbox.shell.fs.Errno.EBADF, "/dev/stdout");
        }
    }

    /**
     * Shell builtins that Linux also has as programs (coreutils, procps), which commands such as {@code xargs} and
     * {@code env} find and run; the others ({@code cd}, {@code export}, ...) are not found, as there.
     */
    private static final java.util.Set<String> PROGRAM_BUILTINS =
            java.util.Set.of("echo", "printf", "true", "false", "test", "[", "kill", "pwd");

    /** Runs commands for registered commands (xargs, find -exec, env): builtins, commands, scripts, escalation. */
    static final class Runner implements CommandRunner {
        private final Interpreter sh;

        Runner(Interpreter sh) {
            this.sh = sh;
        }

        @Override
        public int run(CommandContext ctx, List<String> argv) throws IOException {
            // a command's command is a command and a process of its own, on whatever thread the command runs it
            sh.scope.countCommand();
            sh.scope.acquireProcess();
            try {
                return runCounted(ctx, argv);
            } finally {
                sh.scope.releaseProcess();
            }
        }

        private int runCounted(CommandContext ctx, List<String> argv) throws IOException {
            Interpreter child = sh.subshell();
            child.st.cwd = ctx.cwd();
            child.st.fds.set(0, new FdEntry(ctx.stdin(), null, "/dev/stdin", false));
            child.st.fds.set(1, new FdEntry(null, ctx.stdout(), "/dev/stdout", false));
            child.st.fds.set(2, new FdEntry(null, ctx.stderr(), "/dev/stderr", false));
            try {
                ShellProcess.replaceEnvironment(child, ctx.env());
                String name = argv.get(0);
                Builtin b = name.indexOf('/') < 0 ? Builtins.get(name) : null;
                int status;
                if (b != null && !name.equals("exec")) {
                    status = child.runBuiltin(b, argv);
                } else {
                    status = runWithEnv(child, argv, ctx.env());
                }
                ctx.stdout().flush();
                return status;
            } catch (Interpreter.BrokenPipeStop e) {
                throw new BrokenPipeException();
            } finally {
                child.st.fds.release();
            }
        }

        @Override
        public Optional<String> locate(CommandContext ctx, String name) {
            if (sh.session.registry.contains(name) || PROGRAM_BUILTINS.contains(name)) {
                return Optional.of("/usr/bin/" + name);
            }
            String path = searchPath(sh, name, ctx.env("PATH"));
            if (path != null) {
                return Optional.of(path);
            }
            return sh.session.escalator.locate(name, ctx.env());
        }
    }

    // ---- escalation ----

    static int escalate(Interpreter sh, List<String> argv, Map<String, String> env) {
        FdEntry in = sh.st.fds.get(0);
        FdEntry out = sh.st.fds.get(1);
        FdEntry err = sh.st.fds.get(2);
        boolean inheritIn = in != null && in.rootFd == 0;
        boolean inheritOut = out != null && out.rootFd == 1;
        boolean inheritErr = err != null && err.rootFd == 2;
        sh.flushStd();
        EscalatedProcess p;
        try {
            p = sh.session.escalator.start(new EscalationRequest(
                    List.copyOf(argv), sh.st.cwd, Map.copyOf(env), inheritIn, inheritOut, inheritErr));
        } catch (IOException e) {
            String message = Interpreter.describe(e);
            sh.errorLine(argv.get(0) + ": " + (message.isEmpty() ? "command not found" : message));
            return 127;
        }
        sh.scope.escalatedCommands.incrementAndGet();
        Runnable endMeter = sh.scope.meterProgram();
        DetachableOutput stdoutSink = new DetachableOutput(out == null ? OutputStream.nullOutputStream() : out.out);
        DetachableOutput stderrSink = new DetachableOutput(err == null ? OutputStream.nullOutputStream() : err.out);
        Runnable unregister = sh.cancellation.onCancel(() -> {
            if (sh.outlivingPrograms != null && endedNormally(sh.cancellation)) {
                // bash leaves background programs running when the script ends; their output goes nowhere
                stdoutSink.detach();
                stderrSink.detach();
                sh.outlivingPrograms.add(p);
            } else {
                p.signal(9);
            }
        });
        List<Future<?>> pumps = new ArrayList<>(3);
        Future<?> stdinPump = null;
        try {
            try {
                if (p.stdin() != null) {
                    InputStream src = in == null ? InputStream.nullInputStream() : in.in;
                    stdinPump = submitPump(sh, () -> pump(src, p.stdin(), true));
                }
                if (p.stdout() != null) {
                    pumps.add(submitPump(sh, () -> {
                        if (!pump(p.stdout(), stdoutSink, false)) {
                            // nobody reads any more: the program's next write fails with SIGPIPE or EPIPE, as after
                            // a real pipe's reader exited
                            try {
                                p.stdout().close();
                            } catch (IOException e) {
                                p.signal(13);
                            }
                        }
                        return null;
                    }));
                }
                if (p.stderr() != null) {
                    pumps.add(submitPump(sh, () -> pump(p.stderr(), stderrSink, false)));
                }
                if (sh.jobSettled != null) {
                    // only now, with its pumps running: the execution that waits for this ends with the program
                    // already known to outlive it, and a pump started after that end would be refused
                    sh.jobSettled.countDown();
                }
            } catch (RuntimeException e) {
                // no thread for a pump (the process bound is full): the program cannot run unattended
                p.signal(9);
                if (stdinPump != null) {
                    stdinPump.cancel(true);
                }
                throw e;
            }
            int status;
            try {
                status = p.waitFor();
                for (Future<?> f : pumps) {
                    f.get();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.signal(9);
                status = 137;
            } catch (java.util.concurrent.ExecutionException e) {
                status = 1;
            }
            if (stdinPump != null) {
                stdinPump.cancel(true);
                try {
                    p.stdin().close();
                } catch (IOException e) {
                    // already closed
                }
            }
            if (sh.outlivingPrograms != null && endedNormally(sh.cancellation)) {
                // a background job's program that outlived its execution ended on its own: the job ends with the
                // program's status (Done, Exit N), not as killed
                return status;
            }
            sh.cancellation.check();
            return status;
        } finally {
            endMeter.run();
            unregister.run();
            if (sh.outlivingPrograms != null) {
                sh.outlivingPrograms.remove(p);
            }
        }
    }

    private static <T> Future<T> submitPump(Interpreter sh, java.util.concurrent.Callable<T> pump) {
        return sh.outlivingPrograms != null ? sh.scope.submitForOutlivingProgram(pump) : sh.scope.submit(pump);
    }

    private static boolean endedNormally(Cancellation cancellation) {
        return cancellation.cause() instanceof CancelledException c && Shell.FINISHED.equals(c.getMessage());
    }

    private static void drain(InputStream src) {
        try {
            src.transferTo(OutputStream.nullOutputStream());
        } catch (IOException | RuntimeException e) {
            // the program is gone
        }
    }

    /** An output that can be switched to discard everything, for programs that outlive their execution. */
    private static final class DetachableOutput extends OutputStream {
        private volatile OutputStream target;

        DetachableOutput(OutputStream target) {
            this.target = target;
        }

        void detach() {
            target = OutputStream.nullOutputStream();
        }

        @Override
        public void write(int b) throws IOException {
            target.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            target.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            target.flush();
        }
    }

    /** Copies until end of input; false when the destination is a broken pipe. */
    private static boolean pump(InputStream src, OutputStream dst, boolean closeDst) {
        byte[] buf = new byte[65536];
        try {
            int n;
            while ((n = src.read(buf)) > 0) {
                dst.write(buf, 0, n);
                dst.flush();
            }
            return true;
        } catch (BrokenPipeException e) {
            return false;
        } catch (IOException | RuntimeException e) {
            if (!closeDst) {
                // an output pump: keep the program from blocking on a full pipe once its output has nowhere to go
                drain(src);
            }
            return true;
        } finally {
            if (closeDst) {
                try {
                    dst.close();
                } catch (IOException e) {
                    // the process is gone
                }
            }
        }
    }
}
