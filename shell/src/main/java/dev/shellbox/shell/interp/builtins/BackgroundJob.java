package dev.shellbox.shell.interp.builtins;

/** A background job as {@code jobs}, {@code wait}, {@code kill} and {@code disown} see it. */
public interface BackgroundJob {
    /** Its number, as in {@code %1}. */
    int id();

    /** Its process id, as in {@code $!}. */
    long pid();

    /** Its command text, as {@code jobs} shows it. */
    String command();

    boolean isDone();

    /** The exit status of a job that is done. */
    int statusNow();

    /** Waits up to {@code millis} for the job to end: its exit status, or null when it is still running. */
    Integer awaitStatus(long millis) throws InterruptedException;
}
