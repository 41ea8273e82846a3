package dev.shellbox.contracts;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** The limits a plan sets; a 429 names the one that was hit in its {@code limit} field. */
public enum Limit {
    CONCURRENT_SANDBOXES(false),
    SANDBOX_CREATES_PER_DAY(true),
    EXECS_PER_DAY(true),
    COMMANDS_PER_DAY(true),
    FILE_OPS_PER_DAY(true),
    STORAGE_BYTES(false),
    CONTAINER_SECONDS_PER_DAY(true),
    MAX_EXEC_TIMEOUT_MS(false),
    MAX_OUTPUT_BYTES(false),
    /** Address space of each program a sandbox runs outside the interpreter. */
    CONTAINER_MEMORY_BYTES(false),
    /** Processes and threads of each program a sandbox runs outside the interpreter, its children included. */
    CONTAINER_PROCESSES(false);

    private final boolean daily;

    Limit(boolean daily) {
        this.daily = daily;
    }

    /** Whether the limit counts per UTC day (and so resets at midnight UTC). */
    public boolean daily() {
        return daily;
    }

    /** The snake_case name used in JSON and in 429 bodies. */
    @JsonValue
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Every key, comma-separated, for messages that list them. */
    public static String keys() {
        return java.util.Arrays.stream(values()).map(Limit::key).collect(java.util.stream.Collectors.joining(", "));
    }

    public static Limit fromKey(String key) {
        return valueOf(key.toUpperCase(Locale.ROOT));
    }
}
