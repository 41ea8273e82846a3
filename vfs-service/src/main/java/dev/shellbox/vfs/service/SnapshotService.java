package dev.shellbox.vfs.service;

import dev.shellbox.contracts.Operation;
import dev.shellbox.vfs.domain.Caller;
import dev.shellbox.vfs.domain.ChangeKind;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.Snapshot;
import dev.shellbox.vfs.domain.SnapshotInfo;
import dev.shellbox.vfs.domain.VfsException;
import dev.shellbox.vfs.domain.VfsPaths;
import dev.shellbox.vfs.domain.Volume;
import dev.shellbox.vfs.domain.VolumeInfo;
import dev.shellbox.vfs.domain.VolumeLimits;
import dev.shellbox.vfs.repository.NodeRepository;
import dev.shellbox.vfs.repository.SnapshotRepository;
import dev.shellbox.vfs.repository.VolumeRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Snapshots (of a volume or one of its directories), restores and forks. All of them copy entries, never content:
 * the copies reference the same contents (and so the same chunks), and small files' bytes travel with their rows.
 */
@ApplicationScoped
public class SnapshotService {
    private final VolumeRepository volumes;
    private final NodeRepository nodes;
    private final SnapshotRepository snapshots;
    private final TreeMutations ops;
    private final TreeService tree;
    private final FileService files;
    private final LimitService limits;
    private final UsageRecorder usage;

    public SnapshotService(
            VolumeRepository volumes,
            NodeRepository nodes,
            SnapshotRepository snapshots,
            TreeMutations ops,
            TreeService tree,
            FileService files,
            LimitService limits,
            UsageRecorder usage) {
        this.volumes = volumes;
        this.nodes = nodes;
        this.snapshots = snapshots;
        this.ops = ops;
        this.tree = tree;
        this.files = files;
        this.limits = limits;
        this.usage = usage;
    }

    /** Freezes a volume's tree (or the subtree at {@code path}) as it is now. Blocking. */
    public SnapshotInfo snapshot(String volumeId, Caller caller, String rawPath) {
        String path = VfsPaths.normalize(rawPath == null ? "/" : rawPath);
        files.access(volumeId, caller);
        return Await.transaction(() -> takeSnapshot(volumeId, path));
    }

    @WithTransaction
    Uni<SnapshotInfo> takeSnapshot(String volumeId, String path) {
        return volumes.lockForRead(volumeId).flatMap(state -> {
            if (state == null) {
                throw TreeService.volumeMissing(volumeId);
            }
            return ops.resolve(volumeId, path, true).flatMap(r -> {
                if (!r.exists()) {
                    throw new VfsException(Errno.ENOENT, path);
                }
                Snapshot s = new Snapshot();
                s.id = UUID.randomUUID();
                s.volumeId = volumeId;
                s.path = r.path();
                s.version = state.version();
                s.createdAt = Instant.now();
                return nodes.copySubtree(volumeId, r.path(), s.tree(), r.path(), state.version(), false)
                        .chain(() -> nodes.subtreeTotals(s.tree(), r.path()))
                        .flatMap(totals -> {
                            s.entries = totals[0];
                            s.bytes = totals[1];
                            return snapshots.persist(s);
                        })
                        .map(SnapshotInfo::of);
            });
        });
    }

    /** The snapshots of a volume, oldest first. Blocking. */
    public List<SnapshotInfo> list(String volumeId) {
        return Await.result(() -> listIn(volumeId));
    }

    @WithSession
    Uni<List<SnapshotInfo>> listIn(String volumeId) {
        return volumes.findById(volumeId).flatMap(v -> {
            if (v == null) {
                throw TreeService.volumeMissing(volumeId);
            }
            return snapshots
                    .ofVolume(volumeId)
                    .map(all -> all.stream().map(SnapshotInfo::of).toList());
        });
    }

    /** Deletes a snapshot; content only it used becomes garbage. Blocking. */
    public void delete(String volumeId, UUID snapshotId) {
        Await.transaction(() -> deleteIn(volumeId, snapshotId));
    }

    @WithTransaction
    Uni<Void> deleteIn(String volumeId, UUID snapshotId) {
        return find(volumeId, snapshotId)
                .call(s -> nodes.deleteTree(s.tree()))
                .call(s -> snapshots.delete(s))
                .replaceWithVoid();
    }

    private Uni<Snapshot> find(String volumeId, UUID snapshotId) {
        return snapshots.findById(snapshotId).map(s -> {
            if (s == null || !s.volumeId.equals(volumeId)) {
                throw new VfsException(Errno.ENOENT, null, "volume " + volumeId + " has no snapshot " + snapshotId);
            }
            return s;
        });
    }

    /**
     * Puts the snapshotted subtree back: what is at the snapshot's path now is replaced, atomically, by what was there
     * (missing parent directories are created). A new version; the change feed reports the path. Blocking.
     */
    public long restore(String volumeId, Caller caller, UUID snapshotId) {
        long start = System.nanoTime();
        Volume v = files.access(volumeId, caller);
        VolumeLimits l = limits.forUser(v.userId);
        return Await.transaction(() -> restoreIn(volumeId, snapshotId, l, start));
    }

    @WithTransaction
    Uni<Long> restoreIn(String volumeId, UUID snapshotId, VolumeLimits l, long start) {
        return find(volumeId, snapshotId)
                .flatMap(s -> tree.mutate(volumeId, l, Operation.FILE_OP, 0, start, m -> {
                    String path = s.path;
                    Uni<Void> cleared = path.equals(VfsPaths.ROOT)
                            ? nodes.deleteTree(volumeId).replaceWithVoid()
                            : ops.resolve(volumeId, path, false).flatMap(r -> {
                                if (r.exists()) {
                                    return nodes.deleteSubtree(volumeId, path).replaceWithVoid();
                                }
                                return ops.createParents(m, r);
                            });
                    return cleared.chain(() -> nodes.copySubtree(s.tree(), path, volumeId, path, m.version(), false))
                            .invoke(() -> m.changed(path, ChangeKind.WRITE))
                            .replaceWithVoid();
                }))
                .map(versioned -> versioned.version());
    }

    /**
     * Forks a volume into a new one for {@code userId}: the same tree at the same version, sharing all content.
     * Blocking.
     */
    public VolumeInfo fork(String volumeId, Caller caller, String newVolumeId, String userId) {
        long start = System.nanoTime();
        VolumeService.checkId(newVolumeId);
        if (userId == null || userId.isBlank()) {
            throw new VfsException(Errno.EINVAL, null, "userId is required");
        }
        files.access(volumeId, caller);
        VolumeLimits l = limits.forUser(userId);
        return Await.transaction(() -> forkIn(volumeId, newVolumeId, userId, l, start));
    }

    @WithTransaction
    Uni<VolumeInfo> forkIn(String volumeId, String newVolumeId, String userId, VolumeLimits l, long start) {
        return volumes.lockForRead(volumeId).flatMap(source -> {
            if (source == null) {
                throw TreeService.volumeMissing(volumeId);
            }
            return volumes.insertIfAbsent(newVolumeId, userId, source.version()).flatMap(inserted -> {
                if (!inserted) {
                    throw new VfsException(Errno.EEXIST, null, "volume " + newVolumeId + " exists already");
                }
                return nodes.copySubtree(volumeId, VfsPaths.ROOT, newVolumeId, VfsPaths.ROOT, source.version(), false)
                        .chain(() -> volumes.totals(newVolumeId))
                        .invoke(t -> l.checkTotals(VfsPaths.ROOT, 0, t[0], 0, t[1]))
                        .call(t -> usage.record(userId, newVolumeId, Operation.FILE_OP, 0, 0, start))
                        .map(t -> new VolumeInfo(newVolumeId, userId, source.version(), t[0], t[1]));
            });
        });
    }
}
