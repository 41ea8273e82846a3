package dev.shellbox.vfs.service;

import dev.shellbox.contracts.Operation;
import dev.shellbox.vfs.config.VfsConfig;
import dev.shellbox.vfs.domain.Caller;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.FileData;
import dev.shellbox.vfs.domain.FileRead;
import dev.shellbox.vfs.domain.ListPage;
import dev.shellbox.vfs.domain.NodeInfo;
import dev.shellbox.vfs.domain.StoredContent;
import dev.shellbox.vfs.domain.Versioned;
import dev.shellbox.vfs.domain.VfsException;
import dev.shellbox.vfs.domain.VfsPaths;
import dev.shellbox.vfs.domain.Volume;
import dev.shellbox.vfs.domain.VolumeLimits;
import dev.shellbox.vfs.repository.ChunkRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * The Files API of a volume, for blocking callers (request bodies and responses stream through here): paths are
 * normalized, the caller's access and the volume's limits checked, content is inlined or chunked, and each operation
 * becomes one transaction of {@link TreeService}.
 */
@ApplicationScoped
public class FileService {
    private static final int MAX_APPEND_ATTEMPTS = 20;

    private final TreeService tree;
    private final ContentService content;
    private final LimitService limits;
    private final UsageRecorder usage;
    private final ChunkRepository chunks;
    private final int inlineThreshold;

    public FileService(
            TreeService tree,
            ContentService content,
            LimitService limits,
            UsageRecorder usage,
            ChunkRepository chunks,
            VfsConfig config) {
        this.tree = tree;
        this.content = content;
        this.limits = limits;
        this.usage = usage;
        this.chunks = chunks;
        this.inlineThreshold = config.inlineThreshold();
    }

    /** The volume, when the caller may use it; ENOENT otherwise. */
    public Volume access(String volumeId, Caller caller) {
        Volume v = Await.result(() -> tree.volume(volumeId));
        if (!caller.mayUse(v)) {
            throw TreeService.volumeMissing(volumeId);
        }
        return v;
    }

    /** stat or lstat, without metering (for other operations). */
    public NodeInfo stat(String volumeId, Caller caller, String rawPath, boolean follow) {
        String path = VfsPaths.normalize(rawPath);
        access(volumeId, caller);
        return Await.result(() -> tree.stat(volumeId, path, follow));
    }

    /** stat or lstat as a metered file operation. */
    public NodeInfo info(String volumeId, Caller caller, String rawPath, boolean follow) {
        long start = System.nanoTime();
        String path = VfsPaths.normalize(rawPath);
        Volume v = access(volumeId, caller);
        NodeInfo info = Await.result(() -> tree.stat(volumeId, path, follow));
        meterOperation(v, volumeId, start);
        return info;
    }

    /** One page of a directory listing, as a metered file operation. */
    public ListPage list(String volumeId, Caller caller, String rawPath, boolean recursive, String cursor, int limit) {
        long start = System.nanoTime();
        String path = VfsPaths.normalize(rawPath);
        Volume v = access(volumeId, caller);
        if (limit < 1 || limit > 10_000) {
            throw new VfsException(Errno.EINVAL, path, "limit must be between 1 and 10000");
        }
        ListPage page = Await.result(() -> tree.list(volumeId, path, recursive, cursor, limit));
        meterOperation(v, volumeId, start);
        return page;
    }

    private void meterOperation(Volume v, String volumeId, long start) {
        Await.result(() -> usage.recordRead(v.userId, volumeId, Operation.FILE_OP, 0, start));
    }

    // ---- reading ----

    /** Opens a regular file (following symlinks) for reading. */
    public FileRead describe(String volumeId, Caller caller, String rawPath) {
        String path = VfsPaths.normalize(rawPath);
        access(volumeId, caller);
        return Await.result(() -> tree.openRead(volumeId, path));
    }

    /** The bytes {@code from}..{@code to} (inclusive) of an opened file. */
    public InputStream bytes(FileRead file, long from, long to) {
        long size = file.info().size();
        if (size == 0 || to < from) {
            return InputStream.nullInputStream();
        }
        if (file.isInline()) {
            return new java.io.ByteArrayInputStream(file.inline(), (int) from, (int) (to - from + 1));
        }
        return content.open(file.contentHash(), size, file.chunkSize(), from, to);
    }

    /** Where a path leads after following symlinks (a directory to list or archive). */
    public String resolvedPath(String volumeId, String path) {
        return Await.result(() -> tree.resolvedPath(volumeId, path));
    }

    /** The stored content with this hash (to learn its chunk size). */
    io.smallrye.mutiny.Uni<dev.shellbox.vfs.domain.Content> contentOf(String hash) {
        return tree.content(hash);
    }

    /** Meters a finished read of {@code bytes} bytes. */
    public void meterRead(FileRead file, String volumeId, long bytes, long startNanos) {
        Await.result(() -> usage.recordRead(file.userId(), volumeId, Operation.FILE_READ, bytes, startNanos));
    }

    // ---- writing ----

    /** Writes a whole file atomically (readers see the old bytes until the new ones are all stored). */
    public Versioned<NodeInfo> write(
            String volumeId, Caller caller, String rawPath, InputStream body, Long contentLength, Integer mode) {
        long start = System.nanoTime();
        String path = VfsPaths.normalize(rawPath);
        checkMode(path, mode);
        Volume v = access(volumeId, caller);
        VolumeLimits l = limits.forUser(v.userId);
        if (contentLength != null) {
            l.checkFileSize(path, contentLength);
        }
        FileData data = receive(path, body, l);
        return commitWrite(data, () -> tree.writeFile(volumeId, path, data, mode, true, null, l, start));
    }

    /** Reads a request body: small bodies stay in memory (inline files), larger ones are chunked into S3. */
    FileData receive(String path, InputStream body, VolumeLimits l) {
        byte[] head = new byte[inlineThreshold + 1];
        int n = readUpTo(body, head);
        if (n <= inlineThreshold) {
            byte[] bytes = Arrays.copyOf(head, n);
            return new FileData.Inline(bytes, sha256(bytes));
        }
        StoredContent stored = content.store(head, n, body, size -> l.checkFileSize(path, size));
        return new FileData.Stored(stored);
    }

    /** Runs a write transaction; when it fails, the chunks its upload claimed are let go at once. */
    <T> T commitWrite(FileData data, java.util.function.Supplier<io.smallrye.mutiny.Uni<T>> transaction) {
        try {
            return Await.transaction(transaction);
        } catch (RuntimeException e) {
            if (data instanceof FileData.Stored stored) {
                releaseClaims(stored.content().uploadId());
            }
            throw e;
        }
    }

    void releaseClaims(UUID uploadId) {
        try {
            Await.result(() -> Panache.withTransaction(() -> chunks.releaseClaims(uploadId)));
        } catch (RuntimeException ignored) {
            // they expire after the grace period anyway
        }
    }

    /**
     * Appends to a file (creating it when missing). The new content shares the old one's full chunks; when another
     * write changes the file meanwhile, the append starts over on the new content, so no write is lost.
     */
    public Versioned<NodeInfo> append(String volumeId, Caller caller, String rawPath, InputStream body) {
        long start = System.nanoTime();
        String path = VfsPaths.normalize(rawPath);
        Volume v = access(volumeId, caller);
        VolumeLimits l = limits.forUser(v.userId);
        int chunkSize = content.chunkSize();
        byte[] head = new byte[chunkSize + 1];
        int n = readUpTo(body, head);
        StoredContent spooled =
                n <= chunkSize ? null : content.store(head, n, body, size -> l.checkFileSize(path, size));
        byte[] small = spooled == null ? Arrays.copyOf(head, n) : null;
        if (small != null && small.length <= inlineThreshold) {
            try {
                return Await.transaction(() -> tree.appendInline(volumeId, path, small, inlineThreshold, l, start));
            } catch (TreeService.AppendNeedsChunks e) {
                // the file is (or gets) chunked: append outside the transaction below
            }
        }
        try {
            for (int attempt = 1; ; attempt++) {
                FileRead current = currentFile(volumeId, path);
                FileData data = appended(path, current, small, spooled, l);
                String expected = current == null ? "" : current.info().sha256();
                try {
                    return commitWrite(
                            data, () -> tree.writeFile(volumeId, path, data, null, true, expected, l, start));
                } catch (ConcurrentChangeException e) {
                    if (attempt >= MAX_APPEND_ATTEMPTS) {
                        throw new VfsException(
                                Errno.EAGAIN, path, "the file kept changing during the append; retry it");
                    }
                    backOff(attempt);
                }
            }
        } finally {
            if (spooled != null) {
                releaseClaims(spooled.uploadId());
            }
        }
    }

    private static void backOff(int attempt) {
        try {
            Thread.sleep(java.util.concurrent.ThreadLocalRandom.current().nextLong(5, 20L * attempt));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private FileRead currentFile(String volumeId, String path) {
        try {
            return Await.result(() -> tree.openRead(volumeId, path));
        } catch (VfsException e) {
            if (e.errno() == Errno.ENOENT && path.equals(e.path())) {
                return null;
            }
            throw e;
        }
    }

    /** The content of {@code current} followed by the appended bytes ({@code small}, or {@code spooled} in S3). */
    private FileData appended(String path, FileRead current, byte[] small, StoredContent spooled, VolumeLimits l) {
        long oldSize = current == null ? 0 : current.info().size();
        long addSize = small != null ? small.length : spooled.size();
        l.checkFileSize(path, oldSize + addSize);
        if (oldSize + addSize <= inlineThreshold && (current == null || current.isInline())) {
            byte[] bytes = new byte[(int) (oldSize + addSize)];
            if (current != null) {
                System.arraycopy(current.inline(), 0, bytes, 0, (int) oldSize);
            }
            System.arraycopy(small, 0, bytes, (int) oldSize, small.length);
            return new FileData.Inline(bytes, sha256(bytes));
        }
        try (ContentService.ChunkWriter writer = content.newWriter(size -> l.checkFileSize(path, size))) {
            if (current != null && current.isInline()) {
                writer.write(current.inline(), 0, current.inline().length);
            } else if (current != null) {
                long reused = reuseFullChunks(writer, current);
                try (InputStream rest =
                        content.open(current.contentHash(), oldSize, current.chunkSize(), reused, oldSize - 1)) {
                    writer.transferFrom(rest);
                }
            }
            if (small != null) {
                writer.write(small, 0, small.length);
            } else {
                try (InputStream more = content.open(spooled)) {
                    writer.transferFrom(more);
                }
            }
            return new FileData.Stored(writer.finish());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Adds the full chunks of a stored file to a writer without uploading them again; the bytes covered. */
    private long reuseFullChunks(ContentService.ChunkWriter writer, FileRead current) {
        int chunkSize = current.chunkSize();
        if (chunkSize != content.chunkSize()) {
            return 0;
        }
        long size = current.info().size();
        int full = (int) (size / chunkSize);
        if (full == 0) {
            return 0;
        }
        List<String> hashes = content.chunks(current.contentHash(), 0, full - 1);
        for (String hash : hashes) {
            writer.reuseChunk(hash, chunkSize, content.openChunk(hash));
        }
        return (long) full * chunkSize;
    }

    public Versioned<NodeInfo> mkdir(String volumeId, Caller caller, String rawPath, boolean parents, Integer mode) {
        long start = System.nanoTime();
        String path = VfsPaths.normalize(rawPath);
        checkMode(path, mode);
        Volume v = access(volumeId, caller);
        VolumeLimits l = limits.forUser(v.userId);
        return Await.transaction(() -> tree.mkdir(volumeId, path, parents, mode, l, start));
    }

    public Versioned<Void> delete(String volumeId, Caller caller, String rawPath, boolean recursive) {
        long start = System.nanoTime();
        String path = VfsPaths.normalize(rawPath);
        access(volumeId, caller);
        return Await.transaction(() -> tree.remove(volumeId, path, recursive, start));
    }

    public Versioned<NodeInfo> move(String volumeId, Caller caller, String rawFrom, String rawTo, boolean overwrite) {
        long start = System.nanoTime();
        String from = VfsPaths.normalize(rawFrom);
        String to = VfsPaths.normalize(rawTo);
        Volume v = access(volumeId, caller);
        VolumeLimits l = limits.forUser(v.userId);
        return Await.transaction(() -> tree.move(volumeId, from, to, overwrite, l, start));
    }

    public Versioned<NodeInfo> copy(String volumeId, Caller caller, String rawFrom, String rawTo, boolean overwrite) {
        long start = System.nanoTime();
        String from = VfsPaths.normalize(rawFrom);
        String to = VfsPaths.normalize(rawTo);
        Volume v = access(volumeId, caller);
        VolumeLimits l = limits.forUser(v.userId);
        return Await.transaction(() -> tree.copy(volumeId, from, to, overwrite, l, start));
    }

    static void checkMode(String path, Integer mode) {
        if (mode != null && (mode < 0 || mode > 07777)) {
            throw new VfsException(Errno.EINVAL, path, "mode must be between 0 and 07777");
        }
    }

    static int readUpTo(InputStream in, byte[] buffer) {
        try {
            int n = 0;
            while (n < buffer.length) {
                int r = in.read(buffer, n, buffer.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(ContentService.sha256().digest(bytes));
    }
}
