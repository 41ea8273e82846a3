package dev.shellbox.vfs.service;

import dev.shellbox.contracts.Operation;
import dev.shellbox.vfs.domain.Content;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.FileData;
import dev.shellbox.vfs.domain.FileRead;
import dev.shellbox.vfs.domain.ListPage;
import dev.shellbox.vfs.domain.Node;
import dev.shellbox.vfs.domain.NodeInfo;
import dev.shellbox.vfs.domain.Versioned;
import dev.shellbox.vfs.domain.VfsException;
import dev.shellbox.vfs.domain.VfsPaths;
import dev.shellbox.vfs.domain.Volume;
import dev.shellbox.vfs.domain.VolumeLimits;
import dev.shellbox.vfs.repository.ContentRepository;
import dev.shellbox.vfs.repository.NodeRepository;
import dev.shellbox.vfs.repository.VolumeRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;

/**
 * Reads and single-operation changes of a volume's tree. Every change is one transaction: it locks the volume (so
 * that writers of one volume take turns), applies the operation, checks the limits, logs the change, and meters it.
 */
@ApplicationScoped
public class TreeService {
    private final TreeMutations ops;
    private final VolumeRepository volumes;
    private final NodeRepository nodes;
    private final ContentRepository contents;
    private final UsageRecorder usage;

    public TreeService(
            TreeMutations ops,
            VolumeRepository volumes,
            NodeRepository nodes,
            ContentRepository contents,
            UsageRecorder usage) {
        this.ops = ops;
        this.volumes = volumes;
        this.nodes = nodes;
        this.contents = contents;
        this.usage = usage;
    }

    /** A volume; ENOENT when there is none. */
    @WithSession
    public Uni<Volume> volume(String volumeId) {
        return volumes.findById(volumeId).map(v -> {
            if (v == null) {
                throw volumeMissing(volumeId);
            }
            return v;
        });
    }

    static VfsException volumeMissing(String volumeId) {
        return new VfsException(Errno.ENOENT, null, "volume " + volumeId + " does not exist");
    }

    // ---- reads ----

    /** stat ({@code follow}) or lstat. */
    @WithSession
    public Uni<NodeInfo> stat(String volumeId, String path, boolean follow) {
        return ops.resolve(volumeId, path, follow).map(r -> {
            if (!r.exists()) {
                throw new VfsException(Errno.ENOENT, path);
            }
            return NodeInfo.of(r.node()).withPath(path);
        });
    }

    /** Where a path leads after following symlinks; ENOENT when nothing is there. */
    @WithSession
    public Uni<String> resolvedPath(String volumeId, String path) {
        return ops.resolve(volumeId, path, true).map(r -> {
            if (!r.exists()) {
                throw new VfsException(Errno.ENOENT, path);
            }
            return r.path();
        });
    }

    /** Opens a regular file (following symlinks) for reading. */
    @WithSession
    public Uni<FileRead> openRead(String volumeId, String path) {
        return volume(volumeId)
                .flatMap(v -> ops.resolve(volumeId, path, true).flatMap(r -> {
                    if (!r.exists()) {
                        throw new VfsException(Errno.ENOENT, path);
                    }
                    Node n = r.node();
                    if (n.isDirectory()) {
                        throw new VfsException(Errno.EISDIR, path);
                    }
                    NodeInfo info = NodeInfo.of(n).withPath(path);
                    if (n.contentHash == null) {
                        byte[] bytes = n.inlineData == null ? new byte[0] : n.inlineData;
                        return Uni.createFrom().item(new FileRead(info, bytes, null, 0, v.userId));
                    }
                    return contents.findById(n.contentHash).map(c -> {
                        if (c == null) {
                            throw new VfsException(Errno.EIO, path, "the content of this file is missing");
                        }
                        return new FileRead(info, null, c.hash, c.chunkSize, v.userId);
                    });
                }));
    }

    /** The stored content of a hash, for reading it directly. */
    @WithSession
    public Uni<Content> content(String hash) {
        return contents.findById(hash);
    }

    /**
     * One page of a directory listing (following symlinks to the directory): its entries in name order, or with
     * {@code recursive} every entry below it in path order. Entry paths are under {@code path} as given.
     */
    @WithSession
    public Uni<ListPage> list(String volumeId, String path, boolean recursive, String cursor, int limit) {
        return volume(volumeId)
                .flatMap(v -> ops.resolve(volumeId, path, true).flatMap(r -> {
                    if (!r.exists()) {
                        throw new VfsException(Errno.ENOENT, path);
                    }
                    if (!r.node().isDirectory()) {
                        throw new VfsException(Errno.ENOTDIR, path);
                    }
                    String after = decodeCursor(cursor);
                    Uni<List<NodeInfo>> page = recursive
                            ? nodes.descendants(
                                    volumeId, r.path(), after == null ? null : rebase(after, path, r.path()), limit)
                            : nodes.children(volumeId, r.path(), after == null ? "" : after, limit);
                    return page.map(entries -> {
                        List<NodeInfo> shown = r.path().equals(path)
                                ? entries
                                : entries.stream()
                                        .map(e -> e.withPath(rebase(e.path(), r.path(), path)))
                                        .toList();
                        String next = null;
                        if (entries.size() == limit) {
                            NodeInfo last = shown.get(shown.size() - 1);
                            next = encodeCursor(recursive ? last.path() : last.name());
                        }
                        return new ListPage(shown, next, v.version);
                    });
                }));
    }

    private static String rebase(String entry, String from, String to) {
        return VfsPaths.isWithin(entry, from) ? VfsPaths.rebase(entry, from, to) : entry;
    }

    /** Marks a cursor as one this service made, so that any other text is refused rather than read as a name. */
    private static final String CURSOR_MARK = "after:";

    static String encodeCursor(String value) {
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString((CURSOR_MARK + value).getBytes(StandardCharsets.UTF_8));
    }

    static String decodeCursor(String cursor) {
        if (cursor == null || cursor.isEmpty()) {
            return null;
        }
        String decoded;
        try {
            decoded = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(java.nio.ByteBuffer.wrap(Base64.getUrlDecoder().decode(cursor)))
                    .toString();
        } catch (IllegalArgumentException | java.nio.charset.CharacterCodingException e) {
            decoded = "";
        }
        if (!decoded.startsWith(CURSOR_MARK)) {
            throw VfsException.badParameter(
                    "cursor",
                    "the nextCursor of an earlier page",
                    "cursor '" + (cursor.length() > 40 ? cursor.substring(0, 40) + "..." : cursor)
                            + "' is not one this listing gave; pass the nextCursor of the previous page, or none"
                            + " for the first");
        }
        return decoded.substring(CURSOR_MARK.length());
    }

    // ---- changes ----

    /** Writes a whole file (creating its parent directories when {@code parents}). */
    @WithTransaction
    public Uni<Versioned<NodeInfo>> writeFile(
            String volumeId,
            String path,
            FileData data,
            Integer mode,
            boolean parents,
            String expectedSha256,
            VolumeLimits limits,
            long startNanos) {
        return mutate(
                volumeId,
                limits,
                Operation.FILE_WRITE,
                0,
                startNanos,
                m -> ops.writeFile(m, path, data, mode, parents, expectedSha256)
                        .map(n -> NodeInfo.of(n).withPath(path)));
    }

    /** Appends small bytes inside one transaction; null (nothing changed) when the file is or would get chunked. */
    @WithTransaction
    public Uni<Versioned<NodeInfo>> appendInline(
            String volumeId, String path, byte[] bytes, int inlineThreshold, VolumeLimits limits, long startNanos) {
        return mutate(
                        volumeId,
                        limits,
                        Operation.FILE_WRITE,
                        0,
                        startNanos,
                        m -> ops.appendInline(m, path, bytes, inlineThreshold)
                                .map(n -> n == null ? null : NodeInfo.of(n).withPath(path)))
                .map(result -> result.value() == null ? null : result)
                .onItem()
                .ifNull()
                .failWith(AppendNeedsChunks::new);
    }

    /** Thrown (rolling the transaction back) when an append cannot stay inline. */
    static final class AppendNeedsChunks extends RuntimeException {
        AppendNeedsChunks() {
            super(null, null, false, false);
        }
    }

    @WithTransaction
    public Uni<Versioned<NodeInfo>> mkdir(
            String volumeId, String path, boolean parents, Integer mode, VolumeLimits limits, long startNanos) {
        return mutate(
                volumeId,
                limits,
                Operation.FILE_OP,
                0,
                startNanos,
                m -> ops.mkdir(m, path, parents, mode).map(NodeInfo::of));
    }

    @WithTransaction
    public Uni<Versioned<Void>> remove(String volumeId, String path, boolean recursive, long startNanos) {
        return mutate(
                volumeId, VolumeLimits.NONE, Operation.FILE_OP, 0, startNanos, m -> ops.remove(m, path, recursive));
    }

    @WithTransaction
    public Uni<Versioned<NodeInfo>> move(
            String volumeId, String from, String to, boolean overwrite, VolumeLimits limits, long startNanos) {
        return mutate(
                volumeId,
                limits,
                Operation.FILE_OP,
                0,
                startNanos,
                m -> ops.rename(m, from, to, overwrite).chain(() -> statIn(m, to)));
    }

    @WithTransaction
    public Uni<Versioned<NodeInfo>> copy(
            String volumeId, String from, String to, boolean overwrite, VolumeLimits limits, long startNanos) {
        return mutate(
                volumeId,
                limits,
                Operation.FILE_OP,
                0,
                startNanos,
                m -> ops.copy(m, from, to, overwrite).chain(() -> statIn(m, to)));
    }

    private Uni<NodeInfo> statIn(Mutation m, String path) {
        return ops.resolve(m.tree(), path, false).map(r -> NodeInfo.of(r.node()).withPath(path));
    }

    /**
     * Runs one change in the current transaction: locks the volume (its next version), applies {@code work}, checks
     * limits, logs the change and meters it.
     */
    <T> Uni<Versioned<T>> mutate(
            String volumeId,
            VolumeLimits limits,
            String operation,
            long bytesIn,
            long startNanos,
            Function<Mutation, Uni<T>> work) {
        return volumes.lockForChange(volumeId).flatMap(state -> {
            if (state == null) {
                throw volumeMissing(volumeId);
            }
            Mutation m = new Mutation(state, limits);
            return work.apply(m)
                    .call(() -> ops.finish(m))
                    .call(() -> usage.record(state.userId(), volumeId, operation, bytesIn, m.bytesWritten, startNanos))
                    .map(value -> new Versioned<>(value, state.version()));
        });
    }
}
