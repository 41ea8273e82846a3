package dev.shellbox.sandbox.service;

import java.util.Map;

/**
 * A script to run in a sandbox, as {@link ExecService} takes it.
 *
 * @param command the bash source to run (required)
 * @param cwd working directory for this exec only (the session's own directory is kept); null for the session's
 * @param env variables for this exec only; may be null
 * @param stdin text (UTF-8) given to the script's standard input; may be null
 * @param timeoutMs wall-clock limit, at most the plan's max_exec_timeout_ms; null for the default
 * @param session the shell session to run in; null for "default"
 */
public record ExecCommand(
        String command, String cwd, Map<String, String> env, String stdin, Long timeoutMs, String session) {}
