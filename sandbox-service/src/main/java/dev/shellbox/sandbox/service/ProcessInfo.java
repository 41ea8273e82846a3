package dev.shellbox.sandbox.service;

import java.time.Instant;
import java.util.List;

/**
 * A program that runs on its own in a sandbox's container (the Processes API), as its supervisor knows it.
 *
 * @param id the process's id in the API: the container's instance and the supervisor's program number
 * @param pid its process id inside the sandbox
 * @param argv what it runs
 * @param running whether it still runs
 * @param exitCode its exit status in the shell's encoding (128 + N for signal N); null while it runs
 * @param signal the signal that ended it; null when it exited or runs
 * @param startedAt when it started
 * @param endedAt when it ended; null while it runs
 * @param stdoutBytes bytes in its stdout log
 * @param stderrBytes bytes in its stderr log
 */
public record ProcessInfo(
        String id,
        int pid,
        List<String> argv,
        boolean running,
        Integer exitCode,
        Integer signal,
        Instant startedAt,
        Instant endedAt,
        long stdoutBytes,
        long stderrBytes) {}
