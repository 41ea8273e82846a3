package dev.shellbox.supervisor;

import java.util.List;

/**
 * A program the supervisor started, as {@code LIST} reports it.
 *
 * @param id the supervisor's id of the program
 * @param pid its process id inside the sandbox
 * @param exit how it ended; null while it runs
 * @param startedMillis when it started, in milliseconds since the epoch
 * @param stdoutLogBytes bytes in its stdout log
 * @param stderrLogBytes bytes in its stderr log
 * @param droppedBytes output that could not be logged (the disk was full)
 * @param argv what it runs
 */
public record ProgramStatus(
        long id,
        int pid,
        Exit exit,
        long startedMillis,
        long stdoutLogBytes,
        long stderrLogBytes,
        long droppedBytes,
        List<String> argv) {

    public boolean running() {
        return exit == null;
    }
}
