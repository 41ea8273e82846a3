package dev.shellbox.vfs.service;

import dev.shellbox.contracts.Operation;
import dev.shellbox.contracts.volume.ChangeOp;
import dev.shellbox.contracts.volume.CommitChange;
import dev.shellbox.vfs.config.VfsConfig;
import dev.shellbox.vfs.domain.Caller;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.FileData;
import dev.shellbox.vfs.domain.FileRead;
import dev.shellbox.vfs.domain.Node;
import dev.shellbox.vfs.domain.NodeInfo;
import dev.shellbox.vfs.domain.NodeType;
import dev.shellbox.vfs.domain.StoredContent;
import dev.shellbox.vfs.domain.VfsException;
import dev.shellbox.vfs.domain.VfsPaths;
import dev.shellbox.vfs.domain.Volume;
import dev.shellbox.vfs.domain.VolumeLimits;
import dev.shellbox.vfs.repository.NodeRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarUtils;

/**
 * Tar archives in and out of a volume. An upload (tar or tar.gz, detected by its first bytes) is extracted into a
 * directory in one atomic change: either every entry lands or none does. Entries that would land outside the
 * directory are refused. A download streams a directory (or a file) as tar.gz, chunk by chunk.
 */
@ApplicationScoped
public class ArchiveService {
    /** Small files are held in memory until the commit, up to this many bytes; later ones go to S3 like large ones. */
    private static final long MAX_HELD_INLINE_BYTES = 64L * 1024 * 1024;

    private static final int PAGE = 1000;
    private static final int TAR_BLOCK = 512;

    private final FileService files;
    private final ContentService content;
    private final CommitService commits;
    private final LimitService limits;
    private final NodeRepository nodes;
    private final UsageRecorder usage;
    private final int inlineThreshold;

    public ArchiveService(
            FileService files,
            ContentService content,
            CommitService commits,
            LimitService limits,
            NodeRepository nodes,
            UsageRecorder usage,
            VfsConfig config) {
        this.files = files;
        this.content = content;
        this.commits = commits;
        this.limits = limits;
        this.nodes = nodes;
        this.usage = usage;
        this.inlineThreshold = config.inlineThreshold();
    }

    /** What an upload created. */
    public record UploadResult(long files, long directories, long symlinks, long bytes, long version) {}

    public UploadResult upload(String volumeId, Caller caller, String rawPath, InputStream body) {
        long start = System.nanoTime();
        String target = VfsPaths.normalize(rawPath == null ? VfsPaths.WORKSPACE : rawPath);
        Volume v = files.access(volumeId, caller);
        VolumeLimits l = limits.forUser(v.userId);
        List<CommitService.Planned> planned = new ArrayList<>();
        List<StoredContent> stored = new ArrayList<>();
        planned.add(planned(ChangeOp.MKDIR, target, null, null, null, null));
        long[] counts = new long[4];
        try {
            Map<String, FileData> byPath = new HashMap<>();
            long held = 0;
            try (TarArchiveInputStream tar = new TarArchiveInputStream(tarStream(body, target))) {
                TarArchiveEntry entry;
                while ((entry = tar.getNextEntry()) != null) {
                    String path = entryPath(target, entry.getName());
                    if (path == null) {
                        continue;
                    }
                    int mode = entry.getMode() & 07777;
                    if (entry.isDirectory()) {
                        planned.add(planned(ChangeOp.MKDIR, path, null, mode == 0 ? null : mode, null, null));
                        counts[1]++;
                    } else if (entry.isSymbolicLink()) {
                        planned.add(planned(ChangeOp.SYMLINK, path, entry.getLinkName(), null, null, null));
                        counts[2]++;
                    } else if (entry.isLink()) {
                        String linked = entryPath(target, entry.getLinkName());
                        FileData data = linked == null ? null : byPath.get(linked);
                        if (data == null) {
                            throw new VfsException(
                                    Errno.EINVAL, path, "hard link to " + entry.getLinkName() + ", not in the archive");
                        }
                        planned.add(planned(ChangeOp.WRITE, path, null, mode, entry.getModTime(), data));
                        counts[0]++;
                    } else if (entry.isFile()) {
                        l.checkFileSize(path, entry.getSize());
                        FileData data;
                        if (entry.getSize() <= inlineThreshold && held < MAX_HELD_INLINE_BYTES) {
                            byte[] bytes = tar.readAllBytes();
                            held += bytes.length;
                            data = new FileData.Inline(bytes, FileService.sha256(bytes));
                        } else {
                            StoredContent s = content.store(new byte[0], 0, tar, size -> l.checkFileSize(path, size));
                            stored.add(s);
                            data = new FileData.Stored(s);
                        }
                        byPath.put(path, data);
                        planned.add(planned(ChangeOp.WRITE, path, null, mode, entry.getModTime(), data));
                        counts[0]++;
                        counts[3] += data.size();
                    }
                }
            } catch (IOException e) {
                throw new VfsException(Errno.EINVAL, target, "not a readable tar or tar.gz archive: " + e.getMessage());
            }
            long version = Await.transaction(() -> commits.applyInBulk(volumeId, planned, l, start, counts[0]));
            return new UploadResult(counts[0], counts[1], counts[2], counts[3], version);
        } catch (RuntimeException e) {
            stored.forEach(s -> files.releaseClaims(s.uploadId()));
            throw e;
        }
    }

    private static CommitService.Planned planned(
            ChangeOp op, String path, String target, Integer mode, java.util.Date mtime, FileData data) {
        CommitChange change = new CommitChange(
                op, path, null, null, null, target, mode, mtime == null ? null : mtime.toInstant(), null);
        return new CommitService.Planned(change, op, path, null, data);
    }

    /** Where an archive member lands under {@code target}; null for the archive's root; EINVAL outside it. */
    static String entryPath(String target, String name) {
        String relative = name;
        while (relative.startsWith("./") || relative.startsWith("/")) {
            relative = relative.startsWith("./") ? relative.substring(2) : relative.substring(1);
        }
        if (relative.isEmpty() || relative.equals(".")) {
            return null;
        }
        if (relative.indexOf('\0') >= 0) {
            throw new VfsException(Errno.EINVAL, target, "an archive member name contains a NUL byte");
        }
        String path = VfsPaths.normalize(VfsPaths.join(target, relative));
        if (!VfsPaths.isBelow(path, target)) {
            throw new VfsException(Errno.EINVAL, target, "archive member " + name + " would land outside " + target);
        }
        return path;
    }

    /**
     * The tar stream of an upload body, after checking that it starts like one: a first header block whose checksum
     * holds, or the end-of-archive zeros of an empty archive. Anything else (a text file, a zip, a truncated body)
     * would otherwise read as an archive without entries.
     */
    private static InputStream tarStream(InputStream body, String target) throws IOException {
        BufferedInputStream in = new BufferedInputStream(decompressed(body), 64 * 1024);
        in.mark(TAR_BLOCK);
        byte[] first = in.readNBytes(TAR_BLOCK);
        in.reset();
        if (first.length == 0) {
            throw new VfsException(Errno.EINVAL, target, "the request body is empty; send a tar or tar.gz archive");
        }
        boolean empty = first.length == TAR_BLOCK && allZero(first);
        if (first.length < TAR_BLOCK || !(empty || TarUtils.verifyCheckSum(first))) {
            throw new VfsException(
                    Errno.EINVAL,
                    target,
                    "the request body is not a tar or tar.gz archive (its first " + TAR_BLOCK
                            + " bytes are not a tar header)");
        }
        return in;
    }

    private static boolean allZero(byte[] block) {
        for (byte b : block) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    private static InputStream decompressed(InputStream body) throws IOException {
        BufferedInputStream in = new BufferedInputStream(body, 64 * 1024);
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        return b0 == 0x1f && b1 == 0x8b ? new GZIPInputStream(in, 64 * 1024) : in;
    }

    // ---- download ----

    /** Streams the directory (or file) at a path as tar.gz; member names are relative to it. Blocking. */
    public void download(String volumeId, Caller caller, String rawPath, OutputStream out) {
        long start = System.nanoTime();
        String path = VfsPaths.normalize(rawPath == null ? VfsPaths.WORKSPACE : rawPath);
        Volume v = files.access(volumeId, caller);
        NodeInfo root = files.stat(volumeId, caller, path, true);
        long[] bytes = {0};
        try (GZIPOutputStream gzip = new GZIPOutputStream(out, 64 * 1024);
                TarArchiveOutputStream tar = new TarArchiveOutputStream(gzip)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
            if (root.type() != NodeType.DIRECTORY) {
                FileRead file = files.describe(volumeId, caller, path);
                writeFile(tar, VfsPaths.name(path), file, bytes);
            } else {
                String resolved = files.resolvedPath(volumeId, path);
                String after = null;
                while (true) {
                    String from = after;
                    List<Node> page = Await.result(
                            () -> Panache.withSession(() -> nodes.subtreeNodes(volumeId, resolved, from, PAGE)));
                    for (Node n : page) {
                        if (n.path.equals(resolved)) {
                            continue;
                        }
                        String name = VfsPaths.relativize(n.path, resolved);
                        writeEntry(tar, name, n, bytes);
                    }
                    if (page.size() < PAGE) {
                        break;
                    }
                    after = page.get(page.size() - 1).path;
                }
            }
            tar.finish();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            Await.result(() -> usage.recordRead(v.userId, volumeId, Operation.FILE_READ, bytes[0], start));
        }
    }

    private void writeEntry(TarArchiveOutputStream tar, String name, Node n, long[] bytes) throws IOException {
        switch (n.type) {
            case DIRECTORY -> {
                TarArchiveEntry e = new TarArchiveEntry(name + "/");
                e.setMode(040000 | n.mode);
                e.setModTime(n.mtime.toEpochMilli());
                tar.putArchiveEntry(e);
                tar.closeArchiveEntry();
            }
            case SYMLINK -> {
                TarArchiveEntry e = new TarArchiveEntry(name, TarArchiveEntry.LF_SYMLINK);
                e.setLinkName(n.target);
                e.setMode(0120000 | n.mode);
                e.setModTime(n.mtime.toEpochMilli());
                tar.putArchiveEntry(e);
                tar.closeArchiveEntry();
            }
            case FILE -> {
                FileRead file = n.contentHash == null
                        ? new FileRead(NodeInfo.of(n), n.inlineData == null ? new byte[0] : n.inlineData, null, 0, null)
                        : new FileRead(
                                NodeInfo.of(n),
                                null,
                                n.contentHash,
                                Await.result(() -> files.contentOf(n.contentHash)).chunkSize,
                                null);
                writeFile(tar, name, file, bytes);
            }
        }
    }

    private void writeFile(TarArchiveOutputStream tar, String name, FileRead file, long[] bytes) throws IOException {
        NodeInfo info = file.info();
        TarArchiveEntry e = new TarArchiveEntry(name);
        e.setMode(0100000 | info.mode());
        e.setSize(info.size());
        e.setModTime(info.mtime().toEpochMilli());
        tar.putArchiveEntry(e);
        try (InputStream in =
                info.size() == 0 ? new ByteArrayInputStream(new byte[0]) : files.bytes(file, 0, info.size() - 1)) {
            bytes[0] += in.transferTo(tar);
        }
        tar.closeArchiveEntry();
    }
}
