package dev.shellbox.shell.fs;

/** How {@link FileSystem#newOutputStream} opens a file. Every mode creates the file when it does not exist. */
public enum WriteMode {
    /** Create, or empty an existing file first ({@code >}). */
    TRUNCATE,
    /** Create, or write after the existing content ({@code >>}). */
    APPEND,
    /** Create; fail with EEXIST when anything exists at the path ({@code set -C}, {@code mktemp}). */
    EXCLUSIVE,
    /** Create, or overwrite from offset 0 without truncating ({@code <>}, {@code dd conv=notrunc}). */
    OVERWRITE
}
