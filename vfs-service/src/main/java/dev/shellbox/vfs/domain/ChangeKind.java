package dev.shellbox.vfs.domain;

/** What a change did to a path, as logged in the change log. */
public enum ChangeKind {
    /** Mode or times changed. */
    ATTRIBUTES("a"),
    /** A directory was created. */
    MKDIR("m"),
    /** A file or symlink was created or replaced, or a whole subtree arrived (move, copy, restore). */
    WRITE("w"),
    /** The entry (and its subtree) went away. */
    REMOVE("r");

    private final String code;

    ChangeKind(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    /** Whether it replaces or removes what was at the path (and below). */
    public boolean destructive() {
        return this == WRITE || this == REMOVE;
    }

    /** The kind that says more, when one version touches a path twice. */
    public ChangeKind strongest(ChangeKind other) {
        return other.ordinal() > ordinal() ? other : this;
    }

    public static ChangeKind fromCode(String code) {
        for (ChangeKind k : values()) {
            if (k.code.equals(code.trim())) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown change kind " + code);
    }
}
