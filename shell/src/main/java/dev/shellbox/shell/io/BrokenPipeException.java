package dev.shellbox.shell.io;

import java.io.IOException;

/**
 * A write to a pipe whose reader has gone, the equivalent of SIGPIPE. Commands let it propagate; the interpreter ends
 * the stage silently with status 141, as a process killed by SIGPIPE.
 */
public final class BrokenPipeException extends IOException {
    public BrokenPipeException() {
        super("Broken pipe");
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
