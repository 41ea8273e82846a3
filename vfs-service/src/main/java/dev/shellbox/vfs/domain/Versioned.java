package dev.shellbox.vfs.domain;

/** The result of a change and the volume version it produced. */
public record Versioned<T>(T value, long version) {}
