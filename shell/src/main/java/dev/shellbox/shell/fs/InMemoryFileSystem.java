package dev.shellbox.shell.fs;

import java.io.InputStream;
import java.io.OutputStream;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The reference {@link FileSystem}: a POSIX tree in memory with hard links, symlinks, modes and times. Used as the test
 * fixture of the shell and its commands; sandboxes layer their VFS session on the same semantics.
 *
 * <p>One lock guards the whole tree; operations are short, and streams take it per read or write call.
 */
public final class InMemoryFileSystem implements FileSystem {
    private static final int MAX_SYMLINK_FOLLOWS = 40;
    /** Changes the journal remembers; a copy that fell further behind compares everything. */
    private static final int JOURNAL_CAPACITY = 4096;

    private static final int MAX_NAME_BYTES = 255;

    private final Object lock = new Object();
    private final Clock clock;
    private final AtomicLong inodes = new AtomicLong(1);
    private final int uid;
    private final int gid;
    private final Dir root;
    private final ContentSource contentSource;
    /** Counts changes to the tree; written under {@link #lock}. */
    private volatile long version;
    /** Which paths the last changes touched; guarded by {@link #lock}. */
    private final ChangeJournal journal = new ChangeJournal(JOURNAL_CAPACITY);
    /** Counts changes that can take a file away from its path (delete, rename, link, replace); guarded by lock. */
    private long moves;
    /**
     * Bytes of regular files, once per link (what a volume's {@code storage_bytes} counts); guarded by lock. Files
     * no longer linked anywhere do not count, even while still open.
     */
    private long usedBytes;
    /** Past this many {@link #usedBytes}, growing a file fails with ENOSPC; guarded by lock. */
    private long capacityBytes = Long.MAX_VALUE;

    /** An empty tree owned by uid and gid 1000, on the system clock. */
    public InMemoryFileSystem() {
        this(Clock.systemUTC(), 1000, 1000);
    }

    public InMemoryFileSystem(Clock clock, int uid, int gid) {
        this(clock, uid, gid, null);
    }

    /**
     * A tree whose files may be added without their bytes ({@link #addLazyFile}): {@code contentSource} fetches them
     * on first access. This is how a sandbox keeps a working view of a persistent volume in memory.
     */
    public InMemoryFileSystem(Clock clock, int uid, int gid, ContentSource contentSource) {
        this.clock = clock;
        this.uid = uid;
        this.gid = gid;
        this.root = new Dir(Modes.DEFAULT_DIRECTORY);
        this.contentSource = contentSource;
    }

    /** Fetches the bytes of a file added by {@link #addLazyFile} the first time it is read or changed. */
    @FunctionalInterface
    public interface ContentSource {
        byte[] load(String contentId, long size) throws java.io.IOException;
    }

    /**
     * One entry of {@link #snapshot()}.
     *
     * @param contentId the content identity the file was added or marked clean with, or null when its bytes changed
     *     since (always null for directories and symlinks)
     */
    public record Entry(
            String path,
            FileType type,
            int mode,
            long size,
            long mtimeMillis,
            String symlinkTarget,
            String contentId) {}

    // ---- nodes ----

    private abstract class Node {
        final long inode = inodes.getAndIncrement();
        int mode;
        long mtime;
        long atime;
        long ctime;
        int nlink = 1;

        Node(int mode) {
            this.mode = mode;
            long now = clock.millis();
            mtime = atime = ctime = now;
        }

        abstract FileType type();

        abstract long size();

        FileStat stat() {
            return new FileStat(type(), mode, size(), mtime, atime, ctime, inode, nlink, uid, gid);
        }

        void touch() {
            mtime = ctime = clock.millis();
        }
    }

    private final class Dir extends Node {
        final Map<String, Node> entries = new HashMap<>();

        Dir(int mode) {
            super(mode);
            nlink = 2;
        }

        @Override
        FileType type() {
            return FileType.DIRECTORY;
        }

        @Override
        long size() {
            return 4096;
        }
    }

    private final class RegularFile extends Node {
        byte[] data = new byte[0];
        int length;
        /** Identity of the content in a backing store while unchanged locally; null once written. */
        String contentId;
        /** False while the bytes are only in the backing store; {@link #lazySize} is then the size. */
        boolean loaded = true;

        long lazySize;
        int openReaders;

        RegularFile(int mode) {
            super(mode);
        }

        @Override
        FileType type() {
            return FileType.REGULAR;
        }

        @Override
        long size() {
            return loaded ? length : lazySize;
        }

        /** Brings the bytes into memory (callers hold the lock). */
        void load(String path) throws FsException {
            if (loaded) {
                return;
            }
            if (contentSource == null || contentId == null) {
                throw new FsException(Errno.EIO, path);
            }
            byte[] bytes;
            try {
                bytes = contentSource.load(contentId, lazySize);
            } catch (java.io.IOException e) {
                throw new FsException(Errno.EIO, path);
            }
            usedBytes += (bytes.length - lazySize) * nlink;
            data = bytes;
            length = bytes.length;
            loaded = true;
        }

        /** Called before any change of the bytes. */
        void modified(String path) throws FsException {
            load(path);
            contentId = null;
        }

        void ensureCapacity(long needed, String path) throws FsException {
            if (needed > Integer.MAX_VALUE - 8) {
                throw new FsException(Errno.EFBIG, path);
            }
            if (needed > data.length) {
                int capacity = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(needed, Math.max(64, data.length * 2L)));
                data = Arrays.copyOf(data, capacity);
            }
        }

        void setLength(long newLength, String path) throws FsException {
            ensureCapacity(newLength, path);
            if (newLength > length) {
                Arrays.fill(data, length, (int) newLength, (byte) 0);
            }
            length = (int) newLength;
        }
    }

    private final class Symlink extends Node {
        final String target;

        Symlink(String target) {
            super(0777);
            this.target = target;
        }

        @Override
        FileType type() {
            return FileType.SYMLINK;
        }

        @Override
        long size() {
            return target.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        }
    }

    // ---- path resolution (callers hold the lock) ----

    private Node resolve(String path, boolean followLast) throws FsException {
        Deque<String> pending = new ArrayDeque<>(PathNames.components(PathNames.normalize(path)));
        Deque<Node> ancestry = new ArrayDeque<>();
        ancestry.push(root);
        int follows = 0;
        while (!pending.isEmpty()) {
            String part = pending.pollFirst();
            if (part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (ancestry.size() > 1) {
                    ancestry.pop();
                }
                continue;
            }
            if (!(ancestry.peek() instanceof Dir dir)) {
                throw new FsException(Errno.ENOTDIR, path);
            }
            Node child = dir.entries.get(part);
            if (child == null) {
                throw new FsException(Errno.ENOENT, path);
            }
            if (child instanceof Symlink link && (!pending.isEmpty() || followLast)) {
                if (++follows > MAX_SYMLINK_FOLLOWS) {
                    throw new FsException(Errno.ELOOP, path);
                }
                List<String> target =
                        PathNames.components(link.target.startsWith("/") ? link.target : "/" + link.target);
                for (int i = target.size() - 1; i >= 0; i--) {
                    pending.addFirst(target.get(i));
                }
                if (link.target.startsWith("/")) {
                    ancestry.clear();
                    ancestry.push(root);
                }
                continue;
            }
            ancestry.push(child);
        }
        return ancestry.peek();
    }

    /** The directory that holds the last component of {@code path}, which must exist and be a directory. */
    private Dir parentDir(String path) throws FsException {
        String normalized = PathNames.normalize(path);
        if (normalized.equals("/")) {
            throw new FsException(Errno.EEXIST, path);
        }
        Node parent = resolve(PathNames.parent(normalized), true);
        if (!(parent instanceof Dir dir)) {
            throw new FsException(Errno.ENOTDIR, path);
        }
        return dir;
    }

    private static String checkedName(String path) throws FsException {
        String name = PathNames.name(PathNames.normalize(path));
        if (name.indexOf('\0') >= 0) {
            throw new FsException(Errno.EINVAL, path);
        }
        if (name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            throw new FsException(Errno.ENAMETOOLONG, path);
        }
        return name;
    }

    // ---- FileSystem ----

    @Override
    public FileStat stat(String path) throws FsException {
        synchronized (lock) {
            return resolve(path, true).stat();
        }
    }

    @Override
    public FileStat lstat(String path) throws FsException {
        synchronized (lock) {
            return resolve(path, false).stat();
        }
    }

    @Override
    public List<String> list(String directory) throws FsException {
        synchronized (lock) {
            Node node = resolve(directory, true);
            if (!(node instanceof Dir dir)) {
                throw new FsException(Errno.ENOTDIR, directory);
            }
            return new ArrayList<>(dir.entries.keySet());
        }
    }

    @Override
    public List<DirEntry> listWithStats(String directory) throws FsException {
        synchronized (lock) {
            Node node = resolve(directory, true);
            if (!(node instanceof Dir dir)) {
                throw new FsException(Errno.ENOTDIR, directory);
            }
            List<DirEntry> result = new ArrayList<>(dir.entries.size());
            for (Map.Entry<String, Node> e : dir.entries.entrySet()) {
                result.add(new DirEntry(e.getKey(), e.getValue().stat()));
            }
            return result;
        }
    }

    @Override
    public InputStream newInputStream(String path) throws FsException {
        synchronized (lock) {
            Node node = resolve(path, true);
            if (node instanceof Dir) {
                throw new FsException(Errno.EISDIR, path);
            }
            RegularFile file = (RegularFile) node;
            file.load(path);
            file.atime = clock.millis();
            file.openReaders++;
            return new FileInput(file);
        }
    }

    @Override
    public OutputStream newOutputStream(String path, WriteMode mode, int createMode) throws FsException {
        synchronized (lock) {
            version++;
            RegularFile file;
            Node existing;
            try {
                existing = resolve(path, true);
            } catch (FsException e) {
                if (e.errno() != Errno.ENOENT) {
                    throw e;
                }
                existing = null;
            }
            if (existing != null) {
                if (mode == WriteMode.EXCLUSIVE) {
                    throw new FsException(Errno.EEXIST, path);
                }
                if (existing instanceof Dir) {
                    throw new FsException(Errno.EISDIR, path);
                }
                file = (RegularFile) existing;
                if (mode == WriteMode.TRUNCATE) {
                    if (file.size() > 0 || file.contentId != null) {
                        resized(file, file.size(), 0, path);
                        file.loaded = true;
                        file.contentId = null;
                        file.length = 0;
                        file.data = new byte[0];
                        file.touch();
                    }
                } else {
                    file.load(path);
                }
            } else {
                if (mode == WriteMode.EXCLUSIVE && lstatOrNull(path) != null) {
                    throw new FsException(Errno.EEXIST, path); // dangling symlink
                }
                String target = danglingSymlinkTarget(path);
                Dir parent = parentDir(target);
                String name = checkedName(target);
                file = new RegularFile(createMode & 07777);
                parent.entries.put(name, file);
                parent.touch();
            }
            long start = mode == WriteMode.APPEND ? -1 : 0;
            String changed = journalPath(path, true);
            journal.record(version, changed);
            return new FileOutput(file, path, changed, start);
        }
    }

    private Node lstatOrNull(String path) {
        try {
            return resolve(path, false);
        } catch (FsException e) {
            return null;
        }
    }

    /** Writing through a dangling symlink creates its target, as open(O_CREAT) does. */
    private String danglingSymlinkTarget(String path) throws FsException {
        String current = PathNames.normalize(path);
        for (int i = 0; i < MAX_SYMLINK_FOLLOWS; i++) {
            Node node = lstatOrNull(current);
            if (!(node instanceof Symlink link)) {
                return current;
            }
            current = PathNames.resolve(PathNames.parent(current), link.target);
        }
        throw new FsException(Errno.ELOOP, path);
    }

    @Override
    public void createDirectory(String path, int mode) throws FsException {
        synchronized (lock) {
            version++;
            Dir parent = parentDir(path);
            String name = checkedName(path);
            if (parent.entries.containsKey(name)) {
                throw new FsException(Errno.EEXIST, path);
            }
            parent.entries.put(name, new Dir(mode & 07777));
            parent.nlink++;
            parent.touch();
            journal.record(version, journalPath(path, false));
        }
    }

    @Override
    public void delete(String path) throws FsException {
        synchronized (lock) {
            version++;
            if (PathNames.normalize(path).equals("/")) {
                throw new FsException(Errno.EBUSY, path);
            }
            Dir parent = parentDir(path);
            String name = PathNames.name(PathNames.normalize(path));
            Node node = parent.entries.get(name);
            if (node == null) {
                throw new FsException(Errno.ENOENT, path);
            }
            if (node instanceof Dir dir) {
                if (!dir.entries.isEmpty()) {
                    throw new FsException(Errno.ENOTEMPTY, path);
                }
                parent.nlink--;
            }
            parent.entries.remove(name);
            unlinked(node);
            node.ctime = clock.millis();
            parent.touch();
            moves++;
            journal.record(version, journalPath(path, false));
        }
    }

    @Override
    public void rename(String from, String to) throws FsException {
        synchronized (lock) {
            version++;
            String src = PathNames.normalize(from);
            String dst = PathNames.normalize(to);
            Dir fromParent = parentDir(src);
            String fromName = PathNames.name(src);
            Node node = fromParent.entries.get(fromName);
            if (node == null) {
                throw new FsException(Errno.ENOENT, from);
            }
            if (src.equals(dst)) {
                return;
            }
            if (node instanceof Dir && (dst + "/").startsWith(src + "/")) {
                throw new FsException(Errno.EINVAL, to);
            }
            Dir toParent = parentDir(dst);
            String toName = checkedName(dst);
            Node existing = toParent.entries.get(toName);
            if (existing == node) {
                return;
            }
            if (existing != null) {
                if (existing instanceof Dir existingDir) {
                    if (!(node instanceof Dir)) {
                        throw new FsException(Errno.EISDIR, to);
                    }
                    if (!existingDir.entries.isEmpty()) {
                        throw new FsException(Errno.ENOTEMPTY, to);
                    }
                    toParent.nlink--;
                } else if (node instanceof Dir) {
                    throw new FsException(Errno.ENOTDIR, to);
                }
                unlinked(existing);
            }
            fromParent.entries.remove(fromName);
            toParent.entries.put(toName, node);
            if (node instanceof Dir) {
                fromParent.nlink--;
                toParent.nlink++;
            }
            node.ctime = clock.millis();
            fromParent.touch();
            toParent.touch();
            moves++;
            journal.record(version, journalPath(src, false));
            journal.record(version, journalPath(dst, false));
        }
    }

    @Override
    public void createSymlink(String link, String target) throws FsException {
        synchronized (lock) {
            version++;
            Dir parent = parentDir(link);
            String name = checkedName(link);
            if (parent.entries.containsKey(name)) {
                throw new FsException(Errno.EEXIST, link);
            }
            parent.entries.put(name, new Symlink(target));
            parent.touch();
            journal.record(version, journalPath(link, false));
        }
    }

    @Override
    public String readSymlink(String path) throws FsException {
        synchronized (lock) {
            Node node = resolve(path, false);
            if (!(node instanceof Symlink link)) {
                throw new FsException(Errno.EINVAL, path);
            }
            return link.target;
        }
    }

    @Override
    public void createHardLink(String link, String existing) throws FsException {
        synchronized (lock) {
            version++;
            Node node = resolve(existing, false);
            if (node instanceof Dir) {
                throw new FsException(Errno.EPERM, existing);
            }
            Dir parent = parentDir(link);
            String name = checkedName(link);
            if (parent.entries.containsKey(name)) {
                throw new FsException(Errno.EEXIST, link);
            }
            if (node instanceof RegularFile file) {
                claim(file.size(), link);
            }
            parent.entries.put(name, node);
            node.nlink++;
            node.ctime = clock.millis();
            parent.touch();
            moves++;
            journal.record(version, journalPath(link, false));
        }
    }

    @Override
    public void setMode(String path, int mode) throws FsException {
        synchronized (lock) {
            version++;
            Node node = resolve(path, true);
            node.mode = mode & 07777;
            node.ctime = clock.millis();
            journal.record(version, journalPath(path, true, node));
        }
    }

    @Override
    public void setTimes(String path, long mtimeMillis, long atimeMillis) throws FsException {
        synchronized (lock) {
            version++;
            Node node = resolve(path, true);
            node.mtime = mtimeMillis;
            node.atime = atimeMillis;
            node.ctime = clock.millis();
            journal.record(version, journalPath(path, true, node));
        }
    }

    @Override
    public void truncate(String path, long size) throws FsException {
        if (size < 0) {
            throw new FsException(Errno.EINVAL, path);
        }
        synchronized (lock) {
            version++;
            Node node = resolve(path, true);
            if (node instanceof Dir) {
                throw new FsException(Errno.EISDIR, path);
            }
            RegularFile file = (RegularFile) node;
            file.modified(path);
            resized(file, file.length, size, path);
            file.setLength(size, path);
            file.touch();
            journal.record(version, journalPath(path, true, node));
        }
    }

    /**
     * Runs {@code action} while no other thread can read or change the tree (their calls wait): for applying a change
     * made elsewhere against exactly the state it was made from. Keep it short; every reader waits for it.
     */
    public <T> T atomically(Supplier<T> action) {
        synchronized (lock) {
            return action.get();
        }
    }

    // ---- capacity ----

    /**
     * Sets how many bytes regular files may hold together, counted once per link: a write, truncate or link that
     * would grow them past it fails with ENOSPC, as on a full disk. Shrinking is always allowed, also while above it
     * (after the capacity was lowered, or when files were added with {@link #addFile}, which never fails for space).
     */
    public void setCapacity(long bytes) {
        synchronized (lock) {
            capacityBytes = bytes;
        }
    }

    /** Bytes of regular files, counted once per link. */
    public long usedBytes() {
        synchronized (lock) {
            return usedBytes;
        }
    }

    @Override
    public SpaceInfo space(String path) throws FsException {
        synchronized (lock) {
            resolve(path, true);
            if (capacityBytes == Long.MAX_VALUE) {
                return FileSystem.super.space(path);
            }
            return new SpaceInfo("shellbox", capacityBytes, usedBytes, Math.max(0, capacityBytes - usedBytes));
        }
    }

    /** Accounts for a file's size changing; ENOSPC, before anything changed, when growing it passes the capacity. */
    private void resized(RegularFile file, long oldSize, long newSize, String path) throws FsException {
        long delta = (newSize - oldSize) * file.nlink;
        if (delta > 0) {
            claim(delta, path);
        } else {
            usedBytes += delta;
        }
    }

    private void claim(long bytes, String path) throws FsException {
        if (bytes > 0 && usedBytes + bytes > capacityBytes) {
            throw new FsException(Errno.ENOSPC, path);
        }
        usedBytes += bytes;
    }

    /** One link of {@code node} is gone; a file's bytes stop counting once for it. */
    private void unlinked(Node node) {
        node.nlink--;
        if (node instanceof RegularFile file) {
            usedBytes -= file.size();
        }
    }

    // ---- working view of a backing store ----

    /**
     * Adds a regular file whose bytes stay in the backing store until first read or change. The parent directory must
     * exist; anything at the path is replaced.
     */
    public void addLazyFile(String path, int mode, long mtimeMillis, long size, String contentId) throws FsException {
        synchronized (lock) {
            version++;
            RegularFile file = placeFile(path, mode, mtimeMillis);
            file.loaded = false;
            file.lazySize = size;
            file.contentId = contentId;
            usedBytes += size;
            journal.record(version, journalPath(path, false));
        }
    }

    /** Adds a regular file with its bytes, clean with respect to {@code contentId} (which may be null). */
    public void addFile(String path, int mode, long mtimeMillis, byte[] content, String contentId) throws FsException {
        synchronized (lock) {
            version++;
            RegularFile file = placeFile(path, mode, mtimeMillis);
            file.data = content;
            file.length = content.length;
            file.contentId = contentId;
            usedBytes += content.length;
            journal.record(version, journalPath(path, false));
        }
    }

    private RegularFile placeFile(String path, int mode, long mtimeMillis) throws FsException {
        Dir parent = parentDir(path);
        String name = checkedName(path);
        Node previous = parent.entries.get(name);
        if (previous instanceof Dir dir && !dir.entries.isEmpty()) {
            throw new FsException(Errno.ENOTEMPTY, path);
        }
        if (previous instanceof RegularFile same) {
            // the same file with new content, as a write in place: a script that has it open (an append racing this
            // change) writes to what the path names, not to a file no path reaches any more
            usedBytes -= same.size();
            same.data = new byte[0];
            same.length = 0;
            same.loaded = true;
            same.lazySize = 0;
            same.contentId = null;
            same.mode = mode & 07777;
            same.mtime = same.atime = mtimeMillis;
            same.ctime = clock.millis();
            return same;
        }
        if (previous != null) {
            unlinked(previous);
        }
        RegularFile file = new RegularFile(mode & 07777);
        file.mtime = file.atime = mtimeMillis;
        parent.entries.put(name, file);
        moves++;
        return file;
    }

    /**
     * A number that grows with every change to the tree (content, entries, modes, times; not reads): an unchanged
     * number means an unchanged tree, so a copy kept in sync elsewhere needs no comparison.
     */
    public long version() {
        return version;
    }

    /**
     * The paths changes after {@code version} touched (a directory's path stands for everything below it too), so that
     * a copy of the tree made at that version can compare only those; empty when that is not known (the change is too
     * far back, or one reached an entry through a symbolic or hard link), and then everything must be compared.
     */
    public Optional<Set<String>> changedSince(long version) {
        synchronized (lock) {
            return journal.since(version);
        }
    }

    /**
     * The path of a change for the journal: normalized, or null when a symbolic link leads to what changed (a
     * component on the way, or the last one when {@code followLast}) or the entry has other hard links.
     */
    private String journalPath(String path, boolean followLast) {
        Node node = root;
        String normalized = PathNames.normalize(path);
        List<String> parts = PathNames.components(normalized);
        for (int i = 0; i < parts.size(); i++) {
            if (!(node instanceof Dir dir) || (node = dir.entries.get(parts.get(i))) == null) {
                // nothing below a missing entry can be a link
                return normalized;
            }
            if (node instanceof Symlink && (followLast || i < parts.size() - 1)) {
                return null;
            }
        }
        return node.nlink > 1 && !(node instanceof Dir) ? null : normalized;
    }

    /** {@link #journalPath(String, boolean)} of a change to {@code changed}, which the path must still lead to. */
    private String journalPath(String path, boolean followLast, Node changed) {
        try {
            return resolve(path, false) == changed ? journalPath(path, followLast) : null;
        } catch (FsException e) {
            return null;
        }
    }

    /**
     * Every entry of the tree except the root, parents before children, with each file's content identity (null when
     * its bytes changed since it was added or {@link #markClean marked clean}).
     */
    public List<Entry> snapshot() {
        synchronized (lock) {
            List<Entry> entries = new ArrayList<>();
            snapshot(root, "", entries);
            return entries;
        }
    }

    /**
     * The entry at {@code path} (not following a symbolic link there) and, for a directory, every entry below it, as
     * {@link #snapshot()} lists them; empty when nothing is there.
     */
    public List<Entry> snapshot(String path) {
        synchronized (lock) {
            String normalized = PathNames.normalize(path);
            if (normalized.equals("/")) {
                return snapshot();
            }
            Node node;
            try {
                node = resolve(normalized, false);
            } catch (FsException e) {
                return List.of();
            }
            List<Entry> entries = new ArrayList<>();
            entries.add(entry(normalized, node));
            if (node instanceof Dir dir) {
                snapshot(dir, normalized, entries);
            }
            return entries;
        }
    }

    private static Entry entry(String path, Node node) {
        String target = node instanceof Symlink link ? link.target : null;
        String contentId = node instanceof RegularFile f ? f.contentId : null;
        return new Entry(path, node.type(), node.mode, node.size(), node.mtime, target, contentId);
    }

    private void snapshot(Dir dir, String prefix, List<Entry> out) {
        List<String> names = new ArrayList<>(dir.entries.keySet());
        java.util.Collections.sort(names);
        for (String name : names) {
            Node node = dir.entries.get(name);
            String path = prefix + "/" + name;
            out.add(entry(path, node));
            if (node instanceof Dir child) {
                snapshot(child, path, out);
            }
        }
    }

    /** The current bytes of a file without changing its access time: what a sync uploads. */
    public byte[] readContent(String path) throws FsException {
        synchronized (lock) {
            Node node = resolve(path, false);
            if (!(node instanceof RegularFile file)) {
                throw new FsException(Errno.EISDIR, path);
            }
            file.load(path);
            return Arrays.copyOf(file.data, file.length);
        }
    }

    /**
     * Records that a file's bytes are now stored under {@code contentId}, unless they changed again since {@code
     * uploaded} was read (then the file stays dirty for the next sync).
     */
    public void markClean(String path, String contentId, byte[] uploaded) throws FsException {
        synchronized (lock) {
            Node node = resolve(path, false);
            if (node instanceof RegularFile file
                    && file.contentId == null
                    && file.loaded
                    && file.length == uploaded.length
                    && Arrays.equals(file.data, 0, file.length, uploaded, 0, uploaded.length)) {
                file.contentId = contentId;
            }
        }
    }

    /** Bytes held in memory for files that are clean, i.e. that could be dropped and fetched again. */
    public long cleanLoadedBytes() {
        synchronized (lock) {
            long[] total = {0};
            forEachFile(root, f -> {
                if (f.loaded && f.contentId != null) {
                    total[0] += f.length;
                }
            });
            return total[0];
        }
    }

    /** Drops the bytes of clean files not open for reading until at most {@code keepBytes} of them stay in memory. */
    public void evictClean(long keepBytes) {
        synchronized (lock) {
            long[] kept = {0};
            forEachFile(root, f -> {
                if (!f.loaded || f.contentId == null) {
                    return;
                }
                if (kept[0] + f.length <= keepBytes || f.openReaders > 0) {
                    kept[0] += f.length;
                    return;
                }
                f.lazySize = f.length;
                f.data = new byte[0];
                f.length = 0;
                f.loaded = false;
            });
        }
    }

    private void forEachFile(Dir dir, java.util.function.Consumer<RegularFile> action) {
        for (Node node : dir.entries.values()) {
            if (node instanceof RegularFile f) {
                action.accept(f);
            } else if (node instanceof Dir child) {
                forEachFile(child, action);
            }
        }
    }

    // ---- streams ----

    private final class FileInput extends InputStream {
        private final RegularFile file;
        private long position;
        private long mark;
        private boolean closed;

        FileInput(RegularFile file) {
            this.file = file;
        }

        @Override
        public int read() {
            synchronized (lock) {
                if (position >= file.length) {
                    return -1;
                }
                return file.data[(int) position++] & 0xff;
            }
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            synchronized (lock) {
                long available = file.length - position;
                if (available <= 0) {
                    return -1;
                }
                int n = (int) Math.min(len, available);
                System.arraycopy(file.data, (int) position, b, off, n);
                position += n;
                return n;
            }
        }

        @Override
        public long skip(long n) {
            synchronized (lock) {
                long skipped = Math.max(0, Math.min(n, file.length - position));
                position += skipped;
                return skipped;
            }
        }

        @Override
        public int available() {
            synchronized (lock) {
                return (int) Math.max(0, Math.min(Integer.MAX_VALUE, file.length - position));
            }
        }

        @Override
        public void close() {
            synchronized (lock) {
                if (!closed) {
                    closed = true;
                    file.openReaders--;
                }
            }
        }

        @Override
        public boolean markSupported() {
            return true;
        }

        @Override
        public void mark(int readlimit) {
            mark = position;
        }

        @Override
        public void reset() {
            position = mark;
        }
    }

    private final class FileOutput extends OutputStream {
        private final RegularFile file;
        private final String path;
        /** The file's path for the journal; null once it cannot be placed (opened through a symbolic link, moved). */
        private String journalPath;
        /** {@link #moves} when {@link #journalPath} was last checked. */
        private long checkedAt = moves;
        /** Next write offset; negative means append at the current end. */
        private long position;

        FileOutput(RegularFile file, String path, String journalPath, long position) {
            this.file = file;
            this.path = path;
            this.journalPath = journalPath;
            this.position = position;
        }

        @Override
        public void write(int b) throws FsException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws FsException {
            if (len == 0) {
                return;
            }
            synchronized (lock) {
                version++;
                file.modified(path);
                long at = position < 0 ? file.length : position;
                long end = at + len;
                if (end > file.length) {
                    resized(file, file.length, end, path);
                }
                file.ensureCapacity(end, path);
                if (at > file.length) {
                    Arrays.fill(file.data, file.length, (int) at, (byte) 0);
                }
                System.arraycopy(b, off, file.data, (int) at, len);
                if (end > file.length) {
                    file.length = (int) end;
                }
                if (position >= 0) {
                    position = end;
                }
                file.touch();
                if (journalPath != null && checkedAt != moves) {
                    // renamed, deleted or hard-linked since it was opened: its path no longer names all of it
                    journalPath = journalPath(journalPath, false, file);
                    checkedAt = moves;
                }
                journal.record(version, journalPath);
            }
        }
    }
}
