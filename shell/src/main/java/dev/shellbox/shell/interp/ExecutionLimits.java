package dev.shellbox.shell.interp;

import java.time.Duration;

/**
 * Bounds on one {@link Shell#execute} call. Hitting a limit stops the script: the message {@code shellbox: limit
 * exceeded: NAME (...)} goes to stderr, the exit status is {@link #STATUS} (126) and {@link
 * ExecutionResult#limitExceeded()} is NAME: the component's name in snake_case ({@code max_commands}, {@code
 * max_output_bytes}, ...; see {@link dev.shellbox.shell.io.LimitNames}).
 *
 * @param timeout wall-clock deadline of one execution; null for none
 * @param maxCommands commands (simple commands, builtins, functions) started
 * @param maxLoopIterations iterations of all loops together
 * @param maxCallDepth nesting of function calls, eval, source and subshells
 * @param maxOutputBytes bytes written to the execution's stdout and stderr together
 * @param maxStringLength characters of one expanded word or variable value
 * @param maxArrayElements elements of one array
 * @param maxBraceExpansion words produced by one brace expansion
 * @param maxBackgroundJobs background jobs running at once
 * @param maxProcesses threads the shell runs at once (the script, pipeline stages, background jobs, process
 *     substitutions, stream pumps), which bounds what a fork bomb can start; a {@link ProcessBound} given to {@link
 *     Shell.Builder#processes} replaces it with a bound shared by several shells
 */
public record ExecutionLimits(
        Duration timeout,
        long maxCommands,
        long maxLoopIterations,
        int maxCallDepth,
        long maxOutputBytes,
        long maxStringLength,
        long maxArrayElements,
        int maxBraceExpansion,
        int maxBackgroundJobs,
        int maxProcesses) {

    /** The exit status of an execution stopped by a limit. */
    public static final int STATUS = 126;

    /** Generous bounds for trusted use: no deadline, limits that only stop runaway scripts. */
    public static final ExecutionLimits DEFAULT = new ExecutionLimits(
            null, 100_000_000L, 100_000_000L, 1000, 1L << 40, 256L << 20, 10_000_000L, 1_000_000, 256, 1024);

    /** Tight bounds for untrusted scripts. */
    public static final ExecutionLimits HARDENED = new ExecutionLimits(
            Duration.ofSeconds(30), 1_000_000L, 1_000_000L, 200, 10L << 20, 16L << 20, 100_000L, 10_000, 16, 64);

    /** The limits without a process bound of their own (it defaults to {@code 4 * maxBackgroundJobs}, at least 64). */
    public ExecutionLimits(
            Duration timeout,
            long maxCommands,
            long maxLoopIterations,
            int maxCallDepth,
            long maxOutputBytes,
            long maxStringLength,
            long maxArrayElements,
            int maxBraceExpansion,
            int maxBackgroundJobs) {
        this(
                timeout,
                maxCommands,
                maxLoopIterations,
                maxCallDepth,
                maxOutputBytes,
                maxStringLength,
                maxArrayElements,
                maxBraceExpansion,
                maxBackgroundJobs,
                Math.max(64, 4 * maxBackgroundJobs));
    }

    public ExecutionLimits withTimeout(Duration t) {
        return new ExecutionLimits(
                t,
                maxCommands,
                maxLoopIterations,
                maxCallDepth,
                maxOutputBytes,
                maxStringLength,
                maxArrayElements,
                maxBraceExpansion,
                maxBackgroundJobs,
                maxProcesses);
    }

    public ExecutionLimits withMaxCommands(long n) {
        return new ExecutionLimits(
                timeout,
                n,
                maxLoopIterations,
                maxCallDepth,
                maxOutputBytes,
                maxStringLength,
                maxArrayElements,
                maxBraceExpansion,
                maxBackgroundJobs,
                maxProcesses);
    }

    public ExecutionLimits withMaxLoopIterations(long n) {
        return new ExecutionLimits(
                timeout,
                maxCommands,
                n,
                maxCallDepth,
                maxOutputBytes,
                maxStringLength,
                maxArrayElements,
                maxBraceExpansion,
                maxBackgroundJobs,
                maxProcesses);
    }

    public ExecutionLimits withMaxCallDepth(int n) {
        return new ExecutionLimits(
                timeout,
                maxCommands,
                maxLoopIterations,
                n,
                maxOutputBytes,
                maxStringLength,
                maxArrayElements,
                maxBraceExpansion,
                maxBackgroundJobs,
                maxProcesses);
    }

    public ExecutionLimits withMaxOutputBytes(long n) {
        return new ExecutionLimits(
                timeout,
                maxCommands,
                maxLoopIterations,
                maxCallDepth,
                n,
                maxStringLength,
                maxArrayElements,
                maxBraceExpansion,
                maxBackgroundJobs,
                maxProcesses);
    }

    public ExecutionLimits withMaxStringLength(long n) {
        return new ExecutionLimits(
                timeout,
                maxCommands,
                maxLoopIterations,
                maxCallDepth,
                maxOutputBytes,
                n,
                maxArrayElements,
                maxBraceExpansion,
                maxBackgroundJobs,
                maxProcesses);
    }
}
