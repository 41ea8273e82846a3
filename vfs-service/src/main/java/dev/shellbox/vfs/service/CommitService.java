package dev.shellbox.vfs.service;

import dev.shellbox.contracts.Operation;
import dev.shellbox.contracts.volume.ChangeOp;
import dev.shellbox.contracts.volume.CommitChange;
import dev.shellbox.vfs.config.VfsConfig;
import dev.shellbox.vfs.domain.Caller;
import dev.shellbox.vfs.domain.ChangeKind;
import dev.shellbox.vfs.domain.CommitConflictException;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.FileData;
import dev.shellbox.vfs.domain.StoredContent;
import dev.shellbox.vfs.domain.VfsException;
import dev.shellbox.vfs.domain.VfsPaths;
import dev.shellbox.vfs.domain.Volume;
import dev.shellbox.vfs.domain.VolumeLimits;
import dev.shellbox.vfs.repository.ChangeRepository;
import dev.shellbox.vfs.repository.ContentRepository;
import dev.shellbox.vfs.repository.NodeRepository;
import dev.shellbox.vfs.repository.VolumeRepository;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Batch commits: a set of changes applied atomically against the volume version they were based on. Changes apply in
 * order in one transaction; if any fails, or any path changed after the base version (see {@link ConflictDetector}),
 * nothing is applied.
 */
@ApplicationScoped
public class CommitService {
    private static final int MAX_CHANGES = 100_000;

    private final FileService files;
    private final ContentService content;
    private final LimitService limits;
    private final TreeMutations ops;
    private final VolumeRepository volumes;
    private final NodeRepository nodes;
    private final ContentRepository contents;
    private final ChangeRepository changes;
    private final UsageRecorder usage;
    private final int inlineThreshold;
    private final int maxLoggedChanges;

    public CommitService(
            FileService files,
            ContentService content,
            LimitService limits,
            TreeMutations ops,
            VolumeRepository volumes,
            NodeRepository nodes,
            ContentRepository contents,
            ChangeRepository changes,
            UsageRecorder usage,
            VfsConfig config) {
        this.files = files;
        this.content = content;
        this.limits = limits;
        this.ops = ops;
        this.volumes = volumes;
        this.nodes = nodes;
        this.contents = contents;
        this.changes = changes;
        this.usage = usage;
        this.inlineThreshold = config.inlineThreshold();
        this.maxLoggedChanges = config.changes().maxPaths();
    }

    /** A validated change with normalized paths and, for writes of inline bytes, their data. */
    record Planned(CommitChange change, ChangeOp op, String path, String to, FileData data) {}

    /** Applies a commit; the new version. Blocking (large inline contents are stored in S3 first). */
    public long commit(String volumeId, Caller caller, long baseVersion, List<CommitChange> requested) {
        long start = System.nanoTime();
        if (requested == null || requested.isEmpty()) {
            throw new VfsException(Errno.EINVAL, null, "a commit needs at least one change");
        }
        if (requested.size() > MAX_CHANGES) {
            throw new VfsException(Errno.EINVAL, null, "a commit has at most " + MAX_CHANGES + " changes");
        }
        Volume v = files.access(volumeId, caller);
        VolumeLimits l = limits.forUser(v.userId);
        List<Planned> planned = new ArrayList<>();
        List<StoredContent> stored = new ArrayList<>();
        try {
            for (CommitChange c : requested) {
                Planned p = plan(c, l);
                if (p.data() instanceof FileData.Stored s) {
                    stored.add(s.content());
                }
                planned.add(p);
            }
            return Await.transaction(() -> apply(volumeId, baseVersion, planned, l, start, planned.size()));
        } catch (RuntimeException e) {
            stored.forEach(s -> files.releaseClaims(s.uploadId()));
            throw e;
        }
    }

    private Planned plan(CommitChange c, VolumeLimits l) {
        if (c == null || c.op() == null) {
            throw new VfsException(Errno.EINVAL, null, "every change needs an op");
        }
        String path = VfsPaths.normalize(c.path());
        ChangeOp op = c.op();
        switch (op) {
            case MKDIR, DELETE, UTIMES -> {
                FileService.checkMode(path, c.mode());
                return new Planned(c, op, path, null, null);
            }
            case CHMOD -> {
                if (c.mode() == null) {
                    throw new VfsException(Errno.EINVAL, path, "chmod needs a mode");
                }
                FileService.checkMode(path, c.mode());
                return new Planned(c, op, path, null, null);
            }
            case SYMLINK -> {
                return new Planned(c, op, path, null, null);
            }
            case RENAME -> {
                return new Planned(c, op, path, VfsPaths.normalize(c.to()), null);
            }
            case WRITE -> {
                FileService.checkMode(path, c.mode());
                if ((c.inline() == null) == (c.sha256() == null)) {
                    throw new VfsException(Errno.EINVAL, path, "a write needs exactly one of inline and sha256");
                }
                if (c.sha256() != null) {
                    return new Planned(c, op, path, null, null);
                }
                byte[] bytes = c.inline();
                l.checkFileSize(path, bytes.length);
                FileData data = bytes.length <= inlineThreshold
                        ? new FileData.Inline(bytes, FileService.sha256(bytes))
                        : new FileData.Stored(
                                content.store(new byte[0], 0, new ByteArrayInputStream(bytes), size -> {}));
                return new Planned(c, op, path, null, data);
            }
            default -> throw new IllegalStateException("unhandled op " + op);
        }
    }

    /**
     * Applies planned changes in one transaction; with a {@code baseVersion}, only if none of their paths changed after
     * it. The new version.
     */
    @WithTransaction
    Uni<Long> apply(String volumeId, Long baseVersion, List<Planned> planned, VolumeLimits l, long start, long count) {
        return volumes.lockForChange(volumeId).flatMap(state -> {
            if (state == null) {
                throw TreeService.volumeMissing(volumeId);
            }
            long current = state.version() - 1;
            if (baseVersion != null && (baseVersion < 0 || baseVersion > current)) {
                throw new VfsException(
                        Errno.EINVAL, null, "baseVersion must be between 0 and the current version " + current);
            }
            Map<String, ChangeKind> touched = touchedPaths(planned);
            Uni<Void> checked = baseVersion == null
                    ? Uni.createFrom().voidItem()
                    : baseVersion < state.changesFloor()
                            ? Uni.createFrom()
                                    .failure(new CommitConflictException(
                                            List.copyOf(touched.keySet()),
                                            baseVersion,
                                            current,
                                            "the base version is older than the change log; reload the tree"))
                            : changes.since(volumeId, baseVersion, maxLoggedChanges + 1)
                                    .invoke(logged -> {
                                        if (logged.size() > maxLoggedChanges) {
                                            throw new CommitConflictException(
                                                    List.copyOf(touched.keySet()),
                                                    baseVersion,
                                                    current,
                                                    "too many changes since the base version; reload the tree");
                                        }
                                        List<String> conflicts = ConflictDetector.conflicts(touched, logged);
                                        if (!conflicts.isEmpty()) {
                                            throw new CommitConflictException(
                                                    conflicts,
                                                    baseVersion,
                                                    current,
                                                    conflicts.size() + " path(s) changed after version " + baseVersion
                                                            + ": "
                                                            + String.join(
                                                                    ", ",
                                                                    conflicts.subList(
                                                                            0, Math.min(5, conflicts.size()))));
                                        }
                                    })
                                    .replaceWithVoid();
            Mutation m = new Mutation(state, l);
            return checked.chain(() -> Multi.createFrom()
                            .iterable(planned)
                            .onItem()
                            .transformToUniAndConcatenate(p -> applyOne(m, p).replaceWith(p))
                            .collect()
                            .last())
                    .chain(() -> ops.finish(m))
                    .chain(() -> usage.record(
                            state.userId(), volumeId, Operation.FILE_WRITE, count, 0, m.bytesWritten, start))
                    .replaceWith(state.version());
        });
    }

    /**
     * Applies creations (mkdir -p, writes of given data, symlinks: what an archive upload plans) in one transaction,
     * like {@link #apply} without a base version gives the same result for them, but resolved in memory and written in
     * a few bulk statements ({@link TreeBatch}) rather than several statements per change. The new version.
     */
    @WithTransaction
    Uni<Long> applyInBulk(String volumeId, List<Planned> planned, VolumeLimits l, long start, long count) {
        return volumes.lockForChange(volumeId).flatMap(state -> {
            if (state == null) {
                throw TreeService.volumeMissing(volumeId);
            }
            Mutation m = new Mutation(state, l);
            TreeBatch batch = new TreeBatch(m, nodes, contents);
            return batch.prefetch(planned.stream().map(Planned::path).toList())
                    .chain(() -> Multi.createFrom()
                            .iterable(planned)
                            .onItem()
                            .transformToUniAndConcatenate(
                                    p -> applyInBatch(batch, p).replaceWith(p))
                            .collect()
                            .last())
                    .chain(batch::flush)
                    .chain(() -> ops.finish(m))
                    .chain(() -> usage.record(
                            state.userId(), volumeId, Operation.FILE_WRITE, count, 0, m.bytesWritten, start))
                    .replaceWith(state.version());
        });
    }

    private static Uni<Void> applyInBatch(TreeBatch batch, Planned p) {
        CommitChange c = p.change();
        return switch (p.op()) {
            case MKDIR -> batch.mkdir(p.path(), c.mode());
            case WRITE -> {
                if (p.data() == null) {
                    throw new IllegalArgumentException("a write applied in bulk needs its data: " + p.path());
                }
                yield batch.writeFile(p.path(), p.data(), c.mode(), c.mtime());
            }
            case SYMLINK -> batch.symlink(p.path(), c.target());
            default -> throw new IllegalArgumentException("not applied in bulk: " + p.op());
        };
    }

    private static Map<String, ChangeKind> touchedPaths(List<Planned> planned) {
        Map<String, ChangeKind> touched = new LinkedHashMap<>();
        for (Planned p : planned) {
            switch (p.op()) {
                case MKDIR -> touched.merge(p.path(), ChangeKind.MKDIR, ChangeKind::strongest);
                case WRITE, SYMLINK -> touched.merge(p.path(), ChangeKind.WRITE, ChangeKind::strongest);
                case CHMOD, UTIMES -> touched.merge(p.path(), ChangeKind.ATTRIBUTES, ChangeKind::strongest);
                case DELETE -> touched.merge(p.path(), ChangeKind.REMOVE, ChangeKind::strongest);
                case RENAME -> {
                    touched.merge(p.path(), ChangeKind.REMOVE, ChangeKind::strongest);
                    touched.merge(p.to(), ChangeKind.WRITE, ChangeKind::strongest);
                }
            }
        }
        return touched;
    }

    private Uni<Void> applyOne(Mutation m, Planned p) {
        CommitChange c = p.change();
        return switch (p.op()) {
            case MKDIR -> ops.mkdir(m, p.path(), true, c.mode()).replaceWithVoid();
            case WRITE ->
                data(m, p)
                        .flatMap(data -> ops.writeFile(m, p.path(), data, c.mode(), true, null, c.mtime()))
                        .replaceWithVoid();
            case SYMLINK -> ops.symlink(m, p.path(), c.target()).replaceWithVoid();
            case DELETE -> ops.remove(m, p.path(), Boolean.TRUE.equals(c.recursive()));
            case RENAME -> ops.rename(m, p.path(), p.to(), true);
            case CHMOD -> ops.chmod(m, p.path(), c.mode()).replaceWithVoid();
            case UTIMES ->
                ops.utimes(m, p.path(), c.mtime() == null ? m.now : c.mtime()).replaceWithVoid();
        };
    }

    /** The data of a write: given inline, or a content the volume may reference by hash. */
    private Uni<FileData> data(Mutation m, Planned p) {
        if (p.data() != null) {
            return Uni.createFrom().item(p.data());
        }
        String sha256 = BlobService.checkSha256(p.change().sha256());
        return nodes.anyWithSha256(m.tree(), sha256).flatMap(n -> {
            if (n != null && n.contentHash == null) {
                byte[] bytes = n.inlineData == null ? new byte[0] : n.inlineData.clone();
                return Uni.createFrom().item((FileData) new FileData.Inline(bytes, sha256));
            }
            if (n != null) {
                return Uni.createFrom().item((FileData) new FileData.Existing(sha256, n.size));
            }
            return contents.isClaimedBy(m.tree(), sha256).flatMap(claimed -> {
                if (!claimed) {
                    throw new VfsException(
                            Errno.ENOENT,
                            p.path(),
                            "no content " + sha256 + " in this volume; upload it to the blobs endpoint first");
                }
                return contents.findById(sha256).map(c -> {
                    if (c == null) {
                        throw new VfsException(Errno.EAGAIN, p.path(), "blob " + sha256 + " expired; upload it again");
                    }
                    return (FileData) new FileData.Existing(sha256, c.size);
                });
            });
        });
    }
}
