package dev.shellbox.sandbox.domain;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.stream.Collectors;

/** Where a sandbox's escalated commands run. */
public enum Provider {
    IN_PROCESS("in-process"),
    LOCAL("local"),
    DOCKER("docker"),
    KUBERNETES("kubernetes");

    private final String id;

    Provider(String id) {
        this.id = id;
    }

    @JsonValue
    public String id() {
        return id;
    }

    /** The provider named {@code id}, or null when there is none. */
    public static Provider byId(String id) {
        for (Provider p : values()) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        return null;
    }

    public static String names() {
        return Arrays.stream(values()).map(Provider::id).collect(Collectors.joining(", "));
    }
}
