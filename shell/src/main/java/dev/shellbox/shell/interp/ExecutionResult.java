package dev.shellbox.shell.interp;

import java.util.Map;

/**
 * The outcome of one {@link Shell#execute} call.
 *
 * @param exitStatus the script's exit status (126 when a limit stopped it)
 * @param builtinCommands commands that ran in-process (shell builtins, functions and registered commands)
 * @param escalatedCommands commands handed to the {@link Escalator}
 * @param limitExceeded the name of the limit that stopped the script (snake_case, e.g. {@code max_commands}, or a
 *     budget's name), or null; also set when a background job hit the limit after the script's last command while the
 *     execution still ran
 * @param budgetsUsed the units each {@link Budget} of the execution gave out during the call, by budget name
 */
public record ExecutionResult(
        int exitStatus,
        long builtinCommands,
        long escalatedCommands,
        String limitExceeded,
        Map<String, Long> budgetsUsed) {

    public ExecutionResult {
        budgetsUsed = budgetsUsed == null ? Map.of() : Map.copyOf(budgetsUsed);
    }

    /** A result of an execution without budgets. */
    public ExecutionResult(int exitStatus, long builtinCommands, long escalatedCommands, String limitExceeded) {
        this(exitStatus, builtinCommands, escalatedCommands, limitExceeded, Map.of());
    }
}
