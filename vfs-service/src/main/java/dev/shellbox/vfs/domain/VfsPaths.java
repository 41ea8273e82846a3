package dev.shellbox.vfs.domain;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Paths inside a volume: absolute, slash-separated, normalized. {@code .} and {@code //} collapse, {@code ..} moves up
 * but never above the root, so no path can leave the volume. Relative paths are taken from {@value #WORKSPACE}, the
 * default working directory.
 */
public final class VfsPaths {
    public static final String ROOT = "/";
    public static final String WORKSPACE = "/workspace";
    /** Longest name of one entry, in UTF-8 bytes (NAME_MAX). */
    public static final int MAX_NAME_BYTES = 255;
    /** Longest path, in UTF-8 bytes (PATH_MAX). */
    public static final int MAX_PATH_BYTES = 4096;

    private VfsPaths() {}

    /** Validates and normalizes a path from a request. EINVAL for empty paths and NUL bytes, ENAMETOOLONG. */
    public static String normalize(String raw) {
        if (raw == null || raw.isEmpty()) {
            throw new VfsException(Errno.EINVAL, raw == null ? "" : raw, "a path is required");
        }
        if (raw.indexOf('\0') >= 0) {
            throw new VfsException(Errno.EINVAL, raw.replace('\0', '?'), "a path may not contain NUL bytes");
        }
        String absolute = raw.charAt(0) == '/' ? raw : WORKSPACE + "/" + raw;
        Deque<String> parts = new ArrayDeque<>();
        for (String part : absolute.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                parts.pollLast();
                continue;
            }
            if (part.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
                throw new VfsException(
                        Errno.ENAMETOOLONG, abbreviate(raw), "a name is longer than " + MAX_NAME_BYTES + " bytes");
            }
            parts.addLast(part);
        }
        if (parts.isEmpty()) {
            return ROOT;
        }
        String path = "/" + String.join("/", parts);
        if (path.getBytes(StandardCharsets.UTF_8).length > MAX_PATH_BYTES) {
            throw new VfsException(
                    Errno.ENAMETOOLONG, abbreviate(raw), "the path is longer than " + MAX_PATH_BYTES + " bytes");
        }
        return path;
    }

    /** Validates one entry name (of a tar member, for example): not empty, no slash, no NUL, not . or .. */
    public static boolean isValidName(String name) {
        return !name.isEmpty()
                && !name.equals(".")
                && !name.equals("..")
                && name.indexOf('/') < 0
                && name.indexOf('\0') < 0
                && name.getBytes(StandardCharsets.UTF_8).length <= MAX_NAME_BYTES;
    }

    /** The parent of a normalized path; null for the root. */
    public static String parent(String path) {
        if (path.equals(ROOT)) {
            return null;
        }
        int slash = path.lastIndexOf('/');
        return slash == 0 ? ROOT : path.substring(0, slash);
    }

    /** The last component of a normalized path; "" for the root. */
    public static String name(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** Appends a name (or a relative normalized path) to a normalized directory path. */
    public static String join(String directory, String name) {
        return directory.equals(ROOT) ? "/" + name : directory + "/" + name;
    }

    /** The root, every ancestor, and the path itself: "/a/b" gives ["/", "/a", "/a/b"]. */
    public static List<String> lineage(String path) {
        List<String> lineage = new ArrayList<>();
        lineage.add(ROOT);
        int from = 1;
        while (from < path.length()) {
            int slash = path.indexOf('/', from);
            if (slash < 0) {
                lineage.add(path);
                break;
            }
            lineage.add(path.substring(0, slash));
            from = slash + 1;
        }
        return lineage;
    }

    /** Whether {@code path} is {@code ancestor} itself or lies below it. */
    public static boolean isWithin(String path, String ancestor) {
        return path.equals(ancestor) || path.startsWith(descendantPrefix(ancestor));
    }

    /** Whether {@code path} lies strictly below {@code ancestor}. */
    public static boolean isBelow(String path, String ancestor) {
        return !path.equals(ancestor) && path.startsWith(descendantPrefix(ancestor));
    }

    /** What every descendant of {@code path} starts with: "/a/" for "/a", "/" for the root. */
    public static String descendantPrefix(String path) {
        return path.equals(ROOT) ? ROOT : path + "/";
    }

    /**
     * The exclusive upper bound of the descendants of {@code path} in byte order ("/a0" for "/a": '0' follows '/'),
     * so that descendants are the paths in [{@link #descendantPrefix}, this).
     */
    public static String descendantLimit(String path) {
        return path.equals(ROOT) ? "0" : path + "0";
    }

    /** {@code path} moved from below {@code from} to below {@code to}. */
    public static String rebase(String path, String from, String to) {
        if (path.equals(from)) {
            return to;
        }
        String rest = path.substring(descendantPrefix(from).length());
        return join(to, rest);
    }

    /** Where a symlink at {@code link} with target {@code target} points, normalized inside the volume. */
    public static String resolveTarget(String link, String target) {
        if (target.startsWith("/")) {
            return normalize(target);
        }
        String parent = parent(link);
        return normalize(join(parent == null ? ROOT : parent, target));
    }

    /** {@code path} relative to {@code base} ("src/a.txt" for "/w/src/a.txt" under "/w"); "" for base itself. */
    public static String relativize(String path, String base) {
        if (path.equals(base)) {
            return "";
        }
        return path.substring(descendantPrefix(base).length());
    }

    private static String abbreviate(String raw) {
        return raw.length() <= 80 ? raw : raw.substring(0, 77) + "...";
    }
}
