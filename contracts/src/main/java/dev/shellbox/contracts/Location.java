package dev.shellbox.contracts;

import com.fasterxml.jackson.annotation.JsonValue;

/** Where the commands of an operation ran: in the interpreter, in a container, or both. */
public enum Location {
    WORKER,
    CONTAINER,
    MIXED;

    @JsonValue
    public String json() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The location of an operation that ran {@code builtin} in-process and {@code escalated} in a container. */
    public static Location of(long builtin, long escalated) {
        if (escalated == 0) {
            return WORKER;
        }
        return builtin == 0 ? CONTAINER : MIXED;
    }
}
