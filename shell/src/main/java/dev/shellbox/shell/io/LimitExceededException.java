package dev.shellbox.shell.io;

/**
 * An execution limit was hit (output bytes, loop iterations, deadline, ...). Unchecked so that it passes through
 * commands that handle IOException; the interpreter stops the script with the limit's status and names the limit.
 * Never catch it in a command.
 */
public class LimitExceededException extends RuntimeException {
    private final String limit;

    public LimitExceededException(String limit, String message) {
        super(message, null, false, false);
        this.limit = limit;
    }

    /** The limit's name, one of {@link LimitNames} or a budget's, e.g. {@code max_output_bytes}. */
    public String limit() {
        return limit;
    }
}
