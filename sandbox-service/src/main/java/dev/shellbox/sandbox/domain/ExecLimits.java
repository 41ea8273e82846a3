package dev.shellbox.sandbox.domain;

/**
 * What an exec may use: its user's plan's limits, or the configured ones where the plan does not say.
 *
 * @param plan the plan's name; null when usage-service could not tell
 * @param maxExecTimeoutMs wall-clock limit of an exec
 * @param maxOutputBytes output an exec keeps
 * @param containerMemoryBytes address space of each escalated program
 * @param containerProcesses processes and threads of each escalated program
 * @param storageBytes what the sandbox's container workspace may hold
 * @param commandsPerDay the plan's daily maximum of commands; null when the plan is unknown (no daily budgets)
 * @param containerSecondsPerDay the plan's daily maximum of escalated programs' seconds; null when unknown
 */
public record ExecLimits(
        String plan,
        long maxExecTimeoutMs,
        long maxOutputBytes,
        long containerMemoryBytes,
        long containerProcesses,
        long storageBytes,
        Long commandsPerDay,
        Long containerSecondsPerDay) {}
