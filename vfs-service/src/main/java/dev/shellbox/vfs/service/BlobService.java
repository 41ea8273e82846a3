package dev.shellbox.vfs.service;

import dev.shellbox.contracts.Operation;
import dev.shellbox.vfs.domain.Caller;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.StoredContent;
import dev.shellbox.vfs.domain.VfsException;
import dev.shellbox.vfs.domain.Volume;
import dev.shellbox.vfs.domain.VolumeLimits;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.InputStream;
import java.util.regex.Pattern;

/** Content uploaded ahead of a commit that references it by hash. */
@ApplicationScoped
public class BlobService {
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    private final FileService files;
    private final ContentService content;
    private final VolumeService volumes;
    private final LimitService limits;
    private final UsageRecorder usage;

    public BlobService(
            FileService files,
            ContentService content,
            VolumeService volumes,
            LimitService limits,
            UsageRecorder usage) {
        this.files = files;
        this.content = content;
        this.volumes = volumes;
        this.limits = limits;
        this.usage = usage;
    }

    public static String checkSha256(String sha256) {
        if (sha256 == null || !SHA256.matcher(sha256).matches()) {
            throw new VfsException(Errno.EINVAL, null, "a content hash is 64 lowercase hex digits (SHA-256)");
        }
        return sha256;
    }

    /** Stores a blob in chunks and lets the volume's commits reference it. */
    public StoredContent store(String volumeId, Caller caller, InputStream body) {
        long start = System.nanoTime();
        Volume v = files.access(volumeId, caller);
        VolumeLimits l = limits.forUser(v.userId);
        StoredContent stored = content.store(new byte[0], 0, body, size -> l.checkFileSize("(blob)", size));
        try {
            Await.transaction(() -> volumes.registerBlob(volumeId, stored));
        } catch (RuntimeException e) {
            files.releaseClaims(stored.uploadId());
            throw e;
        }
        Await.result(() -> usage.recordWrite(v.userId, volumeId, Operation.FILE_WRITE, stored.size(), start));
        return stored;
    }
}
