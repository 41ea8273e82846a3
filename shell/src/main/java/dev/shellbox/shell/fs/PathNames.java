package dev.shellbox.shell.fs;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** Operations on absolute slash-separated path strings. No file system access except in {@link #resolveSymlinks}. */
public final class PathNames {
    private static final int MAX_SYMLINK_FOLLOWS = 40;

    private PathNames() {}

    /**
     * Collapses {@code //}, {@code .} and {@code ..} of an absolute path lexically; {@code ..} at the root stays at
     * the root. The result has no trailing slash except for "/" itself.
     */
    public static String normalize(String path) {
        if (path.isEmpty() || path.charAt(0) != '/') {
            throw new IllegalArgumentException("not an absolute path: " + path);
        }
        if (isNormal(path)) {
            return path;
        }
        Deque<String> parts = new ArrayDeque<>();
        for (String part : path.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                parts.pollLast();
            } else {
                parts.addLast(part);
            }
        }
        if (parts.isEmpty()) {
            return "/";
        }
        StringBuilder sb = new StringBuilder(path.length());
        for (String part : parts) {
            sb.append('/').append(part);
        }
        return sb.toString();
    }

    private static boolean isNormal(String path) {
        int n = path.length();
        if (n > 1 && path.charAt(n - 1) == '/') {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (path.charAt(i) == '/' && i + 1 < n) {
                char next = path.charAt(i + 1);
                if (next == '/') {
                    return false;
                }
                if (next == '.') {
                    int end = i + 2;
                    if (end == n || path.charAt(end) == '/') {
                        return false;
                    }
                    if (path.charAt(end) == '.' && (end + 1 == n || path.charAt(end + 1) == '/')) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** Resolves {@code path} against the absolute directory {@code base} and normalizes the result. */
    public static String resolve(String base, String path) {
        if (!path.isEmpty() && path.charAt(0) == '/') {
            return normalize(path);
        }
        if (path.isEmpty()) {
            return normalize(base);
        }
        return normalize(base.equals("/") ? "/" + path : base + "/" + path);
    }

    /** Appends one name to a normalized directory path. */
    public static String join(String directory, String name) {
        return directory.equals("/") ? "/" + name : directory + "/" + name;
    }

    /** The parent of a normalized path; the parent of "/" is "/". */
    public static String parent(String path) {
        int slash = path.lastIndexOf('/');
        return slash <= 0 ? "/" : path.substring(0, slash);
    }

    /** The last component of a normalized path; "" for "/". */
    public static String name(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** The components of a normalized path: "/a/b" gives [a, b]. */
    public static List<String> components(String path) {
        List<String> parts = new ArrayList<>();
        for (String part : path.split("/")) {
            if (!part.isEmpty()) {
                parts.add(part);
            }
        }
        return parts;
    }

    /** realpath(3) on top of lstat and readSymlink; see {@link FileSystem#realPath}. */
    static String resolveSymlinks(FileSystem fs, String path, boolean allowMissingLast) throws FsException {
        Deque<String> pending = new ArrayDeque<>(components(normalize(path)));
        String current = "/";
        int follows = 0;
        while (!pending.isEmpty()) {
            String part = pending.pollFirst();
            if (part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                current = parent(current);
                continue;
            }
            String next = join(current, part);
            FileStat st;
            try {
                st = fs.lstat(next);
            } catch (FsException e) {
                if (e.errno() == Errno.ENOENT && allowMissingLast && pending.isEmpty()) {
                    return next;
                }
                throw e;
            }
            if (st.isSymlink()) {
                if (++follows > MAX_SYMLINK_FOLLOWS) {
                    throw new FsException(Errno.ELOOP, path);
                }
                String target = fs.readSymlink(next);
                List<String> targetParts = new ArrayList<>();
                for (String p : target.split("/")) {
                    if (!p.isEmpty()) {
                        targetParts.add(p);
                    }
                }
                for (int i = targetParts.size() - 1; i >= 0; i--) {
                    pending.addFirst(targetParts.get(i));
                }
                if (target.startsWith("/")) {
                    current = "/";
                }
            } else {
                if (!pending.isEmpty() && !st.isDirectory()) {
                    throw new FsException(Errno.ENOTDIR, next);
                }
                current = next;
            }
        }
        return current;
    }

    /**
     * The file descriptor an absolute path names as Linux's device files do: 0, 1, 2 for /dev/stdin, /dev/stdout,
     * /dev/stderr, N for /dev/fd/N and /proc/self/fd/N; -1 for any other path.
     */
    public static int descriptorOf(String abs) {
        switch (abs) {
            case "/dev/stdin":
                return 0;
            case "/dev/stdout":
                return 1;
            case "/dev/stderr":
                return 2;
            default:
                if (abs.startsWith("/dev/fd/") || abs.startsWith("/proc/self/fd/")) {
                    String n = abs.substring(abs.lastIndexOf('/') + 1);
                    if (!n.isEmpty() && n.length() < 9 && n.chars().allMatch(Character::isDigit)) {
                        return Integer.parseInt(n);
                    }
                }
                return -1;
        }
    }
}
