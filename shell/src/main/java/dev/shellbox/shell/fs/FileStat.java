package dev.shellbox.shell.fs;

/**
 * What stat(2) says about a file.
 *
 * @param type regular, directory, symlink, ...
 * @param mode permission bits only (07777)
 * @param size bytes; for a symlink the length of its target
 * @param mtimeMillis last content modification, epoch milliseconds
 * @param atimeMillis last access, epoch milliseconds
 * @param ctimeMillis last status change, epoch milliseconds
 * @param inode a number unique per file within the file system
 * @param nlink hard link count
 * @param uid owner user id
 * @param gid owner group id
 */
public record FileStat(
        FileType type,
        int mode,
        long size,
        long mtimeMillis,
        long atimeMillis,
        long ctimeMillis,
        long inode,
        int nlink,
        int uid,
        int gid) {

    public boolean isDirectory() {
        return type == FileType.DIRECTORY;
    }

    public boolean isRegularFile() {
        return type == FileType.REGULAR;
    }

    public boolean isSymlink() {
        return type == FileType.SYMLINK;
    }

    /** {@code -rwxr-xr-x} as ls -l prints it, including setuid, setgid and sticky bits. */
    public String modeString() {
        return Modes.toString(type, mode);
    }
}
