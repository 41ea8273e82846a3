package dev.shellbox.contracts.volume;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** The kinds of entries a volume holds; "directory", "file" or "symlink" in JSON. */
public enum EntryType {
    DIRECTORY,
    FILE,
    SYMLINK;

    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static EntryType fromJson(String value) {
        for (EntryType t : values()) {
            if (t.json().equals(value)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown entry type '" + value + "'; expected directory, file or symlink");
    }
}
