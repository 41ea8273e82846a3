package dev.shellbox.shell.io;

/**
 * The names of the engine's limits, as messages print them ({@code shellbox: limit exceeded: NAME (...)}) and results
 * report them: snake_case, the spelling of the plan limits. Budgets an embedder supplies carry names of their own.
 */
public final class LimitNames {
    public static final String TIMEOUT = "timeout";
    public static final String MAX_COMMANDS = "max_commands";
    public static final String MAX_LOOP_ITERATIONS = "max_loop_iterations";
    public static final String MAX_CALL_DEPTH = "max_call_depth";
    public static final String MAX_OUTPUT_BYTES = "max_output_bytes";
    public static final String MAX_STRING_LENGTH = "max_string_length";
    public static final String MAX_ARRAY_ELEMENTS = "max_array_elements";
    public static final String MAX_BRACE_EXPANSION = "max_brace_expansion";
    public static final String MAX_BACKGROUND_JOBS = "max_background_jobs";
    public static final String MAX_PROCESSES = "max_processes";
    /** The JVM ran out of memory during the execution. */
    public static final String MEMORY = "memory";

    private LimitNames() {}
}
