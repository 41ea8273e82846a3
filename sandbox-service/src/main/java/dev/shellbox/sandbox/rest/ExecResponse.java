package dev.shellbox.sandbox.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.shellbox.contracts.Location;
import java.util.List;

/**
 * What an exec did.
 *
 * @param exitCode the script's exit status (126 when a limit stopped it)
 * @param stdout standard output (UTF-8; invalid bytes replaced)
 * @param stderr standard error
 * @param durationMs wall-clock time of the script
 * @param location where its commands ran: worker (in-process), container, or mixed
 * @param truncated whether output beyond the plan's max_output_bytes was dropped
 * @param limit the limit that stopped the script, if one did
 * @param warnings things the caller should know: files changed concurrently, changes not yet saved
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record ExecResponse(
        int exitCode,
        String stdout,
        String stderr,
        long durationMs,
        Location location,
        boolean truncated,
        String limit,
        List<String> warnings) {}
