package dev.shellbox.sandbox.provider.local;

import dev.shellbox.shell.interp.EscalatedProcess;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/** A program running under bubblewrap: its streams are pipes, its exit status the program's (128+N by signal N). */
final class LocalProcess implements EscalatedProcess {
    private final Process process;

    LocalProcess(Process process) {
        this.process = process;
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

    /** Signals bubblewrap; when it ends, its PID namespace and the program with it end too. */
    @Override
    public void signal(int signal) {
        if (signal == 9 || !process.isAlive()) {
            process.destroyForcibly();
            return;
        }
        try {
            new ProcessBuilder("/bin/kill", "-" + signal, Long.toString(process.pid()))
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
}
