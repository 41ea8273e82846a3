package dev.shellbox.sandbox.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.shellbox.contracts.Location;
import dev.shellbox.sandbox.service.ExecResult;
import java.util.List;

/**
 * What an exec did.
 *
 * @param exitCode the script's exit status (126 when a limit stopped it)
 * @param stdout standard output as text (UTF-8; bytes that are not UTF-8 show as U+FFFD, see stdoutBase64)
 * @param stderr standard error as text
 * @param stdoutBase64 the exact bytes of standard output, present only when they are not valid UTF-8
 * @param stderrBase64 the exact bytes of standard error, present only when they are not valid UTF-8
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
        String stdoutBase64,
        String stderrBase64,
        long durationMs,
        Location location,
        boolean truncated,
        String limit,
        List<String> warnings) {

    static ExecResponse of(ExecResult r) {
        return new ExecResponse(
                r.exitCode(),
                OutputText.text(r.stdout()),
                OutputText.text(r.stderr()),
                OutputText.base64UnlessUtf8(r.stdout()),
                OutputText.base64UnlessUtf8(r.stderr()),
                r.durationMs(),
                r.location(),
                r.truncated(),
                r.limit(),
                r.warnings());
    }

    /** The {@code exit} event of a stream: everything but the output, which went out as it was written. */
    static ExecResponse exitEvent(ExecResult r) {
        return new ExecResponse(
                r.exitCode(),
                null,
                null,
                null,
                null,
                r.durationMs(),
                r.location(),
                r.truncated(),
                r.limit(),
                r.warnings());
    }
}
