package dev.shellbox.vfs.domain;

/**
 * A regular file opened for reading: its metadata and where its bytes are.
 *
 * @param inline the bytes of a small file, or null
 * @param contentHash the content of a large file, or null
 * @param chunkSize the chunk size of that content
 */
public record FileRead(NodeInfo info, byte[] inline, String contentHash, int chunkSize, String userId) {
    public boolean isInline() {
        return inline != null;
    }
}
