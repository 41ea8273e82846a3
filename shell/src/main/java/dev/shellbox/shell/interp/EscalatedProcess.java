package dev.shellbox.shell.interp;

import java.io.InputStream;
import java.io.OutputStream;

/** A running escalated program. Null streams are connected directly (see {@link EscalationRequest}). */
public interface EscalatedProcess {

    /** Where to write the program's input; null when inherited. */
    OutputStream stdin();

    /** The program's output; null when inherited. */
    InputStream stdout();

    /** The program's error output; null when inherited. */
    InputStream stderr();

    /** Waits for the program to end; its exit status (128+N when killed by signal N). */
    int waitFor() throws InterruptedException;

    /** Sends a signal (15 = TERM, 9 = KILL, ...). */
    void signal(int signal);
}
