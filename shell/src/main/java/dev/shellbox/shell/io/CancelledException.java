package dev.shellbox.shell.io;

/**
 * The execution was cancelled from outside (client disconnected, {@code timeout} expired, {@code kill}). Unchecked;
 * never catch it in a command.
 */
public class CancelledException extends RuntimeException {
    public CancelledException(String reason) {
        super(reason, null, false, false);
    }
}
