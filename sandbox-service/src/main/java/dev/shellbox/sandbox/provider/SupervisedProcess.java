package dev.shellbox.sandbox.provider;

import dev.shellbox.shell.interp.EscalatedProcess;
import dev.shellbox.supervisor.Program;
import dev.shellbox.supervisor.Supervisor;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.jboss.logging.Logger;

/** An escalated program run by a sandbox's supervisor: its channel's streams, its end, signals to its whole tree. */
public final class SupervisedProcess implements EscalatedProcess {
    private static final Logger LOG = Logger.getLogger(SupervisedProcess.class);
    private static final int SIGKILL = 9;

    private final Supervisor supervisor;
    private final Program program;

    public SupervisedProcess(Supervisor supervisor, Program program) {
        this.supervisor = supervisor;
        this.program = program;
    }

    public Program program() {
        return program;
    }

    @Override
    public OutputStream stdin() {
        return program.stdin();
    }

    @Override
    public InputStream stdout() {
        return program.stdout();
    }

    @Override
    public InputStream stderr() {
        return program.stderr();
    }

    /** The program's status; 137 when the supervisor went away first (the container ended, and the program with it). */
    @Override
    public int waitFor() throws InterruptedException {
        try {
            return program.waitFor().status();
        } catch (IOException e) {
            LOG.debugf("program %d: lost its supervisor: %s", program.id(), e.getMessage());
            return 128 + SIGKILL;
        }
    }

    /** Sends {@code signal} to every process of the program, as bash's {@code kill} does to a job. */
    @Override
    public void signal(int signal) {
        try {
            supervisor.signal(program.id(), signal, true);
        } catch (IOException e) {
            // ended already (ESRCH), or the container is gone with it
            LOG.debugf("program %d: signal %d not delivered: %s", program.id(), signal, e.getMessage());
        }
    }
}
