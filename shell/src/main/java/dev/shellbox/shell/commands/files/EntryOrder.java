package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.io.Text;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Directory entries in the order of C.UTF-8 collation, which is the order of the names' bytes. The file system
 * returns entries in no particular order; commands that walk trees visit them in this one, so output is stable.
 */
public final class EntryOrder {
    /** Names in byte order of their UTF-8 (or raw) bytes, without encoding them where they differ in ASCII. */
    public static final Comparator<String> NAMES = EntryOrder::compareNames;

    private EntryOrder() {}

    public static List<FileSystem.DirEntry> sorted(List<FileSystem.DirEntry> entries) {
        List<FileSystem.DirEntry> sorted = new ArrayList<>(entries);
        sorted.sort((a, b) -> compareNames(a.name(), b.name()));
        return sorted;
    }

    public static int compareNames(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                if (x < 0x80 && y < 0x80) {
                    return x - y;
                }
                // Beyond ASCII the UTF-16 order is not the byte order: compare the bytes from here on.
                return Arrays.compareUnsigned(Text.encode(a.substring(i)), Text.encode(b.substring(i)));
            }
        }
        return a.length() - b.length();
    }
}
