package dev.shellbox.shell.expand;

import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Pathname expansion: matches a pattern (quoted characters escaped with backslashes) against the file system, one
 * path component at a time, reading directories through {@link FileSystem} only.
 */
public final class Globber {
    private final FileSystem fs;
    private final String cwd;
    private final boolean dotglob;
    private final boolean extglob;
    private final boolean globstar;
    private final boolean nocase;
    private final ExpansionContext ctx;

    public Globber(ExpansionContext ctx) {
        this.ctx = ctx;
        this.fs = ctx.fileSystem();
        this.cwd = ctx.cwd();
        this.dotglob = ctx.option(ExpandOption.DOTGLOB);
        this.extglob = ctx.option(ExpandOption.EXTGLOB);
        this.globstar = ctx.option(ExpandOption.GLOBSTAR);
        this.nocase = ctx.option(ExpandOption.NOCASEGLOB);
    }

    /** The sorted paths matching {@code pattern}; empty when none. */
    public List<String> expand(String pattern) {
        boolean absolute = pattern.startsWith("/");
        List<String> segments = splitSegments(pattern);
        boolean trailingSlash = pattern.endsWith("/") && pattern.length() > 1;
        List<String> results = new ArrayList<>();
        String start = absolute ? "/" : "";
        walk(start, segments, 0, results);
        if (trailingSlash) {
            List<String> dirs = new ArrayList<>();
            for (String r : results) {
                if (isDirectory(r)) {
                    dirs.add(r + "/");
                }
            }
            results = dirs;
        }
        Collections.sort(results, Globber::compareNames);
        return results;
    }

    /** Bash sorts matches by the locale's collation; in C.UTF-8 that is by code point. */
    private static int compareNames(String a, String b) {
        return a.compareTo(b);
    }

    private static List<String> splitSegments(String pattern) {
        List<String> segs = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                cur.append(c).append(pattern.charAt(++i));
                continue;
            }
            if (c == '(') {
                depth++;
            } else if (c == ')' && depth > 0) {
                depth--;
            }
            if (c == '/' && depth == 0) {
                if (cur.length() > 0) {
                    segs.add(cur.toString());
                }
                cur.setLength(0);
                continue;
            }
            cur.append(c);
        }
        if (cur.length() > 0) {
            segs.add(cur.toString());
        }
        return segs;
    }

    private String abs(String display) {
        if (display.isEmpty()) {
            return cwd;
        }
        return PathNames.resolve(cwd, display);
    }

    private boolean isDirectory(String display) {
        try {
            return fs.stat(abs(display)).isDirectory();
        } catch (FsException e) {
            return false;
        }
    }

    private static String join(String base, String name) {
        if (base.isEmpty()) {
            return name;
        }
        return base.endsWith("/") ? base + name : base + "/" + name;
    }

    private void walk(String base, List<String> segs, int i, List<String> out) {
        ctx.checkCancelled();
        if (i == segs.size()) {
            if (!base.isEmpty()) {
                out.add(base);
            }
            return;
        }
        String seg = segs.get(i);
        if (globstar && seg.equals("**")) {
            // zero or more directories
            if (i + 1 == segs.size()) {
                // "**" alone matches every file and directory below
                if (!base.isEmpty()) {
                    // base itself is not included for a trailing **, only its contents
                }
                collectAll(base, out);
                return;
            }
            walk(base, segs, i + 1, out);
            for (String dir : subdirectoriesRecursive(base)) {
                walk(dir, segs, i + 1, out);
            }
            return;
        }
        if (!GlobPattern.hasMeta(seg, extglob)) {
            String name = GlobPattern.unescape(seg);
            String path = join(base, name);
            if (i + 1 == segs.size()) {
                try {
                    fs.lstat(abs(path));
                    out.add(path);
                } catch (FsException e) {
                    // no match
                }
            } else if (isDirectory(path)) {
                walk(path, segs, i + 1, out);
            }
            return;
        }
        GlobPattern p = GlobPattern.compile(seg, extglob, nocase);
        boolean explicitDot = seg.startsWith(".") || seg.startsWith("\\.");
        List<FileSystem.DirEntry> entries;
        try {
            entries = fs.listWithStats(abs(base));
        } catch (FsException e) {
            return;
        }
        List<String> names = new ArrayList<>(entries.size());
        for (FileSystem.DirEntry e : entries) {
            names.add(e.name());
        }
        if (explicitDot) {
            names.add(".");
            names.add("..");
        }
        Collections.sort(names);
        for (String name : names) {
            if (name.startsWith(".") && !explicitDot) {
                if (!dotglob || name.equals(".") || name.equals("..")) {
                    continue;
                }
            }
            if ((name.equals(".") || name.equals("..")) && ctx.option(ExpandOption.GLOBSKIPDOTS)) {
                continue;
            }
            if (!p.matches(name)) {
                continue;
            }
            String path = join(base, name);
            if (i + 1 == segs.size()) {
                out.add(path);
            } else if (isDirectory(path)) {
                walk(path, segs, i + 1, out);
            }
        }
    }

    private void collectAll(String base, List<String> out) {
        List<FileSystem.DirEntry> entries;
        try {
            entries = fs.listWithStats(abs(base));
        } catch (FsException e) {
            return;
        }
        List<FileSystem.DirEntry> sorted = new ArrayList<>(entries);
        sorted.sort((a, b) -> a.name().compareTo(b.name()));
        for (FileSystem.DirEntry e : sorted) {
            if (e.name().startsWith(".") && !dotglob) {
                continue;
            }
            String path = join(base, e.name());
            out.add(path);
            if (e.stat().isDirectory()) {
                collectAll(path, out);
            }
        }
    }

    private List<String> subdirectoriesRecursive(String base) {
        List<String> dirs = new ArrayList<>();
        List<FileSystem.DirEntry> entries;
        try {
            entries = fs.listWithStats(abs(base));
        } catch (FsException e) {
            return dirs;
        }
        List<FileSystem.DirEntry> sorted = new ArrayList<>(entries);
        sorted.sort((a, b) -> a.name().compareTo(b.name()));
        for (FileSystem.DirEntry e : sorted) {
            if (e.name().startsWith(".") && !dotglob) {
                continue;
            }
            FileStat st = e.stat();
            if (st.isDirectory()) {
                String path = join(base, e.name());
                dirs.add(path);
                dirs.addAll(subdirectoriesRecursive(path));
            }
        }
        return dirs;
    }
}
