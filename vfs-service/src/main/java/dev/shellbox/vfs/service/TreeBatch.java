package dev.shellbox.vfs.service;

import dev.shellbox.vfs.domain.ChangeKind;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.FileData;
import dev.shellbox.vfs.domain.Node;
import dev.shellbox.vfs.domain.NodeType;
import dev.shellbox.vfs.domain.StoredContent;
import dev.shellbox.vfs.domain.VfsException;
import dev.shellbox.vfs.domain.VfsPaths;
import dev.shellbox.vfs.repository.ContentRepository;
import dev.shellbox.vfs.repository.NodeRepository;
import io.smallrye.mutiny.Uni;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Many creations in one transaction (mkdir -p, write, symlink: what an archive upload does), with the semantics of
 * {@link TreeMutations} but applied to an in-memory view of the tree and written in a few bulk statements at the end
 * ({@link #flush}). The view holds the entries it looked up, whether they exist or not; entries of paths it has not
 * seen (behind a symlink, say) are read when a resolution reaches them.
 */
final class TreeBatch {
    /** Entries per bulk statement, and paths per lookup. */
    static final int ROWS_PER_STATEMENT = 1000;

    private final Mutation m;
    private final NodeRepository nodes;
    private final ContentRepository contents;
    /** Entries by path as this transaction sees them; a null value: known not to exist. */
    private final Map<String, Node> known = new HashMap<>();

    private final Map<String, Node> created = new LinkedHashMap<>();
    private final Map<String, Node> overwritten = new LinkedHashMap<>();
    private final List<StoredContent> registered = new ArrayList<>();

    TreeBatch(Mutation m, NodeRepository nodes, ContentRepository contents) {
        this.m = m;
        this.nodes = nodes;
        this.contents = contents;
    }

    /** Reads the entries at these paths and every ancestor of them, so that resolving them needs no more queries. */
    Uni<Void> prefetch(Collection<String> paths) {
        Set<String> lineages = new LinkedHashSet<>();
        for (String path : paths) {
            lineages.addAll(VfsPaths.lineage(path));
        }
        return find(List.copyOf(lineages)).replaceWithVoid();
    }

    /** The existing entries among the paths of a lineage, looking up those not seen yet. */
    private Uni<List<Node>> find(List<String> paths) {
        List<String> unseen = new ArrayList<>();
        for (String path : paths) {
            if (!known.containsKey(path)) {
                unseen.add(path);
            }
        }
        Uni<Void> looked = Uni.createFrom().voidItem();
        for (int from = 0; from < unseen.size(); from += ROWS_PER_STATEMENT) {
            List<String> page = unseen.subList(from, Math.min(unseen.size(), from + ROWS_PER_STATEMENT));
            looked = looked.chain(() -> nodes.findPathsUnmanaged(m.tree(), page).invoke(found -> {
                        for (String path : page) {
                            known.put(path, null);
                        }
                        for (Node n : found) {
                            known.put(n.path, n);
                        }
                    }))
                    .replaceWithVoid();
        }
        return looked.map(x -> {
            List<Node> found = new ArrayList<>();
            for (String path : paths) {
                Node n = known.get(path);
                if (n != null) {
                    found.add(n);
                }
            }
            return found;
        });
    }

    private Uni<Resolution> resolve(String path, boolean followLast) {
        return TreeMutations.resolve(this::find, path, followLast);
    }

    /** mkdir -p; see {@link TreeMutations#mkdir}. */
    Uni<Void> mkdir(String path, Integer mode) {
        return resolve(path, true)
                .invoke(r -> {
                    if (r.exists()) {
                        if (r.node().isDirectory()) {
                            return;
                        }
                        throw new VfsException(Errno.EEXIST, path);
                    }
                    createParents(r);
                    Node dir = TreeMutations.newNode(
                            m, r.path(), NodeType.DIRECTORY, mode == null ? TreeMutations.DIRECTORY_MODE : mode);
                    create(dir);
                    m.changed(r.path(), ChangeKind.MKDIR);
                })
                .replaceWithVoid();
    }

    /** Writes a regular file, creating missing parents; see {@link TreeMutations#writeFile}. */
    Uni<Void> writeFile(String path, FileData data, Integer mode, Instant mtime) {
        m.limits.checkFileSize(path, data.size());
        return resolve(path, true)
                .invoke(r -> {
                    if (r.exists() && r.node().isDirectory()) {
                        throw new VfsException(Errno.EISDIR, path);
                    }
                    createParents(r);
                    if (data instanceof FileData.Stored stored) {
                        m.uploads.add(stored.content().uploadId());
                        registered.add(stored.content());
                    }
                    Node n = TreeMutations.writtenNode(m, r, data, mode, mtime);
                    if (!r.exists()) {
                        create(n);
                    } else if (n.id != null) {
                        overwritten.put(n.path, n);
                    }
                })
                .replaceWithVoid();
    }

    /** ln -s; see {@link TreeMutations#symlink}. */
    Uni<Void> symlink(String path, String target) {
        TreeMutations.checkTarget(path, target);
        return resolve(path, false)
                .invoke(r -> {
                    if (r.exists()) {
                        throw new VfsException(Errno.EEXIST, path);
                    }
                    if (!r.parentExists()) {
                        throw new VfsException(Errno.ENOENT, VfsPaths.parent(r.path()));
                    }
                    Node link = TreeMutations.newNode(m, r.path(), NodeType.SYMLINK, 0777);
                    link.target = target;
                    link.size = target.getBytes(StandardCharsets.UTF_8).length;
                    create(link);
                    m.changed(r.path(), ChangeKind.WRITE);
                })
                .replaceWithVoid();
    }

    private void createParents(Resolution r) {
        if (r.parentExists()) {
            return;
        }
        List<String> lineage = VfsPaths.lineage(r.path());
        int from = lineage.indexOf(r.firstMissing());
        for (String dir : lineage.subList(from, lineage.size() - 1)) {
            create(TreeMutations.newNode(m, dir, NodeType.DIRECTORY, TreeMutations.DIRECTORY_MODE));
            m.changed(dir, ChangeKind.MKDIR);
        }
    }

    private void create(Node n) {
        known.put(n.path, n);
        created.put(n.path, n);
    }

    /**
     * Writes what the batch did: registers the stored contents its files reference, inserts the new entries (parents
     * before children, as they were created) and updates the overwritten files, {@link #ROWS_PER_STATEMENT} rows a
     * statement.
     */
    Uni<Void> flush() {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (StoredContent stored : registered) {
            chain = chain.chain(() -> contents.register(stored));
        }
        List<Node> inserts = List.copyOf(created.values());
        for (int from = 0; from < inserts.size(); from += ROWS_PER_STATEMENT) {
            List<Node> rows = inserts.subList(from, Math.min(inserts.size(), from + ROWS_PER_STATEMENT));
            chain = chain.chain(() -> nodes.insertAll(m.tree(), m.version(), rows))
                    .replaceWithVoid();
        }
        List<Node> updates = List.copyOf(overwritten.values());
        for (int from = 0; from < updates.size(); from += ROWS_PER_STATEMENT) {
            List<Node> rows = updates.subList(from, Math.min(updates.size(), from + ROWS_PER_STATEMENT));
            chain = chain.chain(() -> nodes.updateFiles(m.tree(), m.version(), rows))
                    .replaceWithVoid();
        }
        return chain;
    }
}
