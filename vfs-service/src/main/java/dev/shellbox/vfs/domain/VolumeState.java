package dev.shellbox.vfs.domain;

/**
 * A volume as a changing transaction sees it after locking it: the version this transaction's changes get, and the
 * totals before them.
 */
public record VolumeState(String id, String userId, long version, long entries, long bytes, long changesFloor) {}
