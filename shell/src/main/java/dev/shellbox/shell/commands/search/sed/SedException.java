package dev.shellbox.shell.commands.search.sed;

/**
 * A script that does not compile or a fatal error while running, with the text GNU sed prints after {@code sed: }
 * and its exit status (1 for script errors, 4 for I/O trouble and missing labels).
 */
final class SedException extends Exception {
    private final int status;

    SedException(String message, int status) {
        super(message, null, false, false);
        this.status = status;
    }

    int status() {
        return status;
    }
}
