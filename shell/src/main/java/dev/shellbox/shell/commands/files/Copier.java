package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies files and trees the way GNU {@code cp} does, for {@code cp} itself and for {@code mv} when a rename is not
 * possible: contents are streamed, new files get the source's mode minus the umask (or the exact mode and times
 * when preserved), existing files are overwritten in place, and symlinks are followed or copied as links.
 */
public final class Copier {
    private static final int BUFFER = 65536;

    /** When symlinks among the sources are followed. */
    public enum Dereference {
        ALWAYS,
        NEVER,
        COMMAND_LINE
    }

    /** Copy links instead of contents ({@code -l}, {@code -s}). */
    public enum LinkMode {
        COPY,
        HARD,
        SYMBOLIC
    }

    /** What cp's options ask for. */
    public static final class Options {
        public boolean recursive;
        public Dereference dereference = Dereference.ALWAYS;
        public boolean preserveMode;
        public boolean preserveTimestamps;
        public boolean noClobber;
        public boolean force;
        public boolean interactive;
        public boolean update;
        public boolean verbose;
        public boolean removeDestination;
        public LinkMode linkMode = LinkMode.COPY;
    }

    private final CommandContext ctx;
    private final FileSystem fs;
    private final Options options;

    public Copier(CommandContext ctx, Options options) {
        this.ctx = ctx;
        this.fs = ctx.fs();
        this.options = options;
    }

    /**
     * Copies the operand {@code source} to {@code dest} (both as the user wrote them, for messages); false when
     * something failed and was reported.
     */
    public boolean copyOperand(String source, String dest) throws IOException {
        String srcAbs;
        FileStat srcStat;
        try {
            srcAbs = PathOperands.resolve(ctx, source);
            srcStat = options.dereference == Dereference.NEVER
                    ? PathOperands.lstat(ctx, source)
                    : PathOperands.stat(ctx, source);
        } catch (FsException e) {
            ctx.error("cannot stat " + Quoting.shellAlways(source) + ": "
                    + e.errno().message());
            return false;
        }
        String dstAbs;
        try {
            dstAbs = PathOperands.resolve(ctx, dest);
        } catch (FsException e) {
            ctx.error("cannot create regular file " + Quoting.shellAlways(dest) + ": "
                    + e.errno().message());
            return false;
        }
        if (srcStat.isDirectory() && options.recursive && isInside(srcAbs, dstAbs)) {
            ctx.error("cannot copy a directory, " + Quoting.shellAlways(source) + ", into itself, "
                    + Quoting.shellAlways(dest));
            return false;
        }
        return copy(source, srcAbs, srcStat, dest, dstAbs, PathOperands.hasTrailingSlash(dest));
    }

    /** Whether {@code dest} is {@code dir} or lies below it, symlinks resolved. */
    private boolean isInside(String dir, String dest) {
        try {
            String realDir = fs.realPath(dir, false);
            String realDest = fs.realPath(dest, true);
            return realDest.equals(realDir) || realDest.startsWith(realDir.equals("/") ? "/" : realDir + "/");
        } catch (FsException e) {
            return false;
        }
    }

    private boolean copy(String src, String srcAbs, FileStat srcStat, String dst, String dstAbs, boolean dstSlash)
            throws IOException {
        ctx.checkCancelled();
        FileStat dstStat;
        try {
            dstStat = dstSlash ? PathOperands.stat(ctx, dst) : fs.lstat(dstAbs);
        } catch (FsException e) {
            if (e.errno() != Errno.ENOENT) {
                ctx.error("cannot stat " + Quoting.shellAlways(dst) + ": "
                        + e.errno().message());
                return false;
            }
            dstStat = null;
        }
        if (dstStat != null && dstStat.isSymlink() && !(srcStat.isSymlink())) {
            // Writing to an existing symlink writes to what it points at.
            try {
                dstStat = fs.stat(dstAbs);
            } catch (FsException e) {
                if (!srcStat.isDirectory() && !options.removeDestination) {
                    ctx.error("not writing through dangling symlink " + Quoting.shellAlways(dst));
                    return false;
                }
            }
        }
        if (dstStat != null
                && !dstStat.isSymlink()
                && dstStat.inode() == srcStat.inode()
                && options.linkMode == LinkMode.COPY) {
            ctx.error(Quoting.shellAlways(src) + " and " + Quoting.shellAlways(dst) + " are the same file");
            return false;
        }
        if (srcStat.isDirectory()) {
            return copyDirectory(src, srcAbs, srcStat, dst, dstAbs, dstStat);
        }
        if (dstStat != null && dstStat.isDirectory()) {
            ctx.error("cannot overwrite directory " + Quoting.shellAlways(dst) + " with non-directory");
            return false;
        }
        if (dstStat == null && dstSlash) {
            ctx.error("cannot create regular file " + Quoting.shellAlways(dst) + ": " + Errno.ENOTDIR.message());
            return false;
        }
        if (dstStat != null) {
            if (options.noClobber) {
                return true;
            }
            if (options.update && dstStat.mtimeMillis() >= srcStat.mtimeMillis()) {
                return true;
            }
            if (options.interactive && !Prompt.ask(ctx, "overwrite " + Quoting.shellAlways(dst) + "? ")) {
                return true;
            }
        }
        boolean ok = switch (options.linkMode) {
            case HARD -> link(src, srcAbs, dst, dstAbs, dstStat != null);
            case SYMBOLIC -> symlink(src, dst, dstAbs, dstStat != null);
            case COPY ->
                srcStat.isSymlink()
                        ? copySymlink(srcAbs, dst, dstAbs, dstStat != null)
                        : copyFile(src, srcAbs, srcStat, dst, dstAbs, dstStat != null);
        };
        if (ok && options.verbose) {
            ctx.print(Quoting.shellAlways(src) + " -> " + Quoting.shellAlways(dst) + "\n");
        }
        return ok;
    }

    private boolean copyDirectory(
            String src, String srcAbs, FileStat srcStat, String dst, String dstAbs, FileStat dstStat)
            throws IOException {
        if (!options.recursive) {
            ctx.error("-r not specified; omitting directory " + Quoting.shellAlways(src));
            return false;
        }
        if (dstStat != null && !dstStat.isDirectory()) {
            ctx.error("cannot overwrite non-directory " + Quoting.shellAlways(dst) + " with directory "
                    + Quoting.shellAlways(src));
            return false;
        }
        if (dstStat == null) {
            try {
                fs.createDirectory(dstAbs, srcStat.mode() & 0777 & ~ctx.umask() | 0700);
            } catch (FsException e) {
                ctx.error("cannot create directory " + Quoting.shellAlways(dst) + ": "
                        + e.errno().message());
                return false;
            }
            if (options.verbose) {
                ctx.print(Quoting.shellAlways(src) + " -> " + Quoting.shellAlways(dst) + "\n");
            }
        }
        List<FileSystem.DirEntry> entries;
        try {
            entries = new ArrayList<>(fs.listWithStats(srcAbs));
        } catch (FsException e) {
            ctx.error("cannot access " + Quoting.shellAlways(src) + ": "
                    + e.errno().message());
            return false;
        }
        entries = EntryOrder.sorted(entries);
        boolean ok = true;
        for (FileSystem.DirEntry entry : entries) {
            String childSrcAbs = PathNames.join(srcAbs, entry.name());
            FileStat childStat = entry.stat();
            if (childStat.isSymlink() && options.dereference == Dereference.ALWAYS) {
                try {
                    childStat = fs.stat(childSrcAbs);
                } catch (FsException e) {
                    ctx.error("cannot stat " + Quoting.shellAlways(join(src, entry.name())) + ": "
                            + e.errno().message());
                    ok = false;
                    continue;
                }
            }
            ok &= copy(
                    join(src, entry.name()),
                    childSrcAbs,
                    childStat,
                    join(dst, entry.name()),
                    PathNames.join(dstAbs, entry.name()),
                    false);
        }
        if (dstStat == null || options.preserveMode) {
            int mode = options.preserveMode ? srcStat.mode() : srcStat.mode() & 0777 & ~ctx.umask();
            fs.setMode(dstAbs, mode);
        }
        if (options.preserveTimestamps) {
            fs.setTimes(dstAbs, srcStat.mtimeMillis(), srcStat.atimeMillis());
        }
        return ok;
    }

    private boolean copyFile(String src, String srcAbs, FileStat srcStat, String dst, String dstAbs, boolean exists)
            throws IOException {
        if (exists && options.removeDestination) {
            fs.delete(dstAbs);
            exists = false;
        }
        int createMode = srcStat.mode() & 0777 & ~ctx.umask();
        try (InputStream in = fs.newInputStream(srcAbs)) {
            OutputStream out;
            try {
                out = fs.newOutputStream(dstAbs, WriteMode.TRUNCATE, createMode);
            } catch (FsException e) {
                if (!exists || !options.force) {
                    String what = exists ? "cannot open " : "cannot create regular file ";
                    ctx.error(what
                            + Quoting.shellAlways(dst)
                            + (exists ? " for writing: " : ": ")
                            + e.errno().message());
                    return false;
                }
                fs.delete(dstAbs);
                out = fs.newOutputStream(dstAbs, WriteMode.TRUNCATE, createMode);
            }
            try (OutputStream target = out) {
                byte[] buffer = new byte[BUFFER];
                int n;
                while ((n = in.read(buffer)) > 0) {
                    ctx.checkCancelled();
                    target.write(buffer, 0, n);
                }
            }
        } catch (FsException e) {
            ctx.error("cannot open " + Quoting.shellAlways(src) + " for reading: "
                    + e.errno().message());
            return false;
        }
        if (options.preserveMode) {
            fs.setMode(dstAbs, srcStat.mode());
        }
        if (options.preserveTimestamps) {
            fs.setTimes(dstAbs, srcStat.mtimeMillis(), srcStat.atimeMillis());
        }
        return true;
    }

    private boolean copySymlink(String srcAbs, String dst, String dstAbs, boolean exists) throws IOException {
        try {
            String target = fs.readSymlink(srcAbs);
            if (exists) {
                fs.delete(dstAbs);
            }
            fs.createSymlink(dstAbs, target);
            return true;
        } catch (FsException e) {
            ctx.error("cannot create symbolic link " + Quoting.shellAlways(dst) + ": "
                    + e.errno().message());
            return false;
        }
    }

    private boolean link(String src, String srcAbs, String dst, String dstAbs, boolean exists) throws IOException {
        try {
            if (exists) {
                if (!options.force && !options.removeDestination) {
                    throw new FsException(Errno.EEXIST, dstAbs);
                }
                fs.delete(dstAbs);
            }
            fs.createHardLink(dstAbs, srcAbs);
            return true;
        } catch (FsException e) {
            ctx.error("cannot create hard link " + Quoting.shellAlways(dst) + " to " + Quoting.shellAlways(src) + ": "
                    + e.errno().message());
            return false;
        }
    }

    private boolean symlink(String src, String dst, String dstAbs, boolean exists) throws IOException {
        if (!src.startsWith("/") && dst.contains("/")) {
            ctx.error(Quoting.shell(dst) + ": can make relative symbolic links only in current directory");
            return false;
        }
        try {
            if (exists) {
                if (!options.force && !options.removeDestination) {
                    throw new FsException(Errno.EEXIST, dstAbs);
                }
                fs.delete(dstAbs);
            }
            fs.createSymlink(dstAbs, src);
            return true;
        } catch (FsException e) {
            ctx.error("cannot create symbolic link " + Quoting.shellAlways(dst) + ": "
                    + e.errno().message());
            return false;
        }
    }

    /** A child's name for messages: {@code d/x}, without doubling a trailing slash. */
    static String join(String parent, String name) {
        return parent.endsWith("/") ? parent + name : parent + "/" + name;
    }
}
