package dev.shellbox.shell.cli;

import dev.shellbox.shell.interp.EscalatedProcess;
import dev.shellbox.shell.interp.EscalationRequest;
import dev.shellbox.shell.interp.Escalator;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Runs unknown commands as host processes (the CLI only; sandboxes use a provider instead). */
final class HostEscalator implements Escalator {

    @Override
    public Optional<String> locate(String name, Map<String, String> env) {
        if (name.indexOf('/') >= 0) {
            File f = new File(name);
            return f.isFile() && f.canExecute() ? Optional.of(name) : Optional.empty();
        }
        String path = env.get("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(":", -1)) {
            File f = new File(dir.isEmpty() ? "." : dir, name);
            if (f.isFile() && f.canExecute()) {
                return Optional.of(f.getPath());
            }
        }
        return Optional.empty();
    }

    @Override
    public EscalatedProcess start(EscalationRequest request) throws IOException {
        List<String> argv = new ArrayList<>(request.argv());
        String program = argv.get(0);
        if (program.indexOf('/') < 0) {
            // Java looks names up in the JVM's own PATH; keep the bare name (argv[0] as typed) when that finds the
            // same program, else run it by path
            String located = locate(program, request.env()).orElseThrow(() -> new IOException("command not found"));
            Optional<String> jvmView = locate(program, System.getenv());
            if (jvmView.isEmpty() || !sameFile(jvmView.get(), located)) {
                argv.set(0, located);
            }
        }
        ProcessBuilder pb = new ProcessBuilder(argv);
        pb.directory(new File(request.cwd()));
        pb.environment().clear();
        pb.environment().putAll(request.env());
        pb.redirectInput(request.inheritStdin() ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.PIPE);
        pb.redirectOutput(request.inheritStdout() ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.PIPE);
        pb.redirectError(request.inheritStderr() ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.PIPE);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            String m = e.getMessage() == null ? "" : e.getMessage();
            if (m.contains("error=13")) {
                throw new IOException("Permission denied");
            }
            if (m.contains("error=2")) {
                throw new IOException("No such file or directory");
            }
            if (m.contains("error=8")) {
                throw new IOException("cannot execute binary file: Exec format error");
            }
            throw new IOException(m);
        }
        return new HostProcess(p, request);
    }

    private static boolean sameFile(String a, String b) {
        try {
            return new File(a).getCanonicalPath().equals(new File(b).getCanonicalPath());
        } catch (IOException e) {
            return false;
        }
    }

    private static final class HostProcess implements EscalatedProcess {
        private final Process p;
        private final EscalationRequest request;

        HostProcess(Process p, EscalationRequest request) {
            this.p = p;
            this.request = request;
        }

        @Override
        public OutputStream stdin() {
            return request.inheritStdin() ? null : p.getOutputStream();
        }

        @Override
        public InputStream stdout() {
            return request.inheritStdout() ? null : p.getInputStream();
        }

        @Override
        public InputStream stderr() {
            return request.inheritStderr() ? null : p.getErrorStream();
        }

        @Override
        public int waitFor() throws InterruptedException {
            int status = p.waitFor();
            // Java reports death by signal N as 128+N already
            return status;
        }

        @Override
        public void signal(int signal) {
            if (signal == 9) {
                p.destroyForcibly();
                return;
            }
            try {
                new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid()))
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start()
                        .waitFor();
            } catch (IOException e) {
                p.destroy();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroy();
            }
        }
    }
}
