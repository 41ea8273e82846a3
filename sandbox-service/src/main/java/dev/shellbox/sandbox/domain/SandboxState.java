package dev.shellbox.sandbox.domain;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

public enum SandboxState {
    RUNNING,
    PAUSED,
    DESTROYED;

    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static SandboxState parse(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
