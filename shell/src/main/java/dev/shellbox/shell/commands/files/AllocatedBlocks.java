package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.fs.FileStat;

/** The st_blocks of a file, which the file systems here do not keep, as ls, du, stat and find show it. */
public final class AllocatedBlocks {
    private AllocatedBlocks() {}

    /**
     * The 512-byte blocks a file occupies, as st_blocks reports them on ext4 with 4 KiB blocks: the file system keeps
     * no allocation, so a file takes its size rounded up to whole blocks, an empty file or a short symlink none.
     */
    public static long of(FileStat st) {
        long size = st.size();
        return switch (st.type()) {
            case REGULAR, DIRECTORY -> (size + 4095) / 4096 * 8;
            case SYMLINK -> size < 60 ? 0 : 8;
            default -> 0;
        };
    }
}
