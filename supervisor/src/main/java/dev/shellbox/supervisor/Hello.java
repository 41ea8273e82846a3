package dev.shellbox.supervisor;

/**
 * Who answered: the supervisor's greeting.
 *
 * @param version the protocol version it speaks
 * @param pid its process id inside the sandbox
 * @param instance random per supervisor start: a different one means the sandbox's container was started anew, and the
 *     programs of the old one are gone
 * @param startedMillis when it started, in milliseconds since the epoch
 */
public record Hello(int version, int pid, long instance, long startedMillis) {}
