package dev.shellbox.vfs.domain;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** The kinds of entries in a volume, stored as one letter. */
public enum NodeType {
    DIRECTORY("d"),
    FILE("f"),
    SYMLINK("l");

    private final String code;

    NodeType(String code) {
        this.code = code;
    }

    /** The letter in the {@code node.type} column. */
    public String code() {
        return code;
    }

    /** "directory", "file" or "symlink" in JSON. */
    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static NodeType fromCode(String code) {
        for (NodeType t : values()) {
            if (t.code.equals(code)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown node type " + code);
    }
}
