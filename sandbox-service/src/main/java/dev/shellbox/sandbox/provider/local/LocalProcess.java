package dev.shellbox.sandbox.provider.local;

import dev.shellbox.shell.interp.EscalatedProcess;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
     * may trap it and its status says what killed it; bubblewrap ends with it. A program that bubblewrap is still
     * setting up is waited for a moment. SIGKILL, or a program that does not appear, ends bubblewrap and everything
     * below it instead.
     */
    @Override
    public void signal(int signal) {
        if (signal == 9) {
            killAll(process);
            return;
        }
        List<String> targets = programProcesses();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        try {
            while (targets.isEmpty() && process.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(5);
                targets = programProcesses();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (targets.isEmpty() || !process.isAlive()) {
            killAll(process);
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
            killAll(process);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            killAll(process);
        }
    }

    /**
     * SIGKILL to bubblewrap and every process below it. Killing bubblewrap alone is not enough while it sets up: the
     * child that becomes the sandbox's first process asks to die with its parent only once it runs, and would survive.
     */
    static void killAll(Process process) {
        List<ProcessHandle> below = process.descendants().toList();
        process.destroyForcibly();
        below.forEach(ProcessHandle::destroyForcibly);
    }

    /** The processes below bubblewrap's own (bubblewrap keeps one or two of its own above the program). */
    private List<String> programProcesses() {
        return process.descendants()
                .filter(h -> h.info().command().map(c -> !c.equals(bwrap)).orElse(true))
                .map(h -> Long.toString(h.pid()))
                .toList();
    }
}
