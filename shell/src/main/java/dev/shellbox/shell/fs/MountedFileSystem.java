package dev.shellbox.shell.fs;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A base file system with other file systems mounted read-only at given paths, and read-only symlinks at given paths:
 * one view, as a sandbox's programs see it (the volume, and the host's {@code /usr}, {@code /lib*}, {@code /bin} and
 * a few {@code /etc} files over it).
 *
 * <ul>
 *   <li>Symlinks resolve across the whole view: {@code /lib64 -> usr/lib64}, a link in a mounted tree to an absolute
 *       path, or a link of the base into a mount all land where the view says, never in a file system's own idea of
 *       the target.
 *   <li>Reads, stat, listings, readlink and realpath work everywhere. Directories that hold mounts but are not in the
 *       base ({@code /etc} when only {@code /etc/hosts} is mounted) appear read-only.
 *   <li>Changes under a mount, of a mount point, of a mounted symlink, or in a directory that exists only to hold
 *       mounts fail with EROFS: writes, mkdir, delete, rename, chmod, utimes, truncate, links.
 *   <li>At the top level the {@link TopLevel} policy decides what may be created or removed; inside the top-level
 *       entries of the base, everything is writable.
 * </ul>
 *
 * <p>Paths of the base that lie under a mount point are hidden by the mount. Operations on paths outside every mount
 * go to the base directly, and resolve through the view only when the base alone cannot answer (a symlink of the base
 * into a mount) or when they change something, so the base keeps its speed.
 */
public final class MountedFileSystem implements FileSystem {
    /** What may be created or removed directly under {@code /}, besides the mounts (which are read-only). */
    public enum TopLevel {
        /** Anything, as in the base. */
        WRITABLE,
        /**
         * Directories only: a new top-level name is a directory (as a volume's top-level directories are what a
         * sandbox's programs get), and removing or renaming one is allowed; top-level files and links are refused.
         */
        DIRECTORIES,
        /** Nothing: the top level is as the base and the mounts make it. */
        READ_ONLY
    }

    private static final int MAX_SYMLINK_FOLLOWS = 40;
    private static final int MAX_REMEMBERED_DIRECTORIES = 4096;
    private static final long SYNTHETIC_INODE = 0x7700_0000L;

    private final FileSystem base;
    private final Map<String, FileSystem> mounts;
    private final Map<String, String> links;
    /** Directories that hold mounts or links, with the names of those entries. */
    private final Map<String, Set<String>> entries;
    /** The first components of every mount, link and directory that holds one. */
    private final Set<String> reserved;

    private final TopLevel topLevel;
    /**
     * Directories whose resolution went through fixed parts of the view only, with where they resolve to. Mounted
     * file systems are expected to keep their directories and links while mounted (host system directories do).
     */
    private final ConcurrentHashMap<String, String> fixedDirectories = new ConcurrentHashMap<>();

    private MountedFileSystem(Builder b) {
        this.base = b.base;
        this.mounts = Map.copyOf(b.mounts);
        this.links = Map.copyOf(b.links);
        this.topLevel = b.topLevel;
        Map<String, Set<String>> e = new HashMap<>();
        Set<String> firsts = new HashSet<>();
        Set<String> points = new TreeSet<>(mounts.keySet());
        points.addAll(links.keySet());
        for (String point : points) {
            String child = point;
            while (!child.equals("/")) {
                String parent = PathNames.parent(child);
                e.computeIfAbsent(parent, k -> new TreeSet<>()).add(PathNames.name(child));
                child = parent;
            }
            firsts.add(PathNames.components(point).get(0));
        }
        this.entries = Map.copyOf(e);
        this.reserved = Set.copyOf(firsts);
    }

    public static Builder over(FileSystem base) {
        return new Builder(base);
    }

    /** Configures a {@link MountedFileSystem}. */
    public static final class Builder {
        private final FileSystem base;
        private final Map<String, FileSystem> mounts = new HashMap<>();
        private final Map<String, String> links = new HashMap<>();
        private TopLevel topLevel = TopLevel.DIRECTORIES;

        private Builder(FileSystem base) {
            this.base = base;
        }

        /** Mounts {@code fs} read-only at {@code path}: the view's {@code path} is the root of {@code fs}. */
        public Builder mount(String path, FileSystem fs) {
            String p = checkPoint(path);
            mounts.put(p, fs);
            return this;
        }

        /** A read-only symlink at {@code path} to {@code target} ({@code /bin -> usr/bin}). */
        public Builder symlink(String path, String target) {
            String p = checkPoint(path);
            links.put(p, target);
            return this;
        }

        /** What may be created or removed at the top level; {@link TopLevel#DIRECTORIES} by default. */
        public Builder topLevel(TopLevel v) {
            topLevel = v;
            return this;
        }

        private String checkPoint(String path) {
            String p = PathNames.normalize(path);
            if (p.equals("/")) {
                throw new IllegalArgumentException("nothing can be mounted over the root");
            }
            for (String other : mounts.keySet()) {
                if (isUnder(p, other) || isUnder(other, p)) {
                    throw new IllegalArgumentException(p + " overlaps the mount at " + other);
                }
            }
            for (String other : links.keySet()) {
                if (isUnder(p, other) || isUnder(other, p)) {
                    throw new IllegalArgumentException(p + " overlaps the symlink at " + other);
                }
            }
            return p;
        }

        public MountedFileSystem build() {
            return new MountedFileSystem(this);
        }
    }

    public FileSystem base() {
        return base;
    }

    private static boolean isUnder(String path, String dir) {
        return path.equals(dir) || path.startsWith(dir.equals("/") ? "/" : dir + "/");
    }

    // ---- where a path of the view lives ----

    /** What serves a resolved path: a mount (with the path inside it), a mounted link, a holder directory, or base. */
    private record Place(Kind kind, FileSystem fs, String path) {}

    private enum Kind {
        BASE,
        MOUNT,
        LINK,
        /** A directory that holds mounts or links (its base entries, if any, read-only). */
        HOLDER,
        /** Inside a holder directory but neither a mount nor a link: the base's entry, read-only. */
        SHADOWED
    }

    /** Whether the path (lexically) lies outside every mount, link and holder directory. */
    private boolean isPlain(String p) {
        if (p.equals("/")) {
            return false;
        }
        int end = p.indexOf('/', 1);
        return !reserved.contains(end < 0 ? p.substring(1) : p.substring(1, end));
    }

    private Place place(String p) {
        if (isPlain(p)) {
            return new Place(Kind.BASE, base, p);
        }
        String link = links.get(p);
        if (link != null) {
            return new Place(Kind.LINK, null, p);
        }
        for (String dir = p; !dir.equals("/"); dir = PathNames.parent(dir)) {
            FileSystem fs = mounts.get(dir);
            if (fs != null) {
                return new Place(Kind.MOUNT, fs, dir.equals(p) ? "/" : p.substring(dir.length()));
            }
        }
        if (p.equals("/")) {
            return new Place(Kind.BASE, base, p);
        }
        if (entries.containsKey(p)) {
            return new Place(Kind.HOLDER, base, p);
        }
        for (String dir = PathNames.parent(p); !dir.equals("/"); dir = PathNames.parent(dir)) {
            if (entries.containsKey(dir)) {
                return new Place(Kind.SHADOWED, base, p);
            }
        }
        return new Place(Kind.BASE, base, p);
    }

    /** lstat of a resolved path. */
    private FileStat lstatAt(String p, String asked) throws FsException {
        Place place = place(p);
        try {
            return switch (place.kind()) {
                case LINK ->
                    new FileStat(
                            FileType.SYMLINK,
                            0777,
                            links.get(p).length(),
                            0,
                            0,
                            0,
                            SYNTHETIC_INODE + p.hashCode(),
                            1,
                            0,
                            0);
                case HOLDER -> holderStat(p);
                default -> place.fs().lstat(place.path());
            };
        } catch (FsException e) {
            throw new FsException(e.errno(), asked);
        }
    }

    private FileStat holderStat(String p) {
        try {
            FileStat st = base.lstat(p);
            if (st.isDirectory()) {
                return st;
            }
        } catch (FsException e) {
            // not in the base: a directory of the view alone
        }
        return new FileStat(FileType.DIRECTORY, 0755, 4096, 0, 0, 0, SYNTHETIC_INODE + p.hashCode(), 2, 0, 0);
    }

    private String readLinkAt(String p, String asked) throws FsException {
        Place place = place(p);
        try {
            return switch (place.kind()) {
                case LINK -> links.get(p);
                case HOLDER -> throw new FsException(Errno.EINVAL, p);
                default -> place.fs().readSymlink(place.path());
            };
        } catch (FsException e) {
            throw new FsException(e.errno(), asked);
        }
    }

    /**
     * A path resolved through the view: its lstat when the resolution took one, and whether only the view's fixed
     * parts (mounts, mounted links, holder directories) were involved, so that it cannot change.
     */
    private record Resolution(String path, FileStat stat, boolean fixed) {}

    /**
     * The path with every symlink resolved through the view; the last component stays a symlink unless {@code
     * followLast}, and may be missing when {@code allowMissingLast}.
     */
    private String resolve(String path, boolean followLast, boolean allowMissingLast) throws FsException {
        return resolution(path, followLast, allowMissingLast).path();
    }

    private Resolution resolution(String path, boolean followLast, boolean allowMissingLast) throws FsException {
        String p = PathNames.normalize(path);
        if (followLast) {
            String known = fixedDirectories.get(p);
            if (known != null) {
                return new Resolution(known, null, true);
            }
        }
        if (!p.equals("/")) {
            String dir = fixedDirectories.get(PathNames.parent(p));
            if (dir != null) {
                String next = PathNames.join(dir, PathNames.name(p));
                try {
                    FileStat st = lstatAt(next, p);
                    if (!st.isSymlink() || !followLast) {
                        return new Resolution(next, st, isFixed(place(next)));
                    }
                } catch (FsException e) {
                    if (e.errno() == Errno.ENOENT && allowMissingLast) {
                        return new Resolution(next, null, false);
                    }
                    throw e;
                }
            }
        }
        Resolution r = walk(p, followLast, allowMissingLast);
        if (r.fixed() && r.stat() != null && r.stat().isDirectory()) {
            if (fixedDirectories.size() > MAX_REMEMBERED_DIRECTORIES) {
                fixedDirectories.clear();
            }
            fixedDirectories.put(p, r.path());
        }
        return r;
    }

    private static boolean isFixed(Place place) {
        return place.kind() == Kind.MOUNT || place.kind() == Kind.LINK || place.kind() == Kind.HOLDER;
    }

    private Resolution walk(String path, boolean followLast, boolean allowMissingLast) throws FsException {
        Deque<String> pending = new ArrayDeque<>(PathNames.components(path));
        String current = "/";
        FileStat lastStat = null;
        boolean fixed = true;
        int follows = 0;
        while (!pending.isEmpty()) {
            String part = pending.pollFirst();
            lastStat = null;
            if (part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                current = PathNames.parent(current);
                continue;
            }
            String next = PathNames.join(current, part);
            fixed &= isFixed(place(next));
            FileStat st;
            try {
                st = lstatAt(next, path);
            } catch (FsException e) {
                if (e.errno() == Errno.ENOENT && allowMissingLast && pending.isEmpty()) {
                    return new Resolution(next, null, false);
                }
                throw e;
            }
            if (st.isSymlink() && (!pending.isEmpty() || followLast)) {
                if (++follows > MAX_SYMLINK_FOLLOWS) {
                    throw new FsException(Errno.ELOOP, path);
                }
                String target = readLinkAt(next, path);
                List<String> parts = PathNames.components(target.startsWith("/") ? target : "/" + target);
                for (int i = parts.size() - 1; i >= 0; i--) {
                    pending.addFirst(parts.get(i));
                }
                if (target.startsWith("/")) {
                    current = "/";
                }
                continue;
            }
            if (!pending.isEmpty() && !st.isDirectory()) {
                throw new FsException(Errno.ENOTDIR, path);
            }
            current = next;
            lastStat = st;
        }
        return new Resolution(current, lastStat, fixed);
    }

    /** The path with its directory resolved and its last component as given (for lstat, delete, rename...). */
    private String resolveParent(String path) throws FsException {
        String p = PathNames.normalize(path);
        if (p.equals("/")) {
            return p;
        }
        return PathNames.join(resolve(PathNames.parent(p), true, false), PathNames.name(p));
    }

    /** Whether a failure of the base alone may come from a symlink of the base into the view's other parts. */
    private static boolean mayResolveElsewhere(FsException e) {
        return e.errno() == Errno.ENOENT || e.errno() == Errno.ENOTDIR || e.errno() == Errno.ELOOP;
    }

    // ---- reads ----

    @Override
    public FileStat stat(String path) throws FsException {
        String p = PathNames.normalize(path);
        if (isPlain(p)) {
            try {
                return base.stat(p);
            } catch (FsException e) {
                if (!mayResolveElsewhere(e)) {
                    throw e;
                }
            }
        }
        Resolution r = resolution(p, true, false);
        return r.stat() != null ? r.stat() : lstatAt(r.path(), p);
    }

    @Override
    public FileStat lstat(String path) throws FsException {
        String p = PathNames.normalize(path);
        if (isPlain(p)) {
            try {
                return base.lstat(p);
            } catch (FsException e) {
                if (!mayResolveElsewhere(e)) {
                    throw e;
                }
            }
        }
        return lstatAt(resolveParent(p), p);
    }

    @Override
    public List<String> list(String directory) throws FsException {
        String d = PathNames.normalize(directory);
        if (isPlain(d)) {
            try {
                return base.list(d);
            } catch (FsException e) {
                if (!mayResolveElsewhere(e)) {
                    throw e;
                }
            }
        }
        String r = resolve(d, true, false);
        Place place = place(r);
        Set<String> names = new LinkedHashSet<>();
        if (place.kind() == Kind.HOLDER || (place.kind() == Kind.BASE && entries.containsKey(r))) {
            try {
                names.addAll(base.list(r));
            } catch (FsException e) {
                if (place.kind() == Kind.BASE) {
                    throw new FsException(e.errno(), d);
                }
            }
            names.addAll(entries.get(r));
            return new ArrayList<>(names);
        }
        if (!lstatAt(r, d).isDirectory()) {
            throw new FsException(Errno.ENOTDIR, d);
        }
        try {
            return place.fs().list(place.path());
        } catch (FsException e) {
            throw new FsException(e.errno(), d);
        }
    }

    @Override
    public List<DirEntry> listWithStats(String directory) throws FsException {
        String d = PathNames.normalize(directory);
        if (isPlain(d)) {
            try {
                return base.listWithStats(d);
            } catch (FsException e) {
                if (!mayResolveElsewhere(e)) {
                    throw e;
                }
            }
        }
        String r = resolve(d, true, false);
        Place place = place(r);
        if (place.kind() == Kind.MOUNT) {
            try {
                return place.fs().listWithStats(place.path());
            } catch (FsException e) {
                throw new FsException(e.errno(), d);
            }
        }
        if (!entries.containsKey(r)) {
            try {
                return base.listWithStats(r);
            } catch (FsException e) {
                throw new FsException(e.errno(), d);
            }
        }
        List<DirEntry> out = new ArrayList<>();
        for (String name : list(r)) {
            try {
                out.add(new DirEntry(name, lstatAt(PathNames.join(r, name), name)));
            } catch (FsException e) {
                // gone meanwhile
            }
        }
        return out;
    }

    @Override
    public InputStream newInputStream(String path) throws FsException {
        String p = PathNames.normalize(path);
        if (isPlain(p)) {
            try {
                return base.newInputStream(p);
            } catch (FsException e) {
                if (!mayResolveElsewhere(e)) {
                    throw e;
                }
            }
        }
        String r = resolve(p, true, false);
        Place place = place(r);
        if (place.kind() == Kind.HOLDER) {
            throw new FsException(Errno.EISDIR, p);
        }
        try {
            return place.fs().newInputStream(place.path());
        } catch (FsException e) {
            throw new FsException(e.errno(), p);
        }
    }

    @Override
    public String readSymlink(String path) throws FsException {
        String p = PathNames.normalize(path);
        if (isPlain(p)) {
            try {
                return base.readSymlink(p);
            } catch (FsException e) {
                if (!mayResolveElsewhere(e)) {
                    throw e;
                }
            }
        }
        return readLinkAt(resolveParent(p), p);
    }

    @Override
    public String realPath(String path, boolean allowMissingLast) throws FsException {
        return resolve(path, true, allowMissingLast);
    }

    @Override
    public SpaceInfo space(String path) throws FsException {
        String r = resolve(path, true, false);
        Place place = place(r);
        return place.kind() == Kind.MOUNT ? place.fs().space(place.path()) : base.space(r);
    }

    // ---- changes ----

    /** What a change does to the entry it names, for the top-level policy. */
    private enum Change {
        CREATE_DIRECTORY,
        CREATE_OTHER,
        REMOVE,
        MODIFY
    }

    /**
     * The base path a change of {@code target} (a resolved path) applies to; EROFS when the view keeps it read-only:
     * anything but the base, the root itself unless the top level is writable, and top-level entries as {@link
     * TopLevel} says.
     */
    private String writable(String target, Change change, String asked) throws FsException {
        if (place(target).kind() != Kind.BASE) {
            throw new FsException(Errno.EROFS, asked);
        }
        if (target.equals("/")) {
            if (topLevel != TopLevel.WRITABLE) {
                throw new FsException(Errno.EROFS, asked);
            }
            return target;
        }
        if (PathNames.parent(target).equals("/")) {
            boolean allowed = switch (topLevel) {
                case WRITABLE -> true;
                case DIRECTORIES ->
                    change == Change.CREATE_DIRECTORY
                            || change == Change.MODIFY
                            || change == Change.REMOVE && isDirectory(target);
                case READ_ONLY -> change == Change.MODIFY;
            };
            if (!allowed) {
                throw new FsException(Errno.EROFS, asked);
            }
        }
        return target;
    }

    /** Whether anything, a dangling symlink included, is at a resolved path. */
    private boolean existsAt(String p) {
        try {
            lstatAt(p, p);
            return true;
        } catch (FsException e) {
            return false;
        }
    }

    private boolean isDirectory(String p) {
        try {
            return base.lstat(p).isDirectory();
        } catch (FsException e) {
            return false;
        }
    }

    @Override
    public OutputStream newOutputStream(String path, WriteMode mode, int createMode) throws FsException {
        String p = PathNames.normalize(path);
        String target = resolve(p, true, true);
        Change change = base.exists(target) ? Change.MODIFY : Change.CREATE_OTHER;
        return base.newOutputStream(writable(target, change, p), mode, createMode);
    }

    @Override
    public void createDirectory(String path, int mode) throws FsException {
        String p = PathNames.normalize(path);
        String target = resolveParent(p);
        if (existsAt(target)) {
            throw new FsException(Errno.EEXIST, p);
        }
        base.createDirectory(writable(target, Change.CREATE_DIRECTORY, p), mode);
    }

    @Override
    public void delete(String path) throws FsException {
        String p = PathNames.normalize(path);
        base.delete(writable(resolveParent(p), Change.REMOVE, p));
    }

    @Override
    public void rename(String from, String to) throws FsException {
        String f = PathNames.normalize(from);
        String t = PathNames.normalize(to);
        String source = writable(resolveParent(f), Change.REMOVE, f);
        boolean directory = isDirectory(source);
        String target = writable(resolveParent(t), directory ? Change.CREATE_DIRECTORY : Change.CREATE_OTHER, t);
        base.rename(source, target);
    }

    @Override
    public void createSymlink(String link, String target) throws FsException {
        String p = PathNames.normalize(link);
        String at = resolveParent(p);
        if (existsAt(at)) {
            throw new FsException(Errno.EEXIST, p);
        }
        base.createSymlink(writable(at, Change.CREATE_OTHER, p), target);
    }

    @Override
    public void createHardLink(String link, String existing) throws FsException {
        String l = PathNames.normalize(link);
        String e = PathNames.normalize(existing);
        String source = resolve(e, false, false);
        if (place(source).kind() != Kind.BASE) {
            throw new FsException(Errno.EROFS, l);
        }
        base.createHardLink(writable(resolveParent(l), Change.CREATE_OTHER, l), source);
    }

    @Override
    public void setMode(String path, int mode) throws FsException {
        String p = PathNames.normalize(path);
        base.setMode(writable(resolve(p, true, false), Change.MODIFY, p), mode);
    }

    @Override
    public void setTimes(String path, long mtimeMillis, long atimeMillis) throws FsException {
        String p = PathNames.normalize(path);
        base.setTimes(writable(resolve(p, true, false), Change.MODIFY, p), mtimeMillis, atimeMillis);
    }

    @Override
    public void truncate(String path, long size) throws FsException {
        String p = PathNames.normalize(path);
        base.truncate(writable(resolve(p, true, false), Change.MODIFY, p), size);
    }
}
