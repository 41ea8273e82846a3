package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * gnulib's canonicalize_filename_mode: an absolute name with every symlink resolved as it is met, so {@code ..}
 * after a symlink goes to the parent of its target, for {@code readlink -f/-e/-m} and {@code realpath}.
 */
public final class Canonical {
    private static final int MAX_SYMLINK_FOLLOWS = 40;

    /** How much of the name must exist. */
    public enum Mode {
        /** Every component ({@code -e}). */
        EXISTING,
        /** All but the last ({@code -f}, realpath's default). */
        ALL_BUT_LAST,
        /** None ({@code -m}): missing parts are appended as written. */
        MISSING
    }

    private Canonical() {}

    /** The operand joined to the working directory without collapsing {@code ..}, which must wait for symlinks. */
    public static String absolute(String cwd, String operand) {
        return operand.startsWith("/") ? operand : cwd + "/" + operand;
    }

    /**
     * Canonicalizes {@code path} (absolute, not normalized).
     *
     * @param resolveLinks false for {@code realpath -s}: only {@code .} and {@code ..} are collapsed
     */
    public static String canonicalize(FileSystem fs, String path, Mode mode, boolean resolveLinks) throws FsException {
        if (!resolveLinks) {
            String normal = PathNames.normalize(path);
            check(fs, normal, path, mode);
            return normal;
        }
        Deque<String> pending = new ArrayDeque<>(PathNames.components(path));
        String current = "/";
        boolean missing = false;
        int follows = 0;
        while (!pending.isEmpty()) {
            String part = pending.pollFirst();
            if (part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                current = PathNames.parent(current);
                continue;
            }
            String next = PathNames.join(current, part);
            if (missing) {
                current = next;
                continue;
            }
            FileStat st;
            try {
                st = fs.lstat(next);
            } catch (FsException e) {
                boolean last = onlyDots(pending);
                if (mode == Mode.MISSING || (mode == Mode.ALL_BUT_LAST && last && e.errno() == Errno.ENOENT)) {
                    missing = true;
                    current = next;
                    continue;
                }
                throw e;
            }
            if (st.isSymlink()) {
                if (++follows > MAX_SYMLINK_FOLLOWS) {
                    if (mode == Mode.MISSING) {
                        missing = true;
                        current = next;
                        continue;
                    }
                    throw new FsException(Errno.ELOOP, path);
                }
                String raw = fs.readSymlink(next);
                List<String> target = PathNames.components(raw);
                for (int i = target.size() - 1; i >= 0; i--) {
                    pending.addFirst(target.get(i));
                }
                if (raw.startsWith("/")) {
                    current = "/";
                }
                continue;
            }
            if (!st.isDirectory() && !pending.isEmpty()) {
                if (mode != Mode.MISSING) {
                    throw new FsException(Errno.ENOTDIR, next);
                }
                missing = true;
            }
            current = next;
        }
        if (path.endsWith("/") && mode != Mode.MISSING && !missing) {
            if (!fs.stat(current).isDirectory()) {
                throw new FsException(Errno.ENOTDIR, current);
            }
        }
        return current;
    }

    private static boolean onlyDots(Deque<String> pending) {
        for (String p : pending) {
            if (!p.equals(".")) {
                return false;
            }
        }
        return true;
    }

    /** The existence rules of {@code mode} applied to a name whose symlinks are left alone. */
    private static void check(FileSystem fs, String normal, String raw, Mode mode) throws FsException {
        if (mode == Mode.MISSING) {
            return;
        }
        String target = mode == Mode.EXISTING ? normal : PathNames.parent(normal);
        FileStat st = fs.stat(target);
        if (!st.isDirectory() && mode == Mode.ALL_BUT_LAST) {
            throw new FsException(Errno.ENOTDIR, target);
        }
        if (raw.endsWith("/") && mode == Mode.EXISTING && !st.isDirectory()) {
            throw new FsException(Errno.ENOTDIR, target);
        }
    }
}
