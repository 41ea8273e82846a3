package dev.shellbox.shell.interp;

import dev.shellbox.shell.fs.Errno;

/**
 * An {@link Execution} the shell refused before running anything, because of what the caller asked for: an embedder
 * answers it as bad input (HTTP 400), naming {@link #field()} and {@link #value()}, with {@link #errno()} when there
 * is one. The session is unchanged.
 */
public final class ExecutionRejectedException extends RuntimeException {
    /** The part of the execution at fault. */
    public enum Field {
        WORKING_DIRECTORY("workingDirectory"),
        ENVIRONMENT("environment");

        private final String label;

        Field(String label) {
            this.label = label;
        }

        /** The name of the field as {@link Execution} spells it. */
        public String label() {
            return label;
        }
    }

    private final Field field;
    private final String value;
    private final Errno errno;

    public ExecutionRejectedException(Field field, String value, Errno errno, String message) {
        super(message, null, false, false);
        this.field = field;
        this.value = value;
        this.errno = errno;
    }

    public Field field() {
        return field;
    }

    /** The directory or variable name at fault, as the caller gave it. */
    public String value() {
        return value;
    }

    /** ENOENT, ENOTDIR, EACCES... for a working directory; null when no errno applies. */
    public Errno errno() {
        return errno;
    }
}
