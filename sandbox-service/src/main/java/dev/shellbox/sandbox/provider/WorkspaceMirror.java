package dev.shellbox.sandbox.provider;

import dev.shellbox.contracts.volume.SystemPaths;
import dev.shellbox.shell.fs.FileType;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.fs.PathNames;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * A host directory that mirrors a sandbox's files for programs that run outside the interpreter, at the same absolute
 * paths ({@code /workspace/a.py} is {@code ROOT/workspace/a.py}). Only the top-level directories a container does not
 * supply itself are mirrored ({@link SystemPaths#DIRECTORIES} come from the host or the image).
 *
 * <p>An index remembers, per path, what the sandbox's file and the host's file looked like when they were last made
 * equal, so that both directions copy only what changed: {@link #push} compares the in-memory tree with the index
 * (content id, or size and time), {@link #pull} compares the host's metadata with it (mode, size, mtime, ctime,
 * inode). The index is kept next to the mirror, where programs cannot reach it; a mirror left by an earlier run is
 * checked against it on first use and whatever does not match is rewritten.
 *
 * <p>The service may run with more privileges than the programs, so it never follows a symbolic link a program could
 * have planted: files are opened without following links and their parent directories must resolve to themselves.
 */
public final class WorkspaceMirror {
    private static final Logger LOG = Logger.getLogger(WorkspaceMirror.class);

    private static final String ATTRIBUTES = "unix:mode,size,lastModifiedTime,ctime,ino";
    private static final int INDEX_FORMAT = 0x53425831;
    private static final long INDEX_SAVE_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** Files larger than this that programs wrote go to the content store rather than into memory. */
    static final long STORE_FILE_BYTES = 1L << 20;
    /** Bytes of program-written files one pull holds in memory; the rest goes to the content store. */
    static final long HELD_BYTES_PER_PULL = 32L << 20;

    private static final Set<OpenOption> WRITE = Set.of(
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING,
            LinkOption.NOFOLLOW_LINKS);
    private static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);

    private final Path root;
    private final Path indexFile;
    private final int ownerUid;
    private final int ownerGid;
    private final long maxFileBytes;
    /** Path -> how both sides looked when last synced; null until loaded. Guarded by this. */
    private Map<String, Synced> index;
    /** Directories found free of symbolic links during the current sync. Guarded by this. */
    private final Set<Path> realDirectories = new HashSet<>();
    /** Tells which host paths programs touched; null until the first pull, or when this host cannot watch. */
    private MirrorWatch watch;
    /** Set when a watch could not be started; cleared by {@link #pause}, which allows another try. */
    private boolean watchFailed;
    /** The {@link InMemoryFileSystem#version} the host was last made equal to; -1 when unknown. Guarded by this. */
    private long syncedVersion = -1;
    /** Calls that changed the sandbox's tree during the current pull (each moves its version by one). */
    private int treeChanges;
    /** Bytes of program-written files the current pull put into the tree's memory. */
    private long heldBytes;
    /** Whether the index changed since it was last saved, and when that was (System.nanoTime). */
    private boolean indexDirty;

    private long indexSavedAt = System.nanoTime() - INDEX_SAVE_INTERVAL_NANOS;
    /** Whether the last pull compared every entry rather than the watched ones. */
    private boolean lastPullComparedAll;
    /** Whether the last pull ended early (the next compares every entry). */
    private boolean lastPullFailed;
    /** Paths whose last copy to the host failed: neither a change nor a deletion of programs until copied whole. */
    private final Set<String> unmirrored = new HashSet<>();
    /** Whether the last push compared every entry rather than the ones the tree's journal named. */
    private boolean lastPushComparedAll;

    /** How many entries a sync wrote (or imported) and deleted. */
    public record Changes(int written, int deleted) {
        public boolean isEmpty() {
            return written == 0 && deleted == 0;
        }
    }

    /**
     * @param root the mirror's directory (created if missing)
     * @param indexFile where the index is kept, outside anything a program can see
     * @param ownerUid host user that owns mirrored entries so that programs can change them; -1 leaves ownership
     * @param ownerGid host group of mirrored entries; -1 leaves it
     * @param maxFileBytes larger files written by programs are not brought back
     */
    public WorkspaceMirror(Path root, Path indexFile, int ownerUid, int ownerGid, long maxFileBytes) {
        this.root = root.toAbsolutePath().normalize();
        this.indexFile = indexFile;
        this.ownerUid = ownerUid;
        this.ownerGid = ownerGid;
        this.maxFileBytes = maxFileBytes;
    }

    public Path root() {
        return root;
    }

    /** The mirrored top-level directories present on the host, like {@code workspace} and {@code home}. */
    public synchronized List<String> topLevelDirectories() throws IOException {
        index();
        List<String> names = new ArrayList<>();
        for (String path : index.keySet()) {
            if (path.lastIndexOf('/') == 0 && index.get(path).type() == FileType.DIRECTORY) {
                names.add(path.substring(1));
            }
        }
        Collections.sort(names);
        return names;
    }

    /**
     * Writes what changed in {@code files} since the last sync to the host: the paths the tree's journal names, or,
     * when it cannot say, every entry compared with the index.
     */
    public synchronized Changes push(InMemoryFileSystem files) throws IOException {
        Map<String, Synced> idx = index();
        long version = files.version();
        if (version == syncedVersion) {
            return new Changes(0, 0);
        }
        realDirectories.clear();
        long now = System.currentTimeMillis();
        Optional<Set<String>> changed = syncedVersion < 0 ? Optional.empty() : files.changedSince(syncedVersion);
        lastPushComparedAll = changed.isEmpty();
        List<String> changedPaths = changed.map(ArrayList::new).orElseGet(() -> new ArrayList<>(List.of("/")));
        // parents before children
        Collections.sort(changedPaths);
        int written = 0;
        Set<String> present = new HashSet<>();
        for (String path : changedPaths) {
            for (InMemoryFileSystem.Entry e : files.snapshot(path)) {
                if (!isMirrored(e.path(), e.type()) || !present.add(e.path())) {
                    continue;
                }
                Synced s = idx.get(e.path());
                if (s != null && s.matches(e)) {
                    continue;
                }
                try {
                    idx.put(e.path(), write(e, files, now));
                } catch (FsException gone) {
                    // removed from the tree while we copied it; the next sync deletes it
                    continue;
                } catch (IOException failed) {
                    // the host copy is partial (a full workspace disk, say): it must never come back as a change a
                    // program made, so it goes, and pulls leave the path alone until a push copies it whole
                    idx.remove(e.path());
                    unmirrored.add(e.path());
                    try {
                        deleteTree(hostPath(e.path()));
                    } catch (IOException ignored) {
                        // the path stays unmirrored either way
                    }
                    indexChanged();
                    throw failed;
                }
                unmirrored.remove(e.path());
                written++;
            }
        }
        // what the host has at or below a changed path and the tree no longer does; only below a directory is there
        // more than the path itself to look for
        Set<String> gone = new HashSet<>();
        Set<String> directories = new HashSet<>();
        for (String path : changedPaths) {
            Synced s = idx.get(path);
            if (path.equals("/") || (s != null && s.type() == FileType.DIRECTORY)) {
                directories.add(path);
            } else if (s != null && !present.contains(path)) {
                gone.add(path);
            }
        }
        if (!directories.isEmpty()) {
            for (String path : idx.keySet()) {
                if (!present.contains(path) && isWithin(path, directories)) {
                    gone.add(path);
                }
            }
        }
        List<String> missing = new ArrayList<>(gone);
        missing.sort(Collections.reverseOrder());
        for (String path : missing) {
            deleteTree(hostPath(path));
            idx.remove(path);
        }
        Changes changes = new Changes(written, missing.size());
        if (!changes.isEmpty()) {
            indexChanged();
        }
        syncedVersion = version;
        return changes;
    }

    /** Whether {@code path} or a directory above it is in {@code scope} ("/" covers everything). */
    private static boolean isWithin(String path, Set<String> scope) {
        if (scope.contains("/")) {
            return true;
        }
        for (String p = path; p.length() > 1; p = p.substring(0, p.lastIndexOf('/'))) {
            if (scope.contains(p)) {
                return true;
            }
        }
        return false;
    }

    boolean lastPushComparedAll() {
        return lastPushComparedAll;
    }

    /**
     * Applies what programs created, changed, chmod-ed, symlinked or deleted on the host to {@code files}: the paths
     * the watch saw touched, or every entry when there is no watch or it lost track.
     */
    public synchronized Changes pull(InMemoryFileSystem files) throws IOException {
        return pull(files, null);
    }

    /**
     * {@link #pull(InMemoryFileSystem)}, with large files, and any once {@link #HELD_BYTES_PER_PULL} are held, handed
     * to {@code store} and added to the tree by content id instead of with their bytes; a null store holds them all.
     */
    public synchronized Changes pull(InMemoryFileSystem files, ContentStore store) throws IOException {
        Map<String, Synced> idx = index();
        Optional<Set<String>> touched = touched();
        if (lastPullFailed) {
            // what the failed pull had taken from the watch is still to bring back
            touched = Optional.empty();
        }
        try {
            Changes changes = pull(files, store, idx, touched);
            lastPullFailed = false;
            return changes;
        } catch (IOException | RuntimeException e) {
            lastPullFailed = true;
            throw e;
        }
    }

    private Changes pull(
            InMemoryFileSystem files, ContentStore store, Map<String, Synced> idx, Optional<Set<String>> touched)
            throws IOException {
        heldBytes = 0;
        realDirectories.clear();
        long versionBefore = files.version();
        treeChanges = 0;
        Map<String, HostStat> host;
        Set<String> deleted = new HashSet<>();
        lastPullComparedAll = touched.isEmpty();
        if (touched.isPresent()) {
            host = new HashMap<>();
            Set<String> gone = new HashSet<>();
            for (String path : touched.get()) {
                // a directory above it may have become something else since, a symbolic link even
                HostStat h = null;
                try {
                    if (hasRealParent(hostPath(path))) {
                        h = statOrNull(hostPath(path));
                    }
                } catch (FileSystemException e) {
                    // a file now stands where a directory above it was
                }
                boolean present = h != null && h.type() != null && isMirrored(path, h.type());
                if (present) {
                    host.put(path, h);
                } else if (idx.containsKey(path)) {
                    deleted.add(path);
                }
                Synced before = idx.get(path);
                if (before != null
                        && before.type() == FileType.DIRECTORY
                        && (!present || h.type() != FileType.DIRECTORY)) {
                    // what was below a directory that is gone or something else now is gone with it
                    gone.add(path + "/");
                }
            }
            if (!gone.isEmpty()) {
                for (String path : idx.keySet()) {
                    if (!host.containsKey(path) && isBelow(path, gone)) {
                        deleted.add(path);
                    }
                }
            }
        } else {
            host = scan();
            for (String path : idx.keySet()) {
                if (!host.containsKey(path)) {
                    deleted.add(path);
                }
            }
            if (watch != null) {
                watch.rewatch();
            }
        }
        deleted.removeAll(unmirrored);
        List<String> changed = new ArrayList<>();
        for (Map.Entry<String, HostStat> h : host.entrySet()) {
            if (unmirrored.contains(h.getKey())) {
                continue;
            }
            Synced s = idx.get(h.getKey());
            if (s == null || !s.matches(h.getValue())) {
                changed.add(h.getKey());
            }
        }
        Collections.sort(changed);
        int written = 0;
        for (String path : changed) {
            Synced imported = importEntry(path, host.get(path), files, store);
            if (imported != null) {
                idx.put(path, imported);
                written++;
            }
        }
        List<String> deletions = new ArrayList<>(deleted);
        deletions.sort(Collections.reverseOrder());
        for (String path : deletions) {
            removeFromTree(files, path);
            idx.remove(path);
        }
        Changes changes = new Changes(written, deleted.size());
        if (!changes.isEmpty()) {
            indexChanged();
        }
        // the tree took exactly this pull's changes (no one else wrote meanwhile): it matches the host as it was
        if (versionBefore == syncedVersion && files.version() == versionBefore + treeChanges) {
            syncedVersion = files.version();
        }
        return changes;
    }

    boolean lastPullComparedAll() {
        return lastPullComparedAll;
    }

    /** The paths programs touched since the last pull; empty when every entry must be compared. */
    private Optional<Set<String>> touched() throws IOException {
        if (watch == null) {
            if (!watchFailed) {
                watch = MirrorWatch.open(root, path -> isMirrored(path, FileType.DIRECTORY))
                        .orElse(null);
                watchFailed = watch == null;
            }
            // started now (or not at all): what happened before is unknown
            return Optional.empty();
        }
        return watch.changes();
    }

    /** Whether {@code path} starts with one of {@code prefixes} (directories, each ending in a slash). */
    private static boolean isBelow(String path, Set<String> prefixes) {
        for (String prefix : prefixes) {
            if (path.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /**
     * For a time when no program runs: saves the index and stops watching the host (the next pull compares every
     * entry once).
     */
    public synchronized void pause() throws IOException {
        stopWatching();
        if (indexDirty) {
            saveIndex();
        }
    }

    private void stopWatching() {
        if (watch != null) {
            watch.close();
            watch = null;
        }
        watchFailed = false;
    }

    /** Deletes the mirror and its index. */
    public synchronized void delete() throws IOException {
        stopWatching();
        syncedVersion = -1;
        deleteTree(root);
        Files.deleteIfExists(indexFile);
        index = null;
    }

    static boolean isMirrored(String path, FileType type) {
        int second = path.indexOf('/', 1);
        String top = second < 0 ? path.substring(1) : path.substring(1, second);
        if (top.isEmpty() || SystemPaths.DIRECTORIES.contains(top)) {
            return false;
        }
        return second >= 0 || type == FileType.DIRECTORY;
    }

    // ---- sandbox -> host ----

    private Synced write(InMemoryFileSystem.Entry e, InMemoryFileSystem files, long now)
            throws IOException, FsException {
        Path p = hostPath(e.path());
        requireRealParent(p);
        HostStat before = statOrNull(p);
        switch (e.type()) {
            case DIRECTORY -> {
                if (before == null || before.type() != FileType.DIRECTORY) {
                    deleteTree(p);
                    Files.createDirectory(p);
                }
            }
            case SYMLINK -> {
                deleteTree(p);
                Files.createSymbolicLink(p, Path.of(e.symlinkTarget()));
            }
            default -> {
                if (before != null && before.type() != FileType.REGULAR) {
                    deleteTree(p);
                }
                byte[] content = files.readContent(e.path());
                try (SeekableByteChannel out = Files.newByteChannel(p, WRITE)) {
                    ByteBuffer buf = ByteBuffer.wrap(content);
                    while (buf.hasRemaining()) {
                        out.write(buf);
                    }
                }
            }
        }
        if (e.type() != FileType.SYMLINK) {
            Files.setAttribute(p, "unix:mode", e.mode() & 07777, LinkOption.NOFOLLOW_LINKS);
            if (e.type() == FileType.REGULAR) {
                Files.setLastModifiedTime(p, FileTime.fromMillis(e.mtimeMillis()));
            }
        }
        own(p);
        // A file changed in the same millisecond as this copy could change again without its time moving: such a
        // file is copied again next time rather than trusted.
        boolean racy = e.type() == FileType.REGULAR && e.contentId() == null && e.mtimeMillis() >= now - 1;
        return new Synced(
                e.type(),
                e.mode() & 07777,
                e.symlinkTarget(),
                e.contentId(),
                e.size(),
                e.mtimeMillis(),
                racy,
                hostStat(p));
    }

    private void own(Path p) throws IOException {
        if (ownerUid >= 0) {
            Files.setAttribute(p, "unix:uid", ownerUid, LinkOption.NOFOLLOW_LINKS);
        }
        if (ownerGid >= 0) {
            Files.setAttribute(p, "unix:gid", ownerGid, LinkOption.NOFOLLOW_LINKS);
        }
    }

    // ---- host -> sandbox ----

    private Synced importEntry(String path, HostStat h, InMemoryFileSystem files, ContentStore store)
            throws IOException {
        Path p = hostPath(path);
        try {
            switch (h.type()) {
                case DIRECTORY -> {
                    if (isDirectory(files, path)) {
                        treeChanges++;
                        files.setMode(path, h.mode());
                    } else {
                        removeFromTree(files, path);
                        treeChanges++;
                        files.createDirectory(path, h.mode());
                    }
                    return new Synced(FileType.DIRECTORY, h.mode(), null, null, 0, 0, false, h);
                }
                case SYMLINK -> {
                    String target = Files.readSymbolicLink(p).toString();
                    removeFromTree(files, path);
                    treeChanges++;
                    files.createSymlink(path, target);
                    return new Synced(FileType.SYMLINK, 0777, target, null, 0, 0, false, h);
                }
                case REGULAR -> {
                    if (h.size() > maxFileBytes) {
                        LOG.warnf("not bringing back %s: %d bytes is more than %d", path, h.size(), maxFileBytes);
                        return null;
                    }
                    long mtime = TimeUnit.NANOSECONDS.toMillis(h.mtimeNanos());
                    if (store != null && (h.size() > STORE_FILE_BYTES || heldBytes + h.size() > HELD_BYTES_PER_PULL)) {
                        ContentStore.Stored stored = store(p, store);
                        if (isDirectory(files, path)) {
                            removeFromTree(files, path);
                        }
                        treeChanges++;
                        files.addLazyFile(path, h.mode(), mtime, stored.size(), stored.contentId());
                        return new Synced(
                                FileType.REGULAR, h.mode(), null, stored.contentId(), stored.size(), mtime, false, h);
                    }
                    byte[] content = read(p);
                    heldBytes += content.length;
                    if (isDirectory(files, path)) {
                        removeFromTree(files, path);
                    }
                    treeChanges++;
                    files.addFile(path, h.mode(), mtime, content, null);
                    return new Synced(FileType.REGULAR, h.mode(), null, null, content.length, mtime, false, h);
                }
                default -> {
                    return null;
                }
            }
        } catch (FsException e) {
            LOG.debugf("cannot bring back %s: %s", path, e.errno());
            return null;
        } catch (NoSuchFileException e) {
            // deleted by a program that is still running; the next sync sees it gone
            return null;
        }
    }

    /** Hands the file's bytes to the store, opened as {@link #read} opens it. */
    private ContentStore.Stored store(Path p, ContentStore store) throws IOException {
        requireRealParent(p);
        try (SeekableByteChannel in = Files.newByteChannel(p, READ)) {
            if (in.size() > maxFileBytes) {
                throw new IOException(p + " grew beyond " + maxFileBytes + " bytes");
            }
            return store.store(Channels.newInputStream(in));
        }
    }

    private byte[] read(Path p) throws IOException {
        requireRealParent(p);
        try (SeekableByteChannel in = Files.newByteChannel(p, READ)) {
            long size = in.size();
            if (size > maxFileBytes) {
                throw new IOException(p + " grew beyond " + maxFileBytes + " bytes");
            }
            ByteBuffer buf = ByteBuffer.allocate((int) size);
            while (buf.hasRemaining() && in.read(buf) > 0) {
                // keep reading
            }
            return buf.position() == buf.capacity() ? buf.array() : Arrays.copyOf(buf.array(), buf.position());
        }
    }

    private static boolean isDirectory(InMemoryFileSystem files, String path) {
        try {
            return files.lstat(path).isDirectory();
        } catch (FsException e) {
            return false;
        }
    }

    private void removeFromTree(InMemoryFileSystem files, String path) {
        try {
            if (files.lstat(path).isDirectory()) {
                for (String name : files.list(path)) {
                    removeFromTree(files, PathNames.join(path, name));
                }
            }
            treeChanges++;
            files.delete(path);
        } catch (FsException e) {
            // already gone
        }
    }

    // ---- the host side ----

    /** How a host entry looked: what {@link #pull} compares. Type is null for sockets, fifos and devices. */
    record HostStat(FileType type, int mode, long size, long mtimeNanos, long ctimeNanos, long inode) {}

    /**
     * One path as last synced: the sandbox's entry (type, mode, symlink target, content id, size, mtime) and the
     * host's.
     */
    record Synced(
            FileType type,
            int mode,
            String target,
            String contentId,
            long size,
            long mtimeMillis,
            boolean racy,
            HostStat host) {

        boolean matches(InMemoryFileSystem.Entry e) {
            if (e.type() != type || (e.type() != FileType.SYMLINK && (e.mode() & 07777) != mode)) {
                return false;
            }
            return switch (type) {
                case SYMLINK -> e.symlinkTarget().equals(target);
                case REGULAR ->
                    e.contentId() != null && contentId != null
                            ? e.contentId().equals(contentId)
                            : !racy && e.size() == size && e.mtimeMillis() == mtimeMillis;
                default -> true;
            };
        }

        boolean matches(HostStat h) {
            if (h.type() != host.type() || h.mode() != host.mode()) {
                return false;
            }
            return h.type() == FileType.DIRECTORY
                    || (h.size() == host.size()
                            && h.mtimeNanos() == host.mtimeNanos()
                            && h.ctimeNanos() == host.ctimeNanos()
                            && h.inode() == host.inode());
        }
    }

    /** Every mirrored entry on the host by sandbox path. */
    private Map<String, HostStat> scan() throws IOException {
        Map<String, HostStat> out = new HashMap<>();
        try (DirectoryStream<Path> top = Files.newDirectoryStream(root)) {
            for (Path child : top) {
                String name = child.getFileName().toString();
                if (SystemPaths.DIRECTORIES.contains(name)) {
                    continue;
                }
                HostStat h = statOrNull(child);
                if (h != null && h.type() == FileType.DIRECTORY) {
                    out.put("/" + name, h);
                    walk(child, "/" + name, out);
                }
            }
        }
        return out;
    }

    private static void walk(Path dir, String path, Map<String, HostStat> out) throws IOException {
        try (DirectoryStream<Path> children = Files.newDirectoryStream(dir)) {
            for (Path child : children) {
                String childPath = path + "/" + child.getFileName();
                HostStat h = statOrNull(child);
                if (h == null || h.type() == null) {
                    continue;
                }
                out.put(childPath, h);
                if (h.type() == FileType.DIRECTORY) {
                    walk(child, childPath, out);
                }
            }
        } catch (NoSuchFileException e) {
            // removed while we looked
        }
    }

    private static HostStat statOrNull(Path p) throws IOException {
        try {
            return hostStat(p);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private static HostStat hostStat(Path p) throws IOException {
        Map<String, Object> a = Files.readAttributes(p, ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
        int mode = (Integer) a.get("mode");
        FileType type = switch (mode & 0170000) {
            case 0040000 -> FileType.DIRECTORY;
            case 0120000 -> FileType.SYMLINK;
            case 0100000 -> FileType.REGULAR;
            default -> null;
        };
        return new HostStat(
                type,
                mode & 07777,
                (Long) a.get("size"),
                ((FileTime) a.get("lastModifiedTime")).to(TimeUnit.NANOSECONDS),
                ((FileTime) a.get("ctime")).to(TimeUnit.NANOSECONDS),
                (Long) a.get("ino"));
    }

    private Path hostPath(String path) {
        return root.resolve(path.substring(1));
    }

    private boolean hasRealParent(Path p) {
        try {
            requireRealParent(p);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Refuses paths whose parent is reached through a symbolic link (one a program may have planted). */
    private void requireRealParent(Path p) throws IOException {
        Path parent = p.getParent();
        if (realDirectories.contains(parent)) {
            return;
        }
        if (!parent.toRealPath().equals(parent)) {
            throw new IOException("the workspace path " + root.relativize(p) + " goes through a symbolic link");
        }
        realDirectories.add(parent);
    }

    private static void deleteTree(Path p) throws IOException {
        HostStat h = statOrNull(p);
        if (h == null) {
            return;
        }
        if (h.type() == FileType.DIRECTORY) {
            try (DirectoryStream<Path> children = Files.newDirectoryStream(p)) {
                for (Path child : children) {
                    deleteTree(child);
                }
            }
        }
        Files.deleteIfExists(p);
    }

    // ---- the index ----

    private Map<String, Synced> index() throws IOException {
        if (index != null && !Files.isDirectory(root)) {
            // deleted under us: rebuild from the sandbox's files
            index = null;
        }
        if (index == null) {
            stopWatching();
            syncedVersion = -1;
            Files.createDirectories(root);
            index = verify(loadIndex());
            indexDirty = true;
        }
        return index;
    }

    /** Keeps the index entries the host still matches and removes host entries nothing vouches for. */
    private Map<String, Synced> verify(Map<String, Synced> loaded) throws IOException {
        Map<String, HostStat> host = scan();
        List<String> paths = new ArrayList<>(host.keySet());
        Collections.sort(paths);
        Map<String, Synced> verified = new HashMap<>();
        String removedDir = null;
        for (String path : paths) {
            if (removedDir != null && path.startsWith(removedDir + "/")) {
                continue;
            }
            HostStat h = host.get(path);
            Synced s = loaded.get(path);
            if (s != null && s.matches(h)) {
                verified.put(path, s);
            } else if (s == null || h.type() != FileType.DIRECTORY) {
                deleteTree(hostPath(path));
                if (h.type() == FileType.DIRECTORY) {
                    removedDir = path;
                }
            }
        }
        return verified;
    }

    private Map<String, Synced> loadIndex() {
        Map<String, Synced> loaded = new HashMap<>();
        if (!Files.isRegularFile(indexFile)) {
            return loaded;
        }
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(indexFile)))) {
            if (in.readInt() != INDEX_FORMAT) {
                return loaded;
            }
            int count = in.readInt();
            for (int i = 0; i < count; i++) {
                String path = in.readUTF();
                FileType type = FileType.values()[in.readByte()];
                int mode = in.readInt();
                String target = readOptional(in);
                String contentId = readOptional(in);
                long size = in.readLong();
                long mtime = in.readLong();
                boolean racy = in.readBoolean();
                byte hostType = in.readByte();
                HostStat h = new HostStat(
                        hostType < 0 ? null : FileType.values()[hostType],
                        in.readInt(),
                        in.readLong(),
                        in.readLong(),
                        in.readLong(),
                        in.readLong());
                loaded.put(path, new Synced(type, mode, target, contentId, size, mtime, racy, h));
            }
            return loaded;
        } catch (IOException | RuntimeException e) {
            LOG.infof("the workspace index %s is unreadable (%s); rebuilding the workspace", indexFile, e.toString());
            return new HashMap<>();
        }
    }

    /**
     * Saves the index now and then rather than after every sync: an index older than the workspace only makes the
     * check on the next start rewrite the entries it no longer vouches for.
     */
    private void indexChanged() throws IOException {
        indexDirty = true;
        if (System.nanoTime() - indexSavedAt >= INDEX_SAVE_INTERVAL_NANOS) {
            saveIndex();
        }
    }

    private void saveIndex() throws IOException {
        Path tmp = indexFile.resolveSibling(indexFile.getFileName() + ".tmp");
        try (OutputStream file = Files.newOutputStream(tmp);
                DataOutputStream out = new DataOutputStream(new BufferedOutputStream(file))) {
            out.writeInt(INDEX_FORMAT);
            out.writeInt(index.size());
            for (Map.Entry<String, Synced> e : index.entrySet()) {
                Synced s = e.getValue();
                out.writeUTF(e.getKey());
                out.writeByte(s.type().ordinal());
                out.writeInt(s.mode());
                writeOptional(out, s.target());
                writeOptional(out, s.contentId());
                out.writeLong(s.size());
                out.writeLong(s.mtimeMillis());
                out.writeBoolean(s.racy());
                HostStat h = s.host();
                out.writeByte(h.type() == null ? -1 : h.type().ordinal());
                out.writeInt(h.mode());
                out.writeLong(h.size());
                out.writeLong(h.mtimeNanos());
                out.writeLong(h.ctimeNanos());
                out.writeLong(h.inode());
            }
        }
        Files.move(tmp, indexFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        indexDirty = false;
        indexSavedAt = System.nanoTime();
    }

    private static String readOptional(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }

    private static void writeOptional(DataOutputStream out, String value) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            out.writeUTF(value);
        }
    }
}
