package dev.shellbox.usage.domain;

import dev.shellbox.contracts.Limit;
import dev.shellbox.contracts.Operation;
import java.util.Locale;

/**
 * Which usage counts against which daily limit. The one place that maps operations to limits: folding, the
 * in-memory counters and the usage API all go through it.
 *
 * <ul>
 *   <li>{@code exec}: one per event against {@code execs_per_day} (the event's {@code count} is informational)
 *   <li>{@code command}: {@code count} against {@code commands_per_day}
 *   <li>{@code file.*}: {@code count} against {@code file_ops_per_day}
 *   <li>{@code sandbox.create}: one per event against {@code sandbox_creates_per_day}
 *   <li>every event: {@code containerMs} against {@code container_seconds_per_day}
 * </ul>
 *
 * Other operations ({@code git.*}, {@code process.start}, ...) are aggregated but count against no limit.
 */
public final class Metering {
    private static final String FILE_PREFIX = "file.";

    private Metering() {}

    /**
     * What a number of events of one operation add to the daily counters.
     *
     * @param events how many events
     * @param count the sum of their {@code count}
     * @param containerMs the sum of their {@code containerMs}
     */
    public static DailyCounters contribution(String operation, long events, long count, long containerMs) {
        DailyCounters c = new DailyCounters();
        Limit limit = limitOf(operation);
        if (limit == Limit.EXECS_PER_DAY || limit == Limit.SANDBOX_CREATES_PER_DAY) {
            c.add(limit, events);
        } else if (limit != null) {
            c.add(limit, count);
        }
        c.add(Limit.CONTAINER_SECONDS_PER_DAY, containerMs);
        return c;
    }

    /** The daily limit an operation counts against, or null when it counts against none. */
    public static Limit limitOf(String operation) {
        if (operation == null) {
            return null;
        }
        if (operation.startsWith(FILE_PREFIX)) {
            return Limit.FILE_OPS_PER_DAY;
        }
        switch (operation) {
            case Operation.EXEC:
                return Limit.EXECS_PER_DAY;
            case Operation.COMMAND:
            case Operation.PROCESS_START:
                return Limit.COMMANDS_PER_DAY;
            case Operation.SANDBOX_CREATE:
                return Limit.SANDBOX_CREATES_PER_DAY;
            default:
                return null;
        }
    }

    /** How many operations an event stands for in the operations metric: one per exec or creation, else count. */
    public static long operations(String operation, long count) {
        Limit limit = limitOf(operation);
        return limit == Limit.EXECS_PER_DAY || limit == Limit.SANDBOX_CREATES_PER_DAY ? 1 : count;
    }

    /** The operation a refused check stood for, when the caller did not name it. */
    public static String operationFor(Limit limit) {
        switch (limit) {
            case EXECS_PER_DAY:
            case MAX_EXEC_TIMEOUT_MS:
            case MAX_OUTPUT_BYTES:
                return Operation.EXEC;
            case COMMANDS_PER_DAY:
            case CONTAINER_SECONDS_PER_DAY:
            case CONTAINER_MEMORY_BYTES:
            case CONTAINER_PROCESSES:
                return Operation.COMMAND;
            case FILE_OPS_PER_DAY:
                return Operation.FILE_OP;
            case STORAGE_BYTES:
                return Operation.FILE_WRITE;
            case SANDBOX_CREATES_PER_DAY:
            case CONCURRENT_SANDBOXES:
                return Operation.SANDBOX_CREATE;
            default:
                return limit.key().toLowerCase(Locale.ROOT);
        }
    }
}
