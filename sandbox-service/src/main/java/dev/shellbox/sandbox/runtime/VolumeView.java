package dev.shellbox.sandbox.runtime;

import dev.shellbox.sandbox.client.VolumeApi;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FileType;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.fs.PathNames;
import jakarta.ws.rs.WebApplicationException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * A sandbox's working view of its volume: the whole metadata tree in memory, small files' bytes with it, large files
 * fetched on first read. Scripts read and write the view; {@link #refresh()} brings in what changed in vfs-service
 * since (files written through the Files API), {@link #commit()} sends what the scripts changed back in one atomic
 * batch commit. Paths changed on both sides keep the view's version, and the commit reports them.
 */
public final class VolumeView {
    private static final Logger LOG = Logger.getLogger(VolumeView.class);
    /** Files up to this size travel inside the commit; larger ones are uploaded as blobs first. */
    static final int INLINE_COMMIT_BYTES = 64 * 1024;

    private static final int MAX_COMMIT_ATTEMPTS = 3;

    private final String volumeId;
    private final String userId;
    private final VolumeApi api;
    private final InMemoryFileSystem fs;
    private final Object sync = new Object();
    private long version;
    /** The view's state as of {@link #version}: what a path looked like when last synced. */
    private Map<String, InMemoryFileSystem.Entry> base = Map.of();

    /** What a commit did. */
    public record CommitOutcome(long version, int changes, List<String> overwritten) {}

    private VolumeView(String volumeId, String userId, VolumeApi api, int uid, int gid) {
        this.volumeId = volumeId;
        this.userId = userId;
        this.api = api;
        this.fs = new InMemoryFileSystem(
                Clock.systemUTC(), uid, gid, (sha256, size) -> api.content(volumeId, sha256, userId));
    }

    /** Loads the volume's tree. */
    public static VolumeView load(String volumeId, String userId, VolumeApi api, int uid, int gid) {
        VolumeView view = new VolumeView(volumeId, userId, api, uid, gid);
        VolumeApi.Tree tree = api.tree(volumeId, "/", userId);
        try {
            view.apply("/", tree.entries(), Map.of());
        } catch (FsException e) {
            throw new IllegalStateException("volume " + volumeId + " has an inconsistent tree at " + e.path(), e);
        }
        view.version = tree.version();
        view.base = view.snapshotMap();
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
        synchronized (sync) {
            return version;
        }
    }

    /** Brings in what changed in the volume since the view's version; paths the view changed keep its version. */
    public void refresh() {
        synchronized (sync) {
            VolumeApi.Changes changes = api.changes(volumeId, version, userId);
            if (!changes.truncated() && changes.changed().isEmpty()) {
                version = changes.version();
                return;
            }
            List<String> roots = changes.truncated() ? List.of("/") : topMost(changes.changed());
            long newest = changes.version();
            Map<String, InMemoryFileSystem.Entry> local = snapshotMap();
            Map<String, InMemoryFileSystem.Entry> newBase = new HashMap<>(base);
            for (String root : roots) {
                List<VolumeApi.TreeEntry> remote;
                try {
                    VolumeApi.Tree subtree = api.tree(volumeId, root, userId);
                    remote = subtree.entries();
                    newest = Math.max(newest, subtree.version());
                } catch (WebApplicationException e) {
                    if (e.getResponse().getStatus() != 404) {
                        throw e;
                    }
                    remote = List.of();
                }
                try {
                    reconcile(root, remote, local, newBase);
                } catch (FsException e) {
                    LOG.warnf("volume %s: could not apply a remote change at %s: %s", volumeId, e.path(), e.errno());
                }
            }
            base = newBase;
            version = newest;
        }
    }

    /** Sends the view's changes since the last sync; a no-op when nothing changed. */
    public CommitOutcome commit() {
        synchronized (sync) {
            List<String> overwritten = new ArrayList<>();
            for (int attempt = 1; ; attempt++) {
                Map<String, InMemoryFileSystem.Entry> current = snapshotMap();
                Map<String, byte[]> uploaded = new HashMap<>();
                List<VolumeApi.Change> changes;
                try {
                    changes = diff(base, current, uploaded);
                } catch (FsException e) {
                    throw new IllegalStateException("cannot read " + e.path() + " to commit it: " + e.errno(), e);
                }
                if (changes.isEmpty()) {
                    return new CommitOutcome(version, 0, overwritten);
                }
                try {
                    VolumeApi.CommitResponse response =
                            api.commit(volumeId, userId, new VolumeApi.CommitRequest(version, changes));
                    for (Map.Entry<String, byte[]> u : uploaded.entrySet()) {
                        markClean(current, u.getKey(), u.getValue());
                    }
                    base = current;
                    version = response.version();
                    return new CommitOutcome(version, changes.size(), overwritten);
                } catch (WebApplicationException e) {
                    if (e.getResponse().getStatus() != 409 || attempt >= MAX_COMMIT_ATTEMPTS) {
                        throw e;
                    }
                    // These paths changed in the volume after our version too: take the volume's other changes,
                    // keep the view's version of these, and report them.
                    for (String path : conflictingPaths(e)) {
                        if (!overwritten.contains(path)) {
                            overwritten.add(path);
                        }
                    }
                    refresh();
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> conflictingPaths(WebApplicationException e) {
        try {
            Map<String, Object> body = e.getResponse().readEntity(Map.class);
            Object paths = body.get("paths");
            return paths instanceof List<?> list ? (List<String>) list : List.of();
        } catch (RuntimeException unreadable) {
            return List.of();
        }
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

    /** Frees memory held by clean file contents beyond {@code keepBytes}. */
    public void trim(long keepBytes) {
        fs.evictClean(keepBytes);
    }

    // ---- applying remote state ----

    private void apply(String root, List<VolumeApi.TreeEntry> entries, Map<String, InMemoryFileSystem.Entry> skip)
            throws FsException {
        List<VolumeApi.TreeEntry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparing(VolumeApi.TreeEntry::path));
        List<VolumeApi.TreeEntry> directories = new ArrayList<>();
        for (VolumeApi.TreeEntry e : sorted) {
            if (skip.containsKey(e.path())) {
                continue;
            }
            put(e);
            if ("directory".equals(e.type())) {
                directories.add(e);
            }
        }
        // Adding children touched the directories; their times come last.
        for (int i = directories.size() - 1; i >= 0; i--) {
            VolumeApi.TreeEntry d = directories.get(i);
            long mtime = millis(d.mtime());
            fs.setTimes(d.path(), mtime, mtime);
        }
    }

    private void put(VolumeApi.TreeEntry e) throws FsException {
        long mtime = millis(e.mtime());
        switch (e.type()) {
            case "directory" -> {
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
            case "symlink" -> {
                removeIfPresent(e.path());
                fs.createSymlink(e.path(), e.target());
            }
            default -> {
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

    /** Makes the view's subtree at {@code root} match {@code remote}, except for paths the view changed itself. */
    private void reconcile(
            String root,
            List<VolumeApi.TreeEntry> remote,
            Map<String, InMemoryFileSystem.Entry> local,
            Map<String, InMemoryFileSystem.Entry> newBase)
            throws FsException {
        Map<String, VolumeApi.TreeEntry> remoteByPath = new HashMap<>();
        for (VolumeApi.TreeEntry e : remote) {
            remoteByPath.put(e.path(), e);
        }
        Map<String, InMemoryFileSystem.Entry> dirty = new HashMap<>();
        List<String> localPaths = new ArrayList<>();
        for (String path : local.keySet()) {
            if (isUnder(path, root)) {
                localPaths.add(path);
                if (!isClean(local.get(path), base.get(path))) {
                    dirty.put(path, local.get(path));
                }
            }
        }
        // Deletions, deepest first, of clean entries the volume no longer has.
        localPaths.sort(Comparator.reverseOrder());
        for (String path : localPaths) {
            if (!remoteByPath.containsKey(path) && !dirty.containsKey(path) && !hasDirtyBelow(path, dirty)) {
                removeIfPresent(path);
            }
        }
        newBase.keySet().removeIf(path -> isUnder(path, root));
        apply(root, remote, dirty);
        for (VolumeApi.TreeEntry e : remote) {
            newBase.put(e.path(), entryOf(e));
        }
    }

    private static boolean hasDirtyBelow(String path, Map<String, InMemoryFileSystem.Entry> dirty) {
        String prefix = path.equals("/") ? "/" : path + "/";
        for (String d : dirty.keySet()) {
            if (d.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private static InMemoryFileSystem.Entry entryOf(VolumeApi.TreeEntry e) {
        FileType type = switch (e.type()) {
            case "directory" -> FileType.DIRECTORY;
            case "symlink" -> FileType.SYMLINK;
            default -> FileType.REGULAR;
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

    private List<VolumeApi.Change> diff(
            Map<String, InMemoryFileSystem.Entry> before,
            Map<String, InMemoryFileSystem.Entry> after,
            Map<String, byte[]> uploaded)
            throws FsException {
        List<VolumeApi.Change> deletes = new ArrayList<>();
        List<VolumeApi.Change> creates = new ArrayList<>();
        List<VolumeApi.Change> updates = new ArrayList<>();
        Set<String> removed = new LinkedHashSet<>();
        List<String> beforePaths = new ArrayList<>(before.keySet());
        beforePaths.sort(null);
        for (String path : beforePaths) {
            InMemoryFileSystem.Entry was = before.get(path);
            InMemoryFileSystem.Entry now = after.get(path);
            if (now == null || now.type() != was.type()) {
                if (!removed.contains(PathNames.parent(path)) || path.equals("/")) {
                    deletes.add(new VolumeApi.Change("delete", path, null, null, null, null, null, null, true));
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
                        creates.add(
                                new VolumeApi.Change("mkdir", path, null, null, null, null, now.mode(), null, null));
                    } else {
                        updates.add(
                                new VolumeApi.Change("chmod", path, null, null, null, null, now.mode(), null, null));
                    }
                }
                case SYMLINK -> {
                    if (was != null) {
                        creates.add(new VolumeApi.Change("delete", path, null, null, null, null, null, null, false));
                    }
                    creates.add(new VolumeApi.Change(
                            "symlink", path, null, null, null, now.symlinkTarget(), null, null, null));
                }
                case REGULAR -> {
                    boolean sameContent = was != null
                            && now.contentId() != null
                            && now.contentId().equals(was.contentId());
                    if (sameContent) {
                        if (now.mode() != was.mode()) {
                            updates.add(new VolumeApi.Change(
                                    "chmod", path, null, null, null, null, now.mode(), null, null));
                        }
                        if (now.mtimeMillis() != was.mtimeMillis()) {
                            updates.add(
                                    new VolumeApi.Change("utimes", path, null, null, null, null, null, mtime, null));
                        }
                    } else if (now.contentId() != null) {
                        // Moved or copied within the view: the volume already has these bytes.
                        creates.add(new VolumeApi.Change(
                                "write", path, null, now.contentId(), null, null, now.mode(), mtime, null));
                    } else {
                        byte[] bytes = fs.readContent(path);
                        uploaded.put(path, bytes);
                        if (bytes.length <= INLINE_COMMIT_BYTES) {
                            creates.add(new VolumeApi.Change(
                                    "write", path, null, null, bytes, null, now.mode(), mtime, null));
                        } else {
                            String sha = api.storeBlob(volumeId, userId, bytes).sha256();
                            creates.add(new VolumeApi.Change(
                                    "write", path, null, sha, null, null, now.mode(), mtime, null));
                        }
                    }
                }
                default -> {}
            }
        }
        List<VolumeApi.Change> all = new ArrayList<>(deletes);
        all.addAll(creates);
        all.addAll(updates);
        return all;
    }

    private Map<String, InMemoryFileSystem.Entry> snapshotMap() {
        Map<String, InMemoryFileSystem.Entry> map = new HashMap<>();
        for (InMemoryFileSystem.Entry e : fs.snapshot()) {
            map.put(e.path(), e);
        }
        return map;
    }

    private static List<String> topMost(List<String> paths) {
        List<String> sorted = new ArrayList<>(new LinkedHashSet<>(paths));
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
