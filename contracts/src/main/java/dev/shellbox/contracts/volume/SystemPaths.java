package dev.shellbox.contracts.volume;

import java.util.Set;

/**
 * The top-level directories a sandbox's container supplies itself, read-only (its image, or the host's for the local
 * provider): a volume never holds anything there, and writing there fails with EROFS for built-ins, programs and the
 * Files API alike.
 */
public final class SystemPaths {
    /** The names of those directories under {@code /}. */
    public static final Set<String> DIRECTORIES =
            Set.of("bin", "boot", "dev", "etc", "lib", "lib32", "lib64", "libx32", "proc", "run", "sbin", "sys", "usr");

    private SystemPaths() {}

    /** Whether a normalized absolute path is one of those directories or lies below one. */
    public static boolean isSystem(String path) {
        if (path == null || !path.startsWith("/") || path.length() == 1) {
            return false;
        }
        int end = path.indexOf('/', 1);
        return DIRECTORIES.contains(end < 0 ? path.substring(1) : path.substring(1, end));
    }
}
