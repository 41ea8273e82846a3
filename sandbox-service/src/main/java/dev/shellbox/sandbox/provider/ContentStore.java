package dev.shellbox.sandbox.provider;

import java.io.IOException;
import java.io.InputStream;

/**
 * Where the bytes of files programs wrote go when they are too many or too large to hold in memory: the sandbox's
 * file tree then refers to them by content id and loads them when read.
 */
@FunctionalInterface
public interface ContentStore {

    /** What was stored: the content id the tree loads it by, and how many bytes it has. */
    record Stored(String contentId, long size) {}

    /** Stores everything {@code content} yields. */
    Stored store(InputStream content) throws IOException;
}
