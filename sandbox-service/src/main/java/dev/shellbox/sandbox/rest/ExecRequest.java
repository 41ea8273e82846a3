package dev.shellbox.sandbox.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.shellbox.sandbox.service.ExecCommand;
import java.util.Map;

/**
 * A command string or a whole script to run in a sandbox.
 *
 * @param command the bash source to run (required)
 * @param cwd working directory for this exec only (the session's own directory is kept)
 * @param env variables for this exec only
 * @param stdin bytes (UTF-8 text) given to the script's standard input
 * @param timeoutMs wall-clock limit; at most the plan's max_exec_timeout_ms
 * @param session the shell session to run in; "default" when absent
 */
public record ExecRequest(
        @JsonProperty(required = true) String command,
        String cwd,
        Map<String, String> env,
        String stdin,
        Long timeoutMs,
        String session) {
    /** The command the service runs; null for no body (the service answers that with a 400 naming the command). */
    static ExecCommand toCommand(ExecRequest request) {
        return request == null
                ? null
                : new ExecCommand(
                        request.command, request.cwd, request.env, request.stdin, request.timeoutMs, request.session);
    }
}
