package dev.shellbox.shell.fs;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Every file access of the shell and its commands goes through this interface, so an embedder decides where files
 * live: {@link InMemoryFileSystem} (tests and the reference behaviour), {@link HostFileSystem} (the CLI), or the
 * sandbox's VFS session.
 *
 * <p>Paths are absolute and normalized ({@link PathNames#normalize}); the caller resolves relative paths against its
 * working directory. Implementations follow symlinks in every component except where a method says otherwise, fail
 * with {@link FsException} carrying the errno Linux would give, and are safe to use from several threads (background
 * jobs and pipeline stages run concurrently).
 */
public interface FileSystem {

    /** stat(2): follows a final symlink. */
    FileStat stat(String path) throws FsException;

    /** lstat(2): describes a final symlink itself. */
    FileStat lstat(String path) throws FsException;

    /** The names in a directory, without {@code .} and {@code ..}, in no particular order. */
    List<String> list(String directory) throws FsException;

    /**
     * The entries of a directory with their lstat. Implementations that hold metadata together override this to avoid
     * one lookup per entry.
     */
    default List<DirEntry> listWithStats(String directory) throws FsException {
        List<String> names = list(directory);
        List<DirEntry> entries = new ArrayList<>(names.size());
        for (String name : names) {
            try {
                entries.add(new DirEntry(name, lstat(PathNames.join(directory, name))));
            } catch (FsException e) {
                // Removed between list and lstat: leave it out, as readdir+lstat would.
            }
        }
        return entries;
    }

    /** Opens a regular file for reading. EISDIR for a directory, ENOENT when missing. */
    InputStream newInputStream(String path) throws FsException;

    /**
     * Opens a file for writing, creating it with {@code createMode} (already reduced by the umask) when missing. The
     * parent directory must exist. Bytes become visible to readers as they are written.
     */
    OutputStream newOutputStream(String path, WriteMode mode, int createMode) throws FsException;

    /** mkdir(2): the parent must exist; EEXIST when anything exists at the path. */
    void createDirectory(String path, int mode) throws FsException;

    /** Removes a file, symlink or empty directory (unlink(2) or rmdir(2)); never follows a final symlink. */
    void delete(String path) throws FsException;

    /** rename(2): atomically replaces a file, or an empty directory by a directory. */
    void rename(String from, String to) throws FsException;

    /** symlink(2): creates {@code link} pointing at {@code target}, which is stored verbatim. */
    void createSymlink(String link, String target) throws FsException;

    /** readlink(2): the stored target of a symlink; EINVAL when the path is not a symlink. */
    String readSymlink(String path) throws FsException;

    /** link(2). File systems without hard links answer EPERM, as Linux does on such file systems. */
    default void createHardLink(String link, String existing) throws FsException {
        throw new FsException(Errno.EPERM, link);
    }

    /** chmod(2): permission bits (07777). Follows symlinks. */
    void setMode(String path, int mode) throws FsException;

    /** utimes(2): modification and access times in epoch milliseconds. Follows symlinks. */
    void setTimes(String path, long mtimeMillis, long atimeMillis) throws FsException;

    /** truncate(2): cuts or zero-extends a regular file. */
    void truncate(String path, long size) throws FsException;

    /** Whether anything exists at the path, following symlinks. */
    default boolean exists(String path) {
        try {
            stat(path);
            return true;
        } catch (FsException e) {
            return false;
        }
    }

    /**
     * realpath(3): the absolute path with every symlink resolved. Every component must exist, unless {@code
     * allowMissingLast} lets the final one be missing (as {@code readlink -f} does).
     */
    default String realPath(String path, boolean allowMissingLast) throws FsException {
        return PathNames.resolveSymlinks(this, path, allowMissingLast);
    }

    /** Total and free bytes as {@code df} reports them. */
    default SpaceInfo space(String path) throws FsException {
        stat(path);
        return new SpaceInfo("shellbox", 1L << 40, 0, 1L << 40);
    }

    /** One directory entry with its lstat. */
    record DirEntry(String name, FileStat stat) {}

    /** Capacity figures for {@code df}. */
    record SpaceInfo(String name, long totalBytes, long usedBytes, long availableBytes) {}
}
