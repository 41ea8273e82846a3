package dev.shellbox.shell.commands.fileutil;

import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.io.Text;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Directory entries in the order of C.UTF-8 collation, which is the order of the names' bytes. The file system
 * returns entries in no particular order; commands that walk trees visit them in this one, so output is stable.
 */
public final class EntryOrder {
    private EntryOrder() {}

    public static List<FileSystem.DirEntry> sorted(List<FileSystem.DirEntry> entries) {
        record Keyed(byte[] key, FileSystem.DirEntry entry) {}
        List<Keyed> keyed = new ArrayList<>(entries.size());
        for (FileSystem.DirEntry e : entries) {
            keyed.add(new Keyed(Text.encode(e.name()), e));
        }
        keyed.sort((a, b) -> Arrays.compareUnsigned(a.key(), b.key()));
        List<FileSystem.DirEntry> sorted = new ArrayList<>(keyed.size());
        for (Keyed k : keyed) {
            sorted.add(k.entry());
        }
        return sorted;
    }
}
