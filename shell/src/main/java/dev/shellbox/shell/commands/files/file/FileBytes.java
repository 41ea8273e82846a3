package dev.shellbox.shell.commands.files.file;

import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import java.io.IOException;
import java.io.InputStream;

/**
 * The bytes of the file being examined: its first megabyte in memory, and reads at other offsets (a gzip trailer,
 * ELF section headers) that skip through a fresh stream rather than loading the file.
 */
final class FileBytes {
    static final int HEAD_LIMIT = 1 << 20;

    private final FileSystem fs;
    private final String path;
    final byte[] head;
    final long size;

    private FileBytes(FileSystem fs, String path, byte[] head, long size) {
        this.fs = fs;
        this.path = path;
        this.head = head;
        this.size = size;
    }

    static FileBytes open(FileSystem fs, String path, long size) throws IOException {
        try (InputStream in = fs.newInputStream(path)) {
            return new FileBytes(fs, path, in.readNBytes(HEAD_LIMIT), size);
        }
    }

    /** {@code length} bytes at {@code offset}; fewer at the end of the file. */
    byte[] read(long offset, int length) throws IOException {
        if (offset < 0 || length <= 0) {
            return new byte[0];
        }
        if (offset + length <= head.length) {
            byte[] copy = new byte[length];
            System.arraycopy(head, (int) offset, copy, 0, length);
            return copy;
        }
        try (InputStream in = fs.newInputStream(path)) {
            long skipped = 0;
            while (skipped < offset) {
                long n = in.skip(offset - skipped);
                if (n <= 0) {
                    if (in.read() < 0) {
                        return new byte[0];
                    }
                    n = 1;
                }
                skipped += n;
            }
            return in.readNBytes(length);
        } catch (FsException e) {
            return new byte[0];
        }
    }

    boolean startsWith(String magic) {
        return startsWith(0, magic);
    }

    boolean startsWith(int offset, String magic) {
        if (head.length < offset + magic.length()) {
            return false;
        }
        for (int i = 0; i < magic.length(); i++) {
            if ((head[offset + i] & 0xff) != magic.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    int u8(int offset) {
        return offset < head.length ? head[offset] & 0xff : 0;
    }

    int u16le(int offset) {
        return u8(offset) | u8(offset + 1) << 8;
    }

    int u16be(int offset) {
        return u8(offset) << 8 | u8(offset + 1);
    }

    long u32le(int offset) {
        return (long) u16le(offset) | (long) u16le(offset + 2) << 16;
    }

    long u32be(int offset) {
        return (long) u16be(offset) << 16 | u16be(offset + 2);
    }
}
