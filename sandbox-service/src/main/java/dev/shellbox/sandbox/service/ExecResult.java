package dev.shellbox.sandbox.service;

import dev.shellbox.contracts.Location;
import java.util.List;

/**
 * What an exec did, with its output as the bytes the script wrote.
 *
 * @param exitCode the script's exit status (126 when a limit stopped it)
 * @param durationMs wall-clock time of the script
 * @param location where its commands ran
 * @param truncated whether output beyond the plan's max_output_bytes was dropped
 * @param limit the limit that stopped the script, if one did
 * @param warnings things the caller should know
 */
public record ExecResult(
        int exitCode,
        byte[] stdout,
        byte[] stderr,
        long durationMs,
        Location location,
        boolean truncated,
        String limit,
        List<String> warnings) {}
