package dev.shellbox.shell.fs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A host directory (or a single host file) as a read-only file system whose root is that directory, as a chroot sees
 * it: symlinks are resolved here, inside the root (an absolute target starts again at the root, {@code ..} stops at
 * it), and the host never follows one itself, so no path reaches outside the root. Every change fails with EROFS.
 *
 * <p>For host trees the sandbox cannot change, such as the host's {@code /usr}: a symlink swapped in between the check
 * of a component and its use would not be noticed. {@link MountedFileSystem} mounts it at a path of a larger view,
 * which then resolves symlinks across the whole view before this file system sees a path.
 */
public final class HostDirectoryFileSystem implements FileSystem {
    private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};
    private static final int MAX_SYMLINK_FOLLOWS = 40;
    private static final int MAX_REMEMBERED_DIRECTORIES = 8192;

    private final Path root;
    /** Host directories found to be directories and not symlinks: the tree is not expected to change. */
    private final ConcurrentHashMap<Path, Boolean> directories = new ConcurrentHashMap<>();

    private HostDirectoryFileSystem(Path root) {
        this.root = root;
    }

    /** The host directory or file {@code root}, read-only. */
    public static HostDirectoryFileSystem readOnly(Path root) {
        return new HostDirectoryFileSystem(root.toAbsolutePath().normalize());
    }

    public Path root() {
        return root;
    }

    /** A path resolved to the host, with the lstat of its last component when the resolution took one. */
    private record Resolved(Path host, FileStat stat) {}

    /**
     * The host path of {@code path}, with every symlink on the way resolved inside the root; a final symlink is kept
     * when {@code followLast} is false.
     */
    private Resolved resolve(String path, boolean followLast) throws FsException {
        Deque<String> pending = new ArrayDeque<>(PathNames.components(PathNames.normalize(path)));
        Deque<String> resolved = new ArrayDeque<>();
        FileStat lastStat = null;
        int follows = 0;
        while (!pending.isEmpty()) {
            String part = pending.pollFirst();
            lastStat = null;
            if (part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                resolved.pollLast();
                continue;
            }
            Path candidate = join(resolved).resolve(part);
            boolean last = pending.isEmpty();
            if (last && !followLast || !last && directories.containsKey(candidate)) {
                // the caller looks at a final symlink itself; a directory seen before is one still
                resolved.addLast(part);
                continue;
            }
            FileStat st = HostFileSystem.stat(candidate, path, NOFOLLOW);
            if (st.isSymlink()) {
                if (++follows > MAX_SYMLINK_FOLLOWS) {
                    throw new FsException(Errno.ELOOP, path);
                }
                String target = readLink(candidate, path);
                List<String> parts = PathNames.components(target.startsWith("/") ? target : "/" + target);
                for (int i = parts.size() - 1; i >= 0; i--) {
                    pending.addFirst(parts.get(i));
                }
                if (target.startsWith("/")) {
                    resolved.clear();
                }
                continue;
            }
            if (!last) {
                if (!st.isDirectory()) {
                    throw new FsException(Errno.ENOTDIR, path);
                }
                if (directories.size() > MAX_REMEMBERED_DIRECTORIES) {
                    directories.clear();
                }
                directories.put(candidate, Boolean.TRUE);
            }
            resolved.addLast(part);
            lastStat = st;
        }
        return new Resolved(join(resolved), lastStat);
    }

    private Path host(String path, boolean followLast) throws FsException {
        return resolve(path, followLast).host();
    }

    private Path join(Deque<String> parts) {
        Path p = root;
        for (String part : parts) {
            p = p.resolve(part);
        }
        return p;
    }

    private static String readLink(Path host, String path) throws FsException {
        try {
            return Files.readSymbolicLink(host).toString();
        } catch (IOException e) {
            throw HostFileSystem.translate(e, path);
        }
    }

    @Override
    public FileStat stat(String path) throws FsException {
        Resolved r = resolve(path, true);
        return r.stat() != null ? r.stat() : HostFileSystem.stat(r.host(), path, NOFOLLOW);
    }

    @Override
    public FileStat lstat(String path) throws FsException {
        return HostFileSystem.stat(host(path, false), path, NOFOLLOW);
    }

    @Override
    public List<String> list(String directory) throws FsException {
        return names(directory(directory), directory);
    }

    /** The host directory of {@code directory}; ENOTDIR when it is something else. */
    private Path directory(String directory) throws FsException {
        Resolved r = resolve(directory, true);
        FileStat st = r.stat() != null ? r.stat() : HostFileSystem.stat(r.host(), directory, NOFOLLOW);
        if (!st.isDirectory()) {
            throw new FsException(Errno.ENOTDIR, directory);
        }
        return r.host();
    }

    private static List<String> names(Path dir, String directory) throws FsException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                names.add(p.getFileName().toString());
            }
        } catch (IOException e) {
            throw HostFileSystem.translate(e, directory);
        }
        return names;
    }

    @Override
    public List<DirEntry> listWithStats(String directory) throws FsException {
        Path dir = directory(directory);
        List<String> names = names(dir, directory);
        List<DirEntry> entries = new ArrayList<>(names.size());
        for (String name : names) {
            try {
                entries.add(new DirEntry(name, HostFileSystem.stat(dir.resolve(name), name, NOFOLLOW)));
            } catch (FsException e) {
                // removed meanwhile
            }
        }
        return entries;
    }

    @Override
    public InputStream newInputStream(String path) throws FsException {
        Resolved r = resolve(path, true);
        FileStat st = r.stat() != null ? r.stat() : HostFileSystem.stat(r.host(), path, NOFOLLOW);
        if (st.isDirectory()) {
            throw new FsException(Errno.EISDIR, path);
        }
        try {
            return Files.newInputStream(r.host(), StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw HostFileSystem.translate(e, path);
        }
    }

    @Override
    public String readSymlink(String path) throws FsException {
        Path p = host(path, false);
        if (!HostFileSystem.stat(p, path, NOFOLLOW).isSymlink()) {
            throw new FsException(Errno.EINVAL, path);
        }
        return readLink(p, path);
    }

    @Override
    public String realPath(String path, boolean allowMissingLast) throws FsException {
        return PathNames.resolveSymlinks(this, path, allowMissingLast);
    }

    @Override
    public SpaceInfo space(String path) throws FsException {
        Path p = host(path, true);
        try {
            var store = Files.getFileStore(p);
            long total = store.getTotalSpace();
            return new SpaceInfo(store.name(), total, total - store.getUnallocatedSpace(), 0);
        } catch (IOException e) {
            throw HostFileSystem.translate(e, path);
        }
    }

    // ---- read-only: every change is refused ----

    @Override
    public OutputStream newOutputStream(String path, WriteMode mode, int createMode) throws FsException {
        throw new FsException(Errno.EROFS, path);
    }

    @Override
    public void createDirectory(String path, int mode) throws FsException {
        throw new FsException(Errno.EROFS, path);
    }

    @Override
    public void delete(String path) throws FsException {
        throw new FsException(Errno.EROFS, path);
    }

    @Override
    public void rename(String from, String to) throws FsException {
        throw new FsException(Errno.EROFS, to);
    }

    @Override
    public void createSymlink(String link, String target) throws FsException {
        throw new FsException(Errno.EROFS, link);
    }

    @Override
    public void createHardLink(String link, String existing) throws FsException {
        throw new FsException(Errno.EROFS, link);
    }

    @Override
    public void setMode(String path, int mode) throws FsException {
        throw new FsException(Errno.EROFS, path);
    }

    @Override
    public void setTimes(String path, long mtimeMillis, long atimeMillis) throws FsException {
        throw new FsException(Errno.EROFS, path);
    }

    @Override
    public void truncate(String path, long size) throws FsException {
        throw new FsException(Errno.EROFS, path);
    }
}
