package dev.shellbox.shell.expand;

/**
 * An expansion that failed: bad substitution, arithmetic error, unbound variable, {@code ${x?}}, readonly variable,
 * ambiguous redirect. The message is what bash prints after {@code bash: line N: }. A non-fatal error aborts the
 * current top-level command (status 1); a fatal one ends a non-interactive shell.
 */
public final class ExpansionError extends RuntimeException {
    private final boolean fatal;

    public ExpansionError(String message, boolean fatal) {
        super(message, null, false, false);
        this.fatal = fatal;
    }

    public ExpansionError(String message) {
        this(message, false);
    }

    /** Whether a non-interactive shell exits ({@code ${x?}}, unbound variables). */
    public boolean fatal() {
        return fatal;
    }
}
