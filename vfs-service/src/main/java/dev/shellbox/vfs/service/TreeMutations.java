package dev.shellbox.vfs.service;

import dev.shellbox.vfs.domain.ChangeKind;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.FileData;
import dev.shellbox.vfs.domain.Node;
import dev.shellbox.vfs.domain.NodeType;
import dev.shellbox.vfs.domain.VfsException;
import dev.shellbox.vfs.domain.VfsPaths;
import dev.shellbox.vfs.repository.ChangeRepository;
import dev.shellbox.vfs.repository.ChunkRepository;
import dev.shellbox.vfs.repository.ContentRepository;
import dev.shellbox.vfs.repository.NodeRepository;
import dev.shellbox.vfs.repository.VolumeRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The file system operations on a volume's tree, run inside the caller's transaction ({@link Mutation}). Each
 * resolves its paths (following symlinks the way Linux does for that operation), checks what POSIX checks, changes
 * the nodes, and logs the paths it touched. Reference counts and volume totals follow in the database.
 */
@ApplicationScoped
class TreeMutations {
    static final int MAX_SYMLINK_HOPS = 40;
    static final int DIRECTORY_MODE = 0755;
    static final int FILE_MODE = 0644;
    static final int MAX_TARGET_BYTES = 4096;

    private final NodeRepository nodes;
    private final VolumeRepository volumes;
    private final ContentRepository contents;
    private final ChunkRepository chunks;
    private final ChangeRepository changes;

    TreeMutations(
            NodeRepository nodes,
            VolumeRepository volumes,
            ContentRepository contents,
            ChunkRepository chunks,
            ChangeRepository changes) {
        this.nodes = nodes;
        this.volumes = volumes;
        this.contents = contents;
        this.chunks = chunks;
        this.changes = changes;
    }

    // ---- lookups ----

    /** Resolves a path, following symlinks in every component but the last unless {@code followLast}. */
    Uni<Resolution> resolve(String tree, String path, boolean followLast) {
        return resolve(lineage -> nodes.findPaths(tree, lineage), path, followLast, 0);
    }

    /** {@link #resolve(String, String, boolean)} against the entries {@code finder} gives for a lineage. */
    static Uni<Resolution> resolve(Function<List<String>, Uni<List<Node>>> finder, String path, boolean followLast) {
        return resolve(finder, path, followLast, 0);
    }

    private static Uni<Resolution> resolve(
            Function<List<String>, Uni<List<Node>>> finder, String path, boolean followLast, int hops) {
        List<String> lineage = VfsPaths.lineage(path);
        return finder.apply(lineage).flatMap(found -> {
            Map<String, Node> byPath = new HashMap<>();
            for (Node n : found) {
                byPath.put(n.path, n);
            }
            for (int i = 1; i < lineage.size(); i++) {
                String here = lineage.get(i);
                Node n = byPath.get(here);
                boolean last = i == lineage.size() - 1;
                if (n == null) {
                    Node parent = last ? byPath.get(lineage.get(i - 1)) : null;
                    return Uni.createFrom().item(new Resolution(path, null, parent, here));
                }
                if (n.isSymlink() && (!last || followLast)) {
                    if (hops >= MAX_SYMLINK_HOPS) {
                        return Uni.createFrom().failure(new VfsException(Errno.ELOOP, path));
                    }
                    String target = VfsPaths.resolveTarget(here, n.target);
                    String rest = VfsPaths.relativize(path, here);
                    String next = rest.isEmpty() ? target : VfsPaths.join(target, rest);
                    return resolve(finder, next, followLast, hops + 1);
                }
                if (!last && !n.isDirectory()) {
                    return Uni.createFrom().failure(new VfsException(Errno.ENOTDIR, here));
                }
            }
            Node node = byPath.get(path);
            Node parent = path.equals(VfsPaths.ROOT) ? null : byPath.get(VfsPaths.parent(path));
            return Uni.createFrom().item(new Resolution(path, node, parent, node == null ? path : null));
        });
    }

    // ---- operations ----

    /** Creates the missing directories above a resolved path (mkdir -p of its parent). */
    Uni<Void> createParents(Mutation m, Resolution r) {
        if (r.parentExists()) {
            return Uni.createFrom().voidItem();
        }
        List<String> lineage = VfsPaths.lineage(r.path());
        int from = lineage.indexOf(r.firstMissing());
        List<String> missing = lineage.subList(from, lineage.size() - 1);
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (String dir : missing) {
            chain = chain.chain(() -> nodes.persist(newNode(m, dir, NodeType.DIRECTORY, DIRECTORY_MODE))
                    .invoke(() -> m.changed(dir, ChangeKind.MKDIR))
                    .replaceWithVoid());
        }
        return chain;
    }

    /**
     * Writes a regular file: replaces the bytes of an existing file (keeping its mode unless one is given), or creates
     * it. A symlink is followed. {@code expectedSha256}, when set, must be the file's current hash, or empty when the
     * file must not exist (compare-and-swap).
     */
    Uni<Node> writeFile(
            Mutation m, String path, FileData data, Integer mode, boolean createParents, String expectedSha256) {
        return writeFile(m, path, data, mode, createParents, expectedSha256, null);
    }

    /** {@link #writeFile} with the file's modification time ({@code null}: now), set in the same step. */
    Uni<Node> writeFile(
            Mutation m,
            String path,
            FileData data,
            Integer mode,
            boolean createParents,
            String expectedSha256,
            Instant mtime) {
        m.limits.checkFileSize(path, data.size());
        return resolve(m.tree(), path, true).flatMap(r -> {
            if (r.exists() && r.node().isDirectory()) {
                throw new VfsException(Errno.EISDIR, path);
            }
            if (expectedSha256 != null) {
                boolean unchanged =
                        expectedSha256.isEmpty() ? !r.exists() : r.exists() && expectedSha256.equals(r.node().sha256);
                if (!unchanged) {
                    throw new ConcurrentChangeException(path);
                }
            }
            if (!r.parentExists() && !createParents) {
                throw new VfsException(Errno.ENOENT, VfsPaths.parent(r.path()));
            }
            return createParents(m, r).chain(() -> register(m, data)).chain(() -> {
                Node n = writtenNode(m, r, data, mode, mtime);
                return r.exists() ? Uni.createFrom().item(n) : nodes.persist(n);
            });
        });
    }

    /**
     * Appends small bytes to a file inside the transaction (the volume is locked, so no other write interleaves), when
     * the result stays inline: to an inline file, or to a missing one (created). Null when the file's content is
     * chunked or would grow past {@code inlineThreshold}: the caller appends outside the transaction then.
     */
    Uni<Node> appendInline(Mutation m, String path, byte[] bytes, int inlineThreshold) {
        return resolve(m.tree(), path, true).flatMap(r -> {
            if (r.exists() && r.node().isDirectory()) {
                throw new VfsException(Errno.EISDIR, path);
            }
            if (r.exists() && (r.node().contentHash != null || r.node().size + bytes.length > inlineThreshold)) {
                return Uni.createFrom().nullItem();
            }
            byte[] old = r.exists() && r.node().inlineData != null ? r.node().inlineData : new byte[0];
            byte[] joined = new byte[old.length + bytes.length];
            System.arraycopy(old, 0, joined, 0, old.length);
            System.arraycopy(bytes, 0, joined, old.length, bytes.length);
            FileData data = new FileData.Inline(joined, FileService.sha256(joined));
            m.bytesWritten -= old.length;
            return writeFile(m, path, data, null, true, null);
        });
    }

    private Uni<Void> register(Mutation m, FileData data) {
        if (data instanceof FileData.Stored stored) {
            m.uploads.add(stored.content().uploadId());
            return contents.register(stored.content());
        }
        return Uni.createFrom().voidItem();
    }

    /** mkdir, or mkdir -p when {@code parents}; the directory (existing ones too with -p). */
    Uni<Node> mkdir(Mutation m, String path, boolean parents, Integer mode) {
        return resolve(m.tree(), path, true).flatMap(r -> {
            if (r.exists()) {
                if (r.node().isDirectory() && parents) {
                    return Uni.createFrom().item(r.node());
                }
                throw new VfsException(Errno.EEXIST, path);
            }
            if (!r.parentExists() && !parents) {
                throw new VfsException(Errno.ENOENT, VfsPaths.parent(r.path()));
            }
            return createParents(m, r).chain(() -> {
                Node dir = newNode(m, r.path(), NodeType.DIRECTORY, mode == null ? DIRECTORY_MODE : mode);
                m.changed(r.path(), ChangeKind.MKDIR);
                return nodes.persist(dir);
            });
        });
    }

    /** ln -s target path. */
    Uni<Node> symlink(Mutation m, String path, String target) {
        checkTarget(path, target);
        return resolve(m.tree(), path, false).flatMap(r -> {
            if (r.exists()) {
                throw new VfsException(Errno.EEXIST, path);
            }
            if (!r.parentExists()) {
                throw new VfsException(Errno.ENOENT, VfsPaths.parent(r.path()));
            }
            Node link = newNode(m, r.path(), NodeType.SYMLINK, 0777);
            link.target = target;
            link.size = target.getBytes(StandardCharsets.UTF_8).length;
            m.changed(r.path(), ChangeKind.WRITE);
            return nodes.persist(link);
        });
    }

    static void checkTarget(String path, String target) {
        if (target == null
                || target.isEmpty()
                || target.indexOf('\0') >= 0
                || target.getBytes(StandardCharsets.UTF_8).length > MAX_TARGET_BYTES) {
            throw new VfsException(Errno.EINVAL, path, "a symlink target must be 1 to 4096 bytes without NUL");
        }
    }

    /** rm (or rm -r when {@code recursive}); a symlink itself is removed, not its target. */
    Uni<Void> remove(Mutation m, String path, boolean recursive) {
        if (path.equals(VfsPaths.ROOT)) {
            throw new VfsException(Errno.EBUSY, path, "the root of a volume cannot be removed");
        }
        return resolve(m.tree(), path, false).flatMap(r -> {
            if (!r.exists()) {
                throw new VfsException(Errno.ENOENT, path);
            }
            Uni<Boolean> blocked = r.node().isDirectory() && !recursive
                    ? nodes.hasChildren(m.tree(), r.path())
                    : Uni.createFrom().item(false);
            return blocked.flatMap(notEmpty -> {
                if (notEmpty) {
                    throw new VfsException(Errno.ENOTEMPTY, path);
                }
                m.changed(r.path(), ChangeKind.REMOVE);
                return nodes.deleteSubtree(m.tree(), r.path()).replaceWithVoid();
            });
        });
    }

    /**
     * rename(2): moves an entry and its subtree in one statement. An existing destination is replaced when
     * {@code overwrite} and the types allow it (a file replaces a file, a directory an empty directory).
     */
    Uni<Void> rename(Mutation m, String from, String to, boolean overwrite) {
        if (from.equals(VfsPaths.ROOT) || to.equals(VfsPaths.ROOT)) {
            throw new VfsException(Errno.EBUSY, VfsPaths.ROOT, "the root of a volume cannot be moved or replaced");
        }
        return resolve(m.tree(), from, false)
                .flatMap(src -> resolve(m.tree(), to, false).flatMap(dst -> {
                    if (!src.exists()) {
                        throw new VfsException(Errno.ENOENT, from);
                    }
                    if (!dst.parentExists()) {
                        throw new VfsException(Errno.ENOENT, VfsPaths.parent(dst.path()));
                    }
                    if (src.path().equals(dst.path())) {
                        return Uni.createFrom().voidItem();
                    }
                    if (VfsPaths.isBelow(dst.path(), src.path())) {
                        throw new VfsException(Errno.EINVAL, to, "cannot move a directory into itself");
                    }
                    return clearDestination(m, src, dst, to, overwrite, true)
                            .chain(() -> nodes.moveSubtree(m.tree(), src.path(), dst.path(), m.version()))
                            .invoke(() -> {
                                m.changed(src.path(), ChangeKind.REMOVE);
                                m.changed(dst.path(), ChangeKind.WRITE);
                            })
                            .replaceWithVoid();
                }));
    }

    /** cp -r: copies an entry and its subtree, sharing content. Symlinks are copied as symlinks. */
    Uni<Void> copy(Mutation m, String from, String to, boolean overwrite) {
        if (to.equals(VfsPaths.ROOT)) {
            throw new VfsException(Errno.EEXIST, to);
        }
        return resolve(m.tree(), from, false)
                .flatMap(src -> resolve(m.tree(), to, false).flatMap(dst -> {
                    if (!src.exists()) {
                        throw new VfsException(Errno.ENOENT, from);
                    }
                    if (!dst.parentExists()) {
                        throw new VfsException(Errno.ENOENT, VfsPaths.parent(dst.path()));
                    }
                    if (VfsPaths.isWithin(dst.path(), src.path())) {
                        throw new VfsException(Errno.EINVAL, to, "cannot copy a directory into itself");
                    }
                    return clearDestination(m, src, dst, to, overwrite, false)
                            .chain(() ->
                                    nodes.copySubtree(m.tree(), src.path(), m.tree(), dst.path(), m.version(), true))
                            .invoke(() -> m.changed(dst.path(), ChangeKind.WRITE))
                            .replaceWithVoid();
                }));
    }

    /**
     * Makes room at a move or copy destination. A move replaces like rename(2) (a directory only an empty one); a copy
     * replaces only a file with a file.
     */
    private Uni<Void> clearDestination(
            Mutation m, Resolution src, Resolution dst, String to, boolean overwrite, boolean renaming) {
        if (!dst.exists()) {
            return Uni.createFrom().voidItem();
        }
        if (!overwrite) {
            throw new VfsException(Errno.EEXIST, to);
        }
        boolean srcDir = src.node().isDirectory();
        boolean dstDir = dst.node().isDirectory();
        if (srcDir && !dstDir) {
            throw new VfsException(Errno.ENOTDIR, to);
        }
        if (!srcDir && dstDir) {
            throw new VfsException(Errno.EISDIR, to);
        }
        if (dstDir) {
            if (!renaming) {
                throw new VfsException(Errno.EEXIST, to);
            }
            return nodes.hasChildren(m.tree(), dst.path()).flatMap(notEmpty -> {
                if (notEmpty) {
                    throw new VfsException(Errno.ENOTEMPTY, to);
                }
                return nodes.deleteSubtree(m.tree(), dst.path()).replaceWithVoid();
            });
        }
        return nodes.deleteSubtree(m.tree(), dst.path()).replaceWithVoid();
    }

    /** chmod (follows a symlink). */
    Uni<Node> chmod(Mutation m, String path, int mode) {
        if (mode < 0 || mode > 07777) {
            throw new VfsException(Errno.EINVAL, path, "mode must be between 0 and 07777");
        }
        return existing(m, path, true).map(n -> {
            n.mode = mode;
            n.ctime = m.now;
            n.version = m.version();
            m.changed(n.path, ChangeKind.ATTRIBUTES);
            return n;
        });
    }

    /** Sets the modification time (follows a symlink). */
    Uni<Node> utimes(Mutation m, String path, Instant mtime) {
        return existing(m, path, true).map(n -> {
            n.mtime = mtime;
            n.ctime = m.now;
            n.version = m.version();
            m.changed(n.path, ChangeKind.ATTRIBUTES);
            return n;
        });
    }

    private Uni<Node> existing(Mutation m, String path, boolean followLast) {
        return resolve(m.tree(), path, followLast).map(r -> {
            if (!r.exists()) {
                throw new VfsException(Errno.ENOENT, path);
            }
            return r.node();
        });
    }

    /**
     * Ends a mutation inside its transaction: checks the volume's limits against the totals the database computed,
     * logs the touched paths, and drops the chunk claims of the uploads it committed.
     */
    Uni<Void> finish(Mutation m) {
        return volumes.totals(m.tree())
                .invoke(after ->
                        m.limits.checkTotals(m.lastPath, m.volume.entries(), after[0], m.volume.bytes(), after[1]))
                .chain(() -> changes.record(m.tree(), m.version(), m.changes))
                .chain(() -> releaseClaims(m, 0));
    }

    private Uni<Void> releaseClaims(Mutation m, int index) {
        if (index >= m.uploads.size()) {
            return Uni.createFrom().voidItem();
        }
        return chunks.releaseClaims(m.uploads.get(index)).chain(() -> releaseClaims(m, index + 1));
    }

    /**
     * The file at {@code r} (the existing node, or a new one) holding {@code data}, its change recorded in {@code m};
     * not yet saved.
     */
    static Node writtenNode(Mutation m, Resolution r, FileData data, Integer mode, Instant mtime) {
        Node n = r.exists() ? r.node() : newNode(m, r.path(), NodeType.FILE, FILE_MODE);
        n.size = data.size();
        n.sha256 = data.sha256();
        n.inlineData = data instanceof FileData.Inline inline ? inline.bytes() : null;
        n.contentHash = data instanceof FileData.Inline ? null : data.sha256();
        n.mtime = mtime == null ? m.now : mtime;
        n.ctime = m.now;
        n.version = m.version();
        if (mode != null) {
            n.mode = mode;
        }
        m.changed(r.path(), ChangeKind.WRITE);
        m.bytesWritten += data.size();
        return n;
    }

    static Node newNode(Mutation m, String path, NodeType type, int mode) {
        Node n = new Node();
        n.tree = m.tree();
        n.path = path;
        n.parent = VfsPaths.parent(path);
        n.name = VfsPaths.name(path);
        n.type = type;
        n.mode = mode;
        n.mtime = m.now;
        n.ctime = m.now;
        n.version = m.version();
        return n;
    }
}
