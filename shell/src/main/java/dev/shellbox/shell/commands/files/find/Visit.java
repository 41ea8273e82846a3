package dev.shellbox.shell.commands.files.find;

import dev.shellbox.shell.fs.FileStat;

/** The file find is looking at: how it is shown, where it is, its stat and its depth below the starting point. */
final class Visit {
    /** The path as printed: the starting point as written, joined with the names below it. */
    final String path;
    /** The absolute path. */
    final String abs;
    /** lstat, or stat when symlinks are followed (-L, or -H for starting points). */
    final FileStat stat;

    final int depth;
    /** The starting point this file was reached from, as written. */
    final String start;
    /** Whether symlinks are being followed for this file. */
    final boolean following;
    /** Set by -prune: do not descend into this directory. */
    boolean prune;

    Visit(String path, String abs, FileStat stat, int depth, String start, boolean following) {
        this.path = path;
        this.abs = abs;
        this.stat = stat;
        this.depth = depth;
        this.start = start;
        this.following = following;
    }

    /** The base name, as -name matches it: trailing slashes ignored, "/" for the root. */
    String name() {
        String p = path;
        int end = p.length();
        while (end > 1 && p.charAt(end - 1) == '/') {
            end--;
        }
        p = p.substring(0, end);
        if (p.equals("/")) {
            return "/";
        }
        return p.substring(p.lastIndexOf('/') + 1);
    }
}
