package dev.shellbox.supervisor;

/**
 * How a program ended.
 *
 * @param status the shell's encoding: the exit code, or 128 + N when signal N ended it
 * @param signal the signal that ended it, 0 when it exited
 * @param endedMillis when, in milliseconds since the epoch
 */
public record Exit(int status, int signal, long endedMillis) {}
