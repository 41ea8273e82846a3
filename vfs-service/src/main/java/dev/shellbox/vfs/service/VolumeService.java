package dev.shellbox.vfs.service;

import dev.shellbox.contracts.volume.VolumeChanges;
import dev.shellbox.contracts.volume.VolumeEntry;
import dev.shellbox.contracts.volume.VolumeTree;
import dev.shellbox.vfs.domain.Caller;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.FileRead;
import dev.shellbox.vfs.domain.Node;
import dev.shellbox.vfs.domain.NodeInfo;
import dev.shellbox.vfs.domain.NodeType;
import dev.shellbox.vfs.domain.StoredContent;
import dev.shellbox.vfs.domain.VfsException;
import dev.shellbox.vfs.domain.VfsPaths;
import dev.shellbox.vfs.domain.VolumeInfo;
import dev.shellbox.vfs.repository.ChangeRepository;
import dev.shellbox.vfs.repository.ChunkRepository;
import dev.shellbox.vfs.repository.ContentRepository;
import dev.shellbox.vfs.repository.NodeRepository;
import dev.shellbox.vfs.repository.VolumeRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** Volumes as wholes: creation, destruction, and what sandbox-service reads to keep its working view coherent. */
@ApplicationScoped
public class VolumeService {
    private static final Pattern VOLUME_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
    private static final int TREE_PAGE = 2000;

    /** The directories of a new volume and their modes. */
    private static final List<Object[]> LAYOUT = List.of(
            new Object[] {"/", 0755},
            new Object[] {"/workspace", 0755},
            new Object[] {"/home", 0755},
            new Object[] {"/home/user", 0755},
            new Object[] {"/tmp", 01777});

    private final VolumeRepository volumes;
    private final NodeRepository nodes;
    private final ContentRepository contents;
    private final ChunkRepository chunks;
    private final ChangeRepository changes;
    private final int maxChangedPaths;

    public VolumeService(
            VolumeRepository volumes,
            NodeRepository nodes,
            ContentRepository contents,
            ChunkRepository chunks,
            ChangeRepository changes,
            dev.shellbox.vfs.config.VfsConfig config) {
        this.volumes = volumes;
        this.nodes = nodes;
        this.contents = contents;
        this.chunks = chunks;
        this.changes = changes;
        this.maxChangedPaths = config.changes().maxPaths();
    }

    /** What {@link #create} did. */
    public record Created(VolumeInfo volume, boolean created) {}

    /** Validates a volume id: letters, digits, '.', '_' and '-', at most 128 characters. */
    public static String checkId(String volumeId) {
        if (volumeId == null || !VOLUME_ID.matcher(volumeId).matches()) {
            throw new VfsException(
                    Errno.EINVAL,
                    null,
                    "a volume id is 1 to 128 letters, digits, '.', '_' or '-', starting with a letter or digit");
        }
        return volumeId;
    }

    /**
     * Creates an empty volume with /workspace, /home/user and /tmp; creating one that exists for the same user again
     * is not an error. Blocking.
     */
    public Created create(String volumeId, String userId) {
        return Await.transaction(() -> insert(volumeId, userId));
    }

    @WithTransaction
    Uni<Created> insert(String volumeId, String userId) {
        checkId(volumeId);
        if (userId == null || userId.isBlank()) {
            throw new VfsException(Errno.EINVAL, null, "userId is required");
        }
        return volumes.insertIfAbsent(volumeId, userId, 1).flatMap(inserted -> {
            if (!inserted) {
                return volumes.findById(volumeId).map(v -> {
                    if (!v.userId.equals(userId)) {
                        throw new VfsException(
                                Errno.EEXIST, null, "volume " + volumeId + " exists and belongs to another user");
                    }
                    return new Created(VolumeInfo.of(v), false);
                });
            }
            Instant now = Instant.now();
            Uni<Void> chain = Uni.createFrom().voidItem();
            for (Object[] dir : LAYOUT) {
                Node n = new Node();
                n.tree = volumeId;
                n.path = (String) dir[0];
                n.parent = VfsPaths.parent(n.path);
                n.name = VfsPaths.name(n.path);
                n.type = NodeType.DIRECTORY;
                n.mode = (Integer) dir[1];
                n.mtime = now;
                n.ctime = now;
                n.version = 1;
                chain = chain.chain(() -> nodes.persist(n).replaceWithVoid());
            }
            return chain.chain(() -> volumes.totals(volumeId))
                    .map(t -> new Created(new VolumeInfo(volumeId, userId, 1, t[0], t[1]), true));
        });
    }

    /** A volume's owner, version and totals. Blocking. */
    public VolumeInfo info(String volumeId) {
        return Await.result(() -> find(volumeId));
    }

    @WithSession
    Uni<VolumeInfo> find(String volumeId) {
        return volumes.findById(volumeId).map(v -> {
            if (v == null) {
                throw TreeService.volumeMissing(volumeId);
            }
            return VolumeInfo.of(v);
        });
    }

    /**
     * Deletes a volume's metadata: its entries, snapshots, change log and blob claims. References go without
     * refreshing the contents' release time (nothing reads a destroyed volume), so that the collector can delete at
     * once what only this volume used. The contents it referenced, for the collector; empty when it did not exist.
     */
    @WithTransaction
    public Uni<List<String>> destroyMetadata(String volumeId) {
        return nodes.getSession()
                .flatMap(s -> s.createNativeQuery("SELECT set_config('vfs.quiet_release', 'on', true)", String.class)
                        .getSingleResult()
                        .chain(() -> s.createNativeQuery(
                                        "SELECT id FROM volume WHERE id = :id FOR UPDATE", String.class)
                                .setParameter("id", volumeId)
                                .getResultList())
                        .flatMap(found -> found.isEmpty()
                                ? Uni.createFrom().item(List.<String>of())
                                : s.createNativeQuery(
                                                "SELECT DISTINCT content_hash FROM node WHERE content_hash IS NOT NULL"
                                                        + " AND (tree = :id OR tree IN (SELECT 'snapshot:' || id FROM"
                                                        + " snapshot WHERE volume_id = :id)) UNION SELECT"
                                                        + " content_hash FROM blob_claim WHERE volume_id = :id",
                                                String.class)
                                        .setParameter("id", volumeId)
                                        .getResultList()
                                        .call(() -> s.createNativeQuery("DELETE FROM node WHERE tree = :id OR tree IN"
                                                        + " (SELECT 'snapshot:' || id FROM snapshot WHERE volume_id ="
                                                        + " :id)")
                                                .setParameter("id", volumeId)
                                                .executeUpdate())
                                        .call(() -> s.createNativeQuery("DELETE FROM snapshot WHERE volume_id = :id")
                                                .setParameter("id", volumeId)
                                                .executeUpdate())
                                        .call(() -> changes.deleteVolume(volumeId))
                                        .call(() -> contents.deleteClaims(volumeId))
                                        .call(() -> s.createNativeQuery("DELETE FROM volume WHERE id = :id")
                                                .setParameter("id", volumeId)
                                                .executeUpdate())));
    }

    /**
     * Forgets the oldest changes of volumes whose log grew past twice {@code retain} versions, keeping the last
     * {@code retain}; feeds and commits based on older versions then answer "truncated" and "conflict". How many
     * volumes were trimmed.
     */
    @WithTransaction
    public Uni<Integer> trimChangeLogs(long retain, int maxVolumes) {
        return volumes.raiseChangeFloors(retain, maxVolumes)
                .flatMap(raised -> Multi.createFrom()
                        .iterable(raised)
                        .onItem()
                        .transformToUniAndConcatenate(
                                row -> changes.trim((String) row[0], ((Number) row[1]).longValue()))
                        .collect()
                        .asList()
                        .map(List::size));
    }

    // ---- what sandbox-service reads ----

    /**
     * Every entry under {@code path} (the path itself included) with small files' bytes, read in one repeatable-read
     * transaction so that the entries are exactly those of {@code version}. Blocking.
     */
    public VolumeTree tree(String volumeId, String rawPath, Caller caller) {
        return Await.result(() -> readTree(volumeId, rawPath, caller));
    }

    @WithTransaction
    Uni<VolumeTree> readTree(String volumeId, String rawPath, Caller caller) {
        String path = VfsPaths.normalize(rawPath == null ? "/" : rawPath);
        return volumes.getSession()
                .flatMap(s -> s.createNativeQuery("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                        .executeUpdate())
                .chain(() -> volumes.findById(volumeId))
                .flatMap(v -> {
                    if (v == null || !caller.mayUse(v)) {
                        throw TreeService.volumeMissing(volumeId);
                    }
                    return treePages(volumeId, path, null, new ArrayList<>())
                            .map(entries -> new VolumeTree(volumeId, path, v.version, entries));
                });
    }

    private Uni<List<VolumeEntry>> treePages(String volumeId, String path, String after, List<VolumeEntry> acc) {
        return nodes.subtreeNodes(volumeId, path, after, TREE_PAGE).flatMap(page -> {
            for (Node n : page) {
                acc.add(n.toEntry());
            }
            if (page.size() < TREE_PAGE) {
                return Uni.createFrom().item(acc);
            }
            String last = page.get(page.size() - 1).path;
            return nodes.getSession().invoke(s -> s.clear()).chain(() -> treePages(volumeId, path, last, acc));
        });
    }

    /**
     * The paths changed after version {@code since}, oldest change first. A changed directory path may stand for its
     * whole subtree (a removal, a move, a restore). {@code truncated} means the log does not reach back to
     * {@code since} or holds too many changes: reload the tree. Blocking.
     */
    public VolumeChanges changes(String volumeId, long since, Caller caller) {
        return Await.result(() -> readChanges(volumeId, since, caller));
    }

    @WithSession
    Uni<VolumeChanges> readChanges(String volumeId, long since, Caller caller) {
        return volumes.findById(volumeId).flatMap(v -> {
            if (v == null || !caller.mayUse(v)) {
                throw TreeService.volumeMissing(volumeId);
            }
            if (since > v.version || since < 0) {
                throw new VfsException(
                        Errno.EINVAL, null, "since must be between 0 and the current version " + v.version);
            }
            if (since < v.changesFloor) {
                return Uni.createFrom().item(new VolumeChanges(v.version, List.of(), true));
            }
            return changes.since(volumeId, since, maxChangedPaths + 1).map(entries -> {
                Set<String> paths = new LinkedHashSet<>();
                for (ChangeRepository.Entry e : entries) {
                    paths.add(e.path());
                }
                boolean truncated = entries.size() > maxChangedPaths;
                return new VolumeChanges(v.version, truncated ? List.of() : List.copyOf(paths), truncated);
            });
        });
    }

    /**
     * Opens the bytes of a content hash that the volume references (a file of it has these bytes, or it uploaded them
     * as a blob). Blocking.
     */
    public FileRead contentOf(String volumeId, String sha256, Caller caller) {
        return Await.result(() -> openContent(volumeId, sha256, caller));
    }

    @WithSession
    Uni<FileRead> openContent(String volumeId, String sha256, Caller caller) {
        return volumes.findById(volumeId).flatMap(v -> {
            if (v == null || !caller.mayUse(v)) {
                throw TreeService.volumeMissing(volumeId);
            }
            return nodes.anyWithSha256(volumeId, sha256).flatMap(n -> {
                if (n != null && n.contentHash == null) {
                    byte[] bytes = n.inlineData == null ? new byte[0] : n.inlineData;
                    return Uni.createFrom().item(new FileRead(NodeInfo.of(n), bytes, null, 0, v.userId));
                }
                Uni<Boolean> referenced =
                        n != null ? Uni.createFrom().item(true) : contents.isClaimedBy(volumeId, sha256);
                return referenced.flatMap(ok -> {
                    if (!ok) {
                        throw new VfsException(
                                Errno.ENOENT, null, "volume " + volumeId + " references no content " + sha256);
                    }
                    return contents.findById(sha256).map(c -> {
                        if (c == null) {
                            throw new VfsException(Errno.ENOENT, null, "content " + sha256 + " does not exist");
                        }
                        NodeInfo info =
                                new NodeInfo(null, null, NodeType.FILE, 0644, c.size, null, null, c.hash, null, 0);
                        return new FileRead(info, null, c.hash, c.chunkSize, v.userId);
                    });
                });
            });
        });
    }

    /** Registers an uploaded blob as content that this volume's commits may reference. */
    @WithTransaction
    public Uni<Void> registerBlob(String volumeId, StoredContent stored) {
        return volumes.findById(volumeId).flatMap(v -> {
            if (v == null) {
                throw TreeService.volumeMissing(volumeId);
            }
            return contents.register(stored)
                    .chain(() -> contents.claimBlob(volumeId, stored.sha256()))
                    .chain(() -> chunks.releaseClaims(stored.uploadId()))
                    .replaceWithVoid();
        });
    }
}
