package dev.shellbox.vfs.domain;

/**
 * The limits a volume's writes are checked against.
 *
 * @param maxBytes bytes of regular-file content ({@code storage_bytes})
 * @param maxEntries files, directories and symlinks
 * @param maxFileBytes size of one file
 * @param plan the plan {@code maxBytes} comes from, or null when it is the service's default
 */
public record VolumeLimits(long maxBytes, long maxEntries, long maxFileBytes, String plan) {
    public static final String STORAGE_BYTES = "storage_bytes";
    public static final String VOLUME_ENTRIES = "volume_entries";
    public static final String FILE_BYTES = "file_bytes";

    /** No limit at all (for internal maintenance such as restores of what was there before). */
    public static final VolumeLimits NONE = new VolumeLimits(Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, null);

    /** Throws EFBIG when one file of {@code size} bytes is too large. */
    public void checkFileSize(String path, long size) {
        if (size > maxFileBytes) {
            throw new QuotaExceededException(Errno.EFBIG, path, FILE_BYTES, null, size, maxFileBytes);
        }
    }

    /**
     * Throws ENOSPC when a change took a volume from {@code before} to {@code after} (entries, bytes) past a limit.
     * A change that does not grow a counter passes, so that an over-limit volume can still be cleaned up.
     */
    public void checkTotals(String path, long entriesBefore, long entriesAfter, long bytesBefore, long bytesAfter) {
        if (bytesAfter > maxBytes && bytesAfter > bytesBefore) {
            throw new QuotaExceededException(Errno.ENOSPC, path, STORAGE_BYTES, plan, bytesAfter, maxBytes);
        }
        if (entriesAfter > maxEntries && entriesAfter > entriesBefore) {
            throw new QuotaExceededException(Errno.ENOSPC, path, VOLUME_ENTRIES, null, entriesAfter, maxEntries);
        }
    }
}
