package dev.shellbox.shell.commands.utils.diff;

/**
 * One change of an edit script: {@code deleted} lines of the first file starting at {@code line0} replaced by {@code
 * inserted} lines of the second starting at {@code line1} (0-based line numbers).
 */
record Change(int line0, int line1, int deleted, int inserted) {}
