package dev.shellbox.vfs.domain;

/** The bytes a write gives a file: small ones inline, large ones stored in S3, or a content the volume already has. */
public sealed interface FileData {
    long size();

    String sha256();

    /** Bytes kept in the file's row. */
    record Inline(byte[] bytes, String sha256) implements FileData {
        @Override
        public long size() {
            return bytes.length;
        }
    }

    /** Chunks just uploaded, to be registered as a content in the writing transaction. */
    record Stored(StoredContent content) implements FileData {
        @Override
        public long size() {
            return content.size();
        }

        @Override
        public String sha256() {
            return content.sha256();
        }
    }

    /** A content already registered (a blob uploaded before the commit, or another file's). */
    record Existing(String sha256, long size) implements FileData {}
}
