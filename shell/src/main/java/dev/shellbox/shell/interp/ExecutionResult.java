package dev.shellbox.shell.interp;

/**
 * The outcome of one {@link Shell#execute} call.
 *
 * @param exitStatus the script's exit status (126 when a limit stopped it)
 * @param builtinCommands commands that ran in-process (shell builtins, functions and registered commands)
 * @param escalatedCommands commands handed to the {@link Escalator}
 * @param limitExceeded the name of the limit that stopped the script (snake_case, e.g. {@code max_commands}), or null
 */
public record ExecutionResult(int exitStatus, long builtinCommands, long escalatedCommands, String limitExceeded) {}
