package dev.shellbox.vfs.domain;

import java.util.List;
import java.util.UUID;

/**
 * Large-file content whose chunks are in S3, claimed by upload {@code uploadId} and not yet referenced: the SHA-256 and
 * size of all its bytes, and its chunks in order.
 */
public record StoredContent(UUID uploadId, String sha256, long size, int chunkSize, List<String> chunks) {
    public StoredContent {
        chunks = List.copyOf(chunks);
    }
}
