package dev.shellbox.contracts.volume;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** What one change of a commit does; lower case in JSON. */
public enum ChangeOp {
    MKDIR,
    WRITE,
    SYMLINK,
    DELETE,
    RENAME,
    CHMOD,
    UTIMES;

    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static ChangeOp fromJson(String value) {
        for (ChangeOp op : values()) {
            if (op.json().equals(value)) {
                return op;
            }
        }
        throw new IllegalArgumentException(
                "unknown op '" + value + "'; expected mkdir, write, symlink, delete, rename, chmod or utimes");
    }
}
