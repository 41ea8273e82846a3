package dev.shellbox.shell.commands.files.ls;

import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.io.Text;

/** One file as ls shows it: its name, where it is, its stat and, for a symlink, its target. */
final class LsEntry {
    /** The name as listed: an operand as written, or a directory entry's name. */
    final String name;
    /** The absolute path. */
    final String path;
    /** What is shown: lstat, or stat when the symlink is followed. */
    final FileStat stat;
    /** A symlink's stored target, or null. */
    String linkTarget;
    /** The stat of a symlink's target; null when it dangles or is not needed. */
    FileStat targetStat;
    /** The name's bytes, for C.UTF-8 (bytewise) ordering. */
    final byte[] key;

    LsEntry(String name, String path, FileStat stat) {
        this.name = name;
        this.path = path;
        this.stat = stat;
        this.key = Text.encode(name);
    }

    boolean isDirectory() {
        return stat.isDirectory();
    }
}
