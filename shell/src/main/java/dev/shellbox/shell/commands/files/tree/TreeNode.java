package dev.shellbox.shell.commands.files.tree;

import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.io.Text;
import java.util.List;

/** One entry of the listing, with what tree shows about it and, for a directory, its listed children. */
final class TreeNode {
    final String name;
    /** The path tree prints with -f: the operand joined with the names below it. */
    final String path;

    final String abs;
    /** lstat of the entry. */
    final FileStat stat;
    /** For a symlink: its target and the target's stat (null when dangling). */
    String linkTarget;

    FileStat targetStat;
    /** Whether tree counts it as a directory: a directory, or a symlink to one. */
    boolean isDirectory;
    /** The children to list; null when tree does not descend. */
    List<TreeNode> children;
    /** What goes in brackets after the name ("error opening dir", "recursive, not followed"). */
    String error;

    final byte[] key;

    TreeNode(String name, String path, String abs, FileStat stat) {
        this.name = name;
        this.path = path;
        this.abs = abs;
        this.stat = stat;
        this.key = Text.encode(name);
    }
}
