package dev.shellbox.shell.commands.data.awk;

/** A fatal error while the program runs (gawk's "fatal:"); awk stops with status 2. */
final class AwkRuntimeError extends RuntimeException {
    /** Whether gawk would name a source line: not for input files that fail before any rule ran. */
    final boolean located;

    AwkRuntimeError(String message) {
        this(message, true);
    }

    AwkRuntimeError(String message, boolean located) {
        super(message, null, false, false);
        this.located = located;
    }
}
