package dev.shellbox.supervisor;

import java.io.IOException;

/** The supervisor refused a request (its {@code ERROR} frame) or broke the protocol. */
public final class SupervisorException extends IOException {
    /** The errno the supervisor reported ({@code ENOENT}, {@code ESRCH}, ...); 0 when none applies. */
    private final int errno;

    public SupervisorException(int errno, String message) {
        super(message);
        this.errno = errno;
    }

    public int errno() {
        return errno;
    }
}
