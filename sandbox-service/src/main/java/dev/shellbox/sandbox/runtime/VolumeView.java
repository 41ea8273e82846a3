package dev.shellbox.sandbox.runtime;

import dev.shellbox.contracts.volume.CommitChange;
import dev.shellbox.contracts.volume.CommitRequest;
import dev.shellbox.contracts.volume.CommitResponse;
import dev.shellbox.contracts.volume.EntryType;
import dev.shellbox.contracts.volume.VolumeChanges;
import dev.shellbox.contracts.volume.VolumeEntry;
import dev.shellbox.contracts.volume.VolumeTree;
import dev.shellbox.sandbox.client.VolumeClient;
import dev.shellbox.sandbox.client.VolumeConflictException;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FileType;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.fs.PathNames;
import jakarta.ws.rs.WebApplicationException;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * A running sandbox's working view of its volume: the whole metadata tree in memory, small files' bytes with it, large
 * files fetched on first read. It is the one place the sandbox's files change while it runs: scripts and programs
 * write the view; {@link #commit()} sends what changed since the last commit to vfs-service in one atomic batch; the
 * Files API's changes are applied by vfs-service through {@link #writeThrough} and come into the view at once, so all
 * writers compose as on one disk.
 *
 * <p>Commits look only at the paths the tree's journal names as changed since the last one (everything when the
 * journal cannot tell). A commit that fails leaves the view as it was, to be sent again by the next one.
 */
public final class VolumeView {
    private static final Logger LOG = Logger.getLogger(VolumeView.class);
    /** Files up to this size travel inside the commit; larger ones are stored as blobs first. */
    static final int INLINE_COMMIT_BYTES = 64 * 1024;

    private static final int MAX_COMMIT_ATTEMPTS = 3;
    private static final int NAMED_PATHS = 10;
    /** How long background saving waits after a failed commit before it tries again. */
    private static final long RETRY_NANOS = 5_000_000_000L;

    private final String volumeId;
    private final String userId;
    private final VolumeClient client;
    private final InMemoryFileSystem fs;
    /** Orders commits, refreshes and write-throughs; scripts' own reads and writes do not take it. */
    private final ReentrantLock lock = new ReentrantLock();
    /** The volume version the view last synced with; guarded by {@link #lock}. */
    private long version;
    /** What each path looked like in the volume as of {@link #version}; guarded by {@link #lock}. */
    private final TreeMap<String, InMemoryFileSystem.Entry> base = new TreeMap<>();
    /** The tree's version that {@link #base} accounts for: later journal entries name what to compare. */
    private volatile long syncedTreeVersion;
    /** When background saving may try again after a failed commit ({@link System#nanoTime}); guarded by lock. */
    private long retryAt = System.nanoTime();

    /** What a commit did: the new version, how many changes it sent, and paths it kept over a concurrent change. */
    public record CommitOutcome(long version, int changes, List<String> overwritten) {}

    /** A commit that failed; the changes stay in the view for the next one. */
    public static final class NotSavedException extends RuntimeException {
        private final List<String> paths;

        NotSavedException(List<String> paths, String reason, Throwable cause) {
            super(reason, cause);
            this.paths = List.copyOf(paths);
        }

        /** Up to ten of the paths whose changes are not saved. */
        public List<String> paths() {
            return paths;
        }
    }

    private VolumeView(String volumeId, String userId, VolumeClient client, int uid, int gid) {
        this.volumeId = volumeId;
        this.userId = userId;
        this.client = client;
        this.fs = new InMemoryFileSystem(
                Clock.systemUTC(), uid, gid, (sha256, size) -> client.content(volumeId, sha256, userId));
    }

    /** Loads the volume's tree. */
    public static VolumeView load(String volumeId, String userId, VolumeClient client, int uid, int gid) {
        VolumeView view = new VolumeView(volumeId, userId, client, uid, gid);
        VolumeTree tree = client.tree(volumeId, "/", userId);
        try {
            view.apply(tree.entries(), Set.of());
        } catch (FsException e) {
            throw new IllegalStateException("volume " + volumeId + " has an inconsistent tree at " + e.path(), e);
        }
        view.version = tree.version();
        view.syncedTreeVersion = view.fs.version();
        for (InMemoryFileSystem.Entry e : view.fs.snapshot()) {
            view.base.put(e.path(), e);
        }
        return view;
    }

    public FileSystem fileSystem() {
        return fs;
    }

    /** The in-memory tree itself, for syncing it with a container's workspace. */
    public InMemoryFileSystem files() {
        return fs;
    }

    public long version() {
        lock.lock();
        try {
            return version;
        } finally {
            lock.unlock();
        }
    }

    /** Whether anything changed in the view since it last synced (cheap: no comparison). */
    public boolean dirty() {
        return fs.version() != syncedTreeVersion;
    }

    /** Sets the bytes the sandbox's files may take together; writes past it fail with ENOSPC. */
    public void setCapacity(long bytes) {
        fs.setCapacity(bytes);
    }

    /** Brings in what changed in the volume since the view's version; paths the view changed keep its version. */
    public void refresh() {
        lock.lock();
        try {
            pull(false);
        } finally {
            lock.unlock();
        }
    }

    /** Sends the view's changes since the last sync; a no-op when nothing changed. */
    public CommitOutcome commit() {
        lock.lock();
        try {
            return commitLocked();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Commits unless another commit or write-through holds the view, or a commit failed in the last few seconds: for
     * background saving, which must neither wait nor hammer a failing vfs-service.
     */
    public Optional<CommitOutcome> commitIfIdle() {
        if (!lock.tryLock()) {
            return Optional.empty();
        }
        try {
            if (System.nanoTime() - retryAt < 0) {
                return Optional.empty();
            }
            return Optional.of(commitLocked());
        } finally {
            lock.unlock();
        }
    }

    /**
     * Runs {@code write}, a change vfs-service applies to the volume (a Files API request), and brings what it
     * changed into the view, where it replaces the view's own version of those paths: the change came last.
     *
     * <p>With {@code readsCurrent} (appends, copies, moves: changes whose result depends on what the files hold), the
     * view's unsaved changes are committed first and no script reads or writes the view until the change is in it,
     * so the change applies to exactly what scripts see. Otherwise scripts go on meanwhile, and a path they write while
     * the change is in flight ends as the change left it, as if their write came first.
     *
     * @param applied whether {@code write}'s answer means the volume changed
     */
    public <T> T writeThrough(Supplier<T> write, Predicate<T> applied, boolean readsCurrent) {
        lock.lock();
        try {
            Supplier<T> apply = () -> {
                if (readsCurrent) {
                    commitLocked();
                }
                T result = write.get();
                if (applied.test(result)) {
                    pull(true);
                }
                return result;
            };
            return readsCurrent ? fs.atomically(apply) : apply.get();
        } finally {
            lock.unlock();
        }
    }

    /** Frees memory held by clean file contents beyond {@code keepBytes}. */
    public void trim(long keepBytes) {
        fs.evictClean(keepBytes);
    }

    // ---- committing ----

    private CommitOutcome commitLocked() {
        List<String> overwritten = new ArrayList<>();
        for (int attempt = 1; ; attempt++) {
            long treeVersion = fs.version();
            List<String> roots =
                    fs.changedSince(syncedTreeVersion).map(VolumeView::topMost).orElse(List.of("/"));
            Map<String, InMemoryFileSystem.Entry> current = localUnder(roots);
            Map<String, byte[]> uploaded = new HashMap<>();
            List<CommitChange> changes;
            try {
                changes = diff(baseUnder(roots), current, uploaded);
            } catch (FsException e) {
                throw notSaved(List.of(e.path()), "cannot read " + e.path() + " to save it: " + e.errno(), e);
            } catch (IOException | RuntimeException e) {
                throw notSaved(roots, "storing file content failed: " + message(e), e);
            }
            if (changes.isEmpty()) {
                rebase(roots, current, treeVersion);
                return new CommitOutcome(version, 0, overwritten);
            }
            try {
                CommitResponse response = client.commit(volumeId, userId, new CommitRequest(version, changes));
                for (Map.Entry<String, byte[]> u : uploaded.entrySet()) {
                    markClean(current, u.getKey(), u.getValue());
                }
                version = response.version();
                rebase(roots, current, treeVersion);
                return new CommitOutcome(version, changes.size(), overwritten);
            } catch (VolumeConflictException e) {
                if (attempt >= MAX_COMMIT_ATTEMPTS) {
                    throw notSaved(pathsOf(changes), "the volume kept changing while saving: " + e.getMessage(), e);
                }
                // Only a writer that bypassed this view gets here. Take the volume's other changes, keep the view's
                // version of these paths, and report them.
                for (String path : e.conflict().conflicts()) {
                    if (!overwritten.contains(path)) {
                        overwritten.add(path);
                    }
                }
                pull(false);
            } catch (WebApplicationException e) {
                throw notSaved(pathsOf(changes), problemDetail(e), e);
            } catch (RuntimeException e) {
                throw notSaved(pathsOf(changes), "the file system service did not answer: " + message(e), e);
            }
        }
    }

    /** Records {@code current} as what the volume holds under {@code roots}, as of {@code treeVersion}. */
    private void rebase(List<String> roots, Map<String, InMemoryFileSystem.Entry> current, long treeVersion) {
        for (String root : roots) {
            removeBaseUnder(root);
        }
        base.putAll(current);
        syncedTreeVersion = treeVersion;
    }

    private void markClean(Map<String, InMemoryFileSystem.Entry> snapshot, String path, byte[] content) {
        InMemoryFileSystem.Entry e = snapshot.get(path);
        String sha = Hashes.sha256(content);
        try {
            fs.markClean(path, sha, content);
        } catch (FsException ex) {
            // removed since the snapshot; the next commit deletes it
        }
        snapshot.put(
                path,
                new InMemoryFileSystem.Entry(
                        e.path(), e.type(), e.mode(), e.size(), e.mtimeMillis(), e.symlinkTarget(), sha));
    }

    private NotSavedException notSaved(List<String> paths, String reason, Throwable cause) {
        retryAt = System.nanoTime() + RETRY_NANOS;
        LOG.warnf("volume %s: changes not saved (%s): %s", volumeId, reason, paths);
        return new NotSavedException(paths.subList(0, Math.min(NAMED_PATHS, paths.size())), reason, cause);
    }

    private static List<String> pathsOf(List<CommitChange> changes) {
        return changes.stream().map(CommitChange::path).distinct().toList();
    }

    private static String problemDetail(WebApplicationException e) {
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> body = e.getResponse().readEntity(Map.class);
            Object detail = body.get("detail");
            Object limit = body.get("limit");
            return (detail == null ? "HTTP " + e.getResponse().getStatus() : detail.toString())
                    + (limit == null ? "" : " (" + limit + ")");
        } catch (RuntimeException unreadable) {
            return "HTTP " + e.getResponse().getStatus();
        }
    }

    private static String message(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    // ---- applying the volume's changes ----

    /**
     * Brings in what changed in the volume after {@link #version}. With {@code remoteWins} the volume's version of
     * each changed path replaces the view's; otherwise paths the view changed itself keep the view's.
     */
    private void pull(boolean remoteWins) {
        VolumeChanges changes = client.changes(volumeId, version, userId);
        if (!changes.truncated() && changes.changed().isEmpty()) {
            version = changes.version();
            return;
        }
        List<String> roots = changes.truncated() ? List.of("/") : topMost(changes.changed());
        long newest = changes.version();
        for (String root : roots) {
            List<VolumeEntry> remote;
            try {
                VolumeTree subtree = client.tree(volumeId, root, userId);
                remote = subtree.entries();
                newest = Math.max(newest, subtree.version());
            } catch (WebApplicationException e) {
                if (e.getResponse().getStatus() != 404) {
                    throw e;
                }
                remote = List.of();
            }
            try {
                reconcile(root, remote, remoteWins);
            } catch (FsException e) {
                LOG.warnf("volume %s: could not apply a change of the volume at %s: %s", volumeId, e.path(), e.errno());
            }
        }
        version = newest;
    }

    /** Makes the view's subtree at {@code root} match {@code remote}, keeping the view's changes unless told not to. */
    private void reconcile(String root, List<VolumeEntry> remote, boolean remoteWins) throws FsException {
        Map<String, VolumeEntry> remoteByPath = new HashMap<>();
        for (VolumeEntry e : remote) {
            remoteByPath.put(e.path(), e);
        }
        Map<String, InMemoryFileSystem.Entry> local = localUnder(List.of(root));
        Set<String> dirty = new LinkedHashSet<>();
        if (!remoteWins) {
            for (InMemoryFileSystem.Entry e : local.values()) {
                if (!isClean(e, base.get(e.path()))) {
                    dirty.add(e.path());
                }
            }
        }
        // Deletions, deepest first, of entries the volume no longer has.
        List<String> localPaths = new ArrayList<>(local.keySet());
        localPaths.sort(Comparator.reverseOrder());
        for (String path : localPaths) {
            if (!remoteByPath.containsKey(path) && !dirty.contains(path) && !hasDirtyBelow(path, dirty)) {
                removeIfPresent(path);
            }
        }
        ensureParents(root);
        apply(remote, dirty);
        removeBaseUnder(root);
        for (VolumeEntry e : remote) {
            if (!e.path().equals("/")) {
                base.put(e.path(), entryOf(e));
            }
        }
    }

    /** Creates missing directories above {@code path} (the volume has them; their metadata comes with their own change). */
    private void ensureParents(String path) throws FsException {
        String parent = PathNames.parent(path);
        if (path.equals("/") || parent.equals("/") || entryAt(parent) != null) {
            return;
        }
        ensureParents(parent);
        fs.createDirectory(parent, 0755);
    }

    private void apply(List<VolumeEntry> entries, Set<String> skip) throws FsException {
        List<VolumeEntry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparing(VolumeEntry::path));
        List<VolumeEntry> directories = new ArrayList<>();
        for (VolumeEntry e : sorted) {
            if (skip.contains(e.path())) {
                continue;
            }
            put(e);
            if (e.type() == EntryType.DIRECTORY) {
                directories.add(e);
            }
        }
        // Adding children touched the directories; their times come last.
        for (int i = directories.size() - 1; i >= 0; i--) {
            VolumeEntry d = directories.get(i);
            long mtime = millis(d.mtime());
            fs.setTimes(d.path(), mtime, mtime);
        }
    }

    private void put(VolumeEntry e) throws FsException {
        long mtime = millis(e.mtime());
        switch (e.type()) {
            case DIRECTORY -> {
                if (e.path().equals("/")) {
                    fs.setMode("/", e.mode());
                    return;
                }
                InMemoryFileSystem.Entry existing = entryAt(e.path());
                if (existing != null && existing.type() != FileType.DIRECTORY) {
                    fs.delete(e.path());
                    existing = null;
                }
                if (existing == null) {
                    fs.createDirectory(e.path(), e.mode());
                } else {
                    fs.setMode(e.path(), e.mode());
                }
            }
            case SYMLINK -> {
                removeIfPresent(e.path());
                fs.createSymlink(e.path(), e.target());
            }
            case FILE -> {
                InMemoryFileSystem.Entry existing = entryAt(e.path());
                if (existing != null && existing.type() == FileType.DIRECTORY) {
                    removeTree(e.path());
                } else if (existing != null && existing.type() == FileType.SYMLINK) {
                    fs.delete(e.path());
                }
                if (e.content() != null) {
                    fs.addFile(e.path(), e.mode(), mtime, e.content(), e.sha256());
                } else {
                    fs.addLazyFile(e.path(), e.mode(), mtime, e.size(), e.sha256());
                }
            }
        }
    }

    private static boolean hasDirtyBelow(String path, Set<String> dirty) {
        String prefix = path.equals("/") ? "/" : path + "/";
        for (String d : dirty) {
            if (d.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private static InMemoryFileSystem.Entry entryOf(VolumeEntry e) {
        FileType type = switch (e.type()) {
            case DIRECTORY -> FileType.DIRECTORY;
            case SYMLINK -> FileType.SYMLINK;
            case FILE -> FileType.REGULAR;
        };
        return new InMemoryFileSystem.Entry(
                e.path(), type, e.mode(), e.size(), millis(e.mtime()), e.target(), e.sha256());
    }

    private void removeIfPresent(String path) throws FsException {
        InMemoryFileSystem.Entry existing = entryAt(path);
        if (existing == null) {
            return;
        }
        if (existing.type() == FileType.DIRECTORY) {
            removeTree(path);
        } else {
            fs.delete(path);
        }
    }

    private void removeTree(String path) throws FsException {
        for (String name : fs.list(path)) {
            String child = PathNames.join(path, name);
            if (fs.lstat(child).isDirectory()) {
                removeTree(child);
            } else {
                fs.delete(child);
            }
        }
        fs.delete(path);
    }

    private InMemoryFileSystem.Entry entryAt(String path) {
        try {
            var st = fs.lstat(path);
            return new InMemoryFileSystem.Entry(path, st.type(), st.mode(), st.size(), st.mtimeMillis(), null, null);
        } catch (FsException e) {
            return null;
        }
    }

    // ---- computing a commit ----

    /** Whether a view entry is exactly what was synced (directories' times are the volume's business). */
    static boolean isClean(InMemoryFileSystem.Entry now, InMemoryFileSystem.Entry synced) {
        if (synced == null || now.type() != synced.type() || now.mode() != synced.mode()) {
            return false;
        }
        return switch (now.type()) {
            case REGULAR ->
                now.contentId() != null
                        && now.contentId().equals(synced.contentId())
                        && now.mtimeMillis() == synced.mtimeMillis();
            case SYMLINK -> now.symlinkTarget().equals(synced.symlinkTarget());
            default -> true;
        };
    }

    private List<CommitChange> diff(
            Map<String, InMemoryFileSystem.Entry> before,
            Map<String, InMemoryFileSystem.Entry> after,
            Map<String, byte[]> uploaded)
            throws FsException, IOException {
        List<CommitChange> deletes = new ArrayList<>();
        List<CommitChange> creates = new ArrayList<>();
        List<CommitChange> updates = new ArrayList<>();
        Set<String> removed = new LinkedHashSet<>();
        List<String> beforePaths = new ArrayList<>(before.keySet());
        beforePaths.sort(null);
        for (String path : beforePaths) {
            InMemoryFileSystem.Entry was = before.get(path);
            InMemoryFileSystem.Entry now = after.get(path);
            if (now == null || now.type() != was.type()) {
                if (!removed.contains(PathNames.parent(path)) || path.equals("/")) {
                    deletes.add(CommitChange.delete(path, true));
                }
                removed.add(path);
            }
        }
        List<String> afterPaths = new ArrayList<>(after.keySet());
        afterPaths.sort(null);
        for (String path : afterPaths) {
            InMemoryFileSystem.Entry now = after.get(path);
            InMemoryFileSystem.Entry was = removed.contains(path) ? null : before.get(path);
            if (was != null && isClean(now, was)) {
                continue;
            }
            Instant mtime = Instant.ofEpochMilli(now.mtimeMillis());
            switch (now.type()) {
                case DIRECTORY -> {
                    if (was == null) {
                        creates.add(CommitChange.mkdir(path, now.mode()));
                    } else {
                        updates.add(CommitChange.chmod(path, now.mode()));
                    }
                }
                case SYMLINK -> {
                    if (was != null) {
                        creates.add(CommitChange.delete(path, false));
                    }
                    creates.add(CommitChange.symlink(path, now.symlinkTarget()));
                }
                case REGULAR -> {
                    boolean sameContent = was != null
                            && now.contentId() != null
                            && now.contentId().equals(was.contentId());
                    if (sameContent) {
                        if (now.mode() != was.mode()) {
                            updates.add(CommitChange.chmod(path, now.mode()));
                        }
                        if (now.mtimeMillis() != was.mtimeMillis()) {
                            updates.add(CommitChange.utimes(path, mtime));
                        }
                    } else if (now.contentId() != null) {
                        // Moved or copied within the view: the volume already has these bytes.
                        creates.add(CommitChange.writeStored(path, now.contentId(), now.mode(), mtime));
                    } else {
                        byte[] bytes = fs.readContent(path);
                        uploaded.put(path, bytes);
                        if (bytes.length <= INLINE_COMMIT_BYTES) {
                            creates.add(CommitChange.write(path, bytes, now.mode(), mtime));
                        } else {
                            String sha =
                                    client.storeBlob(volumeId, userId, bytes).sha256();
                            creates.add(CommitChange.writeStored(path, sha, now.mode(), mtime));
                        }
                    }
                }
                default -> {}
            }
        }
        List<CommitChange> all = new ArrayList<>(deletes);
        all.addAll(creates);
        all.addAll(updates);
        return all;
    }

    /** The view's entries at and below {@code roots} (the whole tree but its root for "/"). */
    private Map<String, InMemoryFileSystem.Entry> localUnder(List<String> roots) {
        Map<String, InMemoryFileSystem.Entry> map = new HashMap<>();
        for (String root : roots) {
            for (InMemoryFileSystem.Entry e : fs.snapshot(root)) {
                map.put(e.path(), e);
            }
        }
        return map;
    }

    private Map<String, InMemoryFileSystem.Entry> baseUnder(List<String> roots) {
        Map<String, InMemoryFileSystem.Entry> map = new HashMap<>();
        for (String root : roots) {
            if (root.equals("/")) {
                map.putAll(base);
            } else {
                InMemoryFileSystem.Entry e = base.get(root);
                if (e != null) {
                    map.put(root, e);
                }
                map.putAll(descendants(root));
            }
        }
        return map;
    }

    private void removeBaseUnder(String root) {
        if (root.equals("/")) {
            base.clear();
            return;
        }
        base.remove(root);
        descendants(root).clear();
    }

    /** The live part of {@link #base} strictly below {@code root}: from "/a/" up to "/a0", '0' following '/'. */
    private Map<String, InMemoryFileSystem.Entry> descendants(String root) {
        return base.subMap(root + "/", true, root + "0", false);
    }

    private static List<String> topMost(Iterable<String> paths) {
        List<String> sorted = new ArrayList<>();
        paths.forEach(sorted::add);
        sorted = new ArrayList<>(new LinkedHashSet<>(sorted));
        sorted.sort(null);
        List<String> result = new ArrayList<>();
        for (String p : sorted) {
            if (result.stream().noneMatch(r -> isUnder(p, r))) {
                result.add(p);
            }
        }
        return result;
    }

    private static boolean isUnder(String path, String root) {
        return root.equals("/") || path.equals(root) || path.startsWith(root + "/");
    }

    private static long millis(Instant t) {
        return t == null ? 0 : t.toEpochMilli();
    }
}
