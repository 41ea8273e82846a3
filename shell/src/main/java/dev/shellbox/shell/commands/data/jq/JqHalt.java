package dev.shellbox.shell.commands.data.jq;

import net.thisptr.jackson.jq.exception.JsonQueryException;

/** halt and halt_error: stop the program with an exit status, printing {@code message} (if any) to stderr as is. */
final class JqHalt extends JsonQueryException {
    final int status;
    final String message;

    JqHalt(int status, String message) {
        super("halt");
        this.status = status;
        this.message = message;
    }
}
