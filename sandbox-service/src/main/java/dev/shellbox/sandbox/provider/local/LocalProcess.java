package dev.shellbox.sandbox.provider.local;

import dev.shellbox.shell.interp.EscalatedProcess;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/** A program running under bubblewrap: its streams are pipes, its exit status the program's (128+N by signal N). */
final class LocalProcess implements EscalatedProcess {
    private final Process process;
    private final String bwrap;

    LocalProcess(Process process, String bwrap) {
        this.process = process;
        this.bwrap = bwrap;
    }

    @Override
    public OutputStream stdin() {
        return process.getOutputStream();
    }

    @Override
    public InputStream stdout() {
        return process.getInputStream();
    }

    @Override
    public InputStream stderr() {
        return process.getErrorStream();
    }

    @Override
    public int waitFor() throws InterruptedException {
        return process.waitFor();
    }

    /**
     * Sends {@code signal} to the program and its children, as bash's {@code kill} does to a job, so that the program
     * may trap it and its status says what killed it; bubblewrap ends with it. SIGKILL, or a program that cannot be
     * found, ends bubblewrap instead, and with it every process of the sandbox's PID namespace.
     */
    @Override
    public void signal(int signal) {
        List<String> targets = signal == 9 ? List.of() : programProcesses();
        if (targets.isEmpty() || !process.isAlive()) {
            process.destroyForcibly();
            return;
        }
        List<String> argv = new ArrayList<>(List.of("/bin/kill", "-" + signal));
        argv.addAll(targets);
        try {
            new ProcessBuilder(argv)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start()
                    .waitFor();
        } catch (IOException e) {
            process.destroy();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroy();
        }
    }

    /** The processes below bubblewrap's own (bubblewrap keeps one or two of its own above the program). */
    private List<String> programProcesses() {
        return process.descendants()
                .filter(h -> h.info().command().map(c -> !c.equals(bwrap)).orElse(true))
                .map(h -> Long.toString(h.pid()))
                .toList();
    }
}
