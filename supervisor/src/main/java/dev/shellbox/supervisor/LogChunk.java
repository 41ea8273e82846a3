package dev.shellbox.supervisor;

/**
 * Bytes of a program's log.
 *
 * @param stream 1 for stdout, 2 for stderr
 * @param offset where in the log {@code data} starts
 * @param data the bytes
 * @param ended whether the program ended and this reaches the end of its log
 */
public record LogChunk(int stream, long offset, byte[] data, boolean ended) {

    /** The offset after these bytes: the cursor of the next read. */
    public long next() {
        return offset + data.length;
    }
}
