package dev.shellbox.shell.interp;

import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FileType;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The virtual devices over any file system: {@code /dev/null}, {@code /dev/zero}, {@code /dev/urandom}, {@code
 * /dev/std*} and {@code /dev/fd/N} (symlinks into {@code /proc/self/fd}), {@code /proc/self}, and {@code /bin} and
 * {@code /usr/bin} listing the registered commands so that {@code ls /usr/bin} and {@code which grep} answer as on
 * Linux. Everything else goes to the underlying file system.
 */
public final class DeviceFileSystem implements FileSystem {
    private static final long BOOT = 0L;
    private static final Set<String> DEVICES =
            Set.of("/dev/null", "/dev/zero", "/dev/urandom", "/dev/random", "/dev/tty", "/dev/full");
    private static final Set<String> DEV_LINKS = Set.of("/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/fd");

    private final FileSystem base;
    private final Supplier<Set<String>> commands;
    private final int uid;
    private final int gid;

    /**
     * @param base the file system to decorate
     * @param commands the names listed in {@code /bin} and {@code /usr/bin}
     */
    public DeviceFileSystem(FileSystem base, Supplier<Set<String>> commands, int uid, int gid) {
        this.base = base;
        this.commands = commands;
        this.uid = uid;
        this.gid = gid;
    }

    public FileSystem base() {
        return base;
    }

    private static boolean isCommandDir(String dir) {
        return dir.equals("/bin") || dir.equals("/usr/bin");
    }

    /** Whether {@code abs} is a registered command shown in /bin or /usr/bin but absent from the base. */
    boolean isVirtualCommand(String abs) {
        String dir = PathNames.parent(abs);
        if (!isCommandDir(dir) || !commands.get().contains(PathNames.name(abs))) {
            return false;
        }
        try {
            base.lstat(abs);
            return false;
        } catch (FsException e) {
            return true;
        }
    }

    private boolean baseExists(String path) {
        try {
            base.lstat(path);
            return true;
        } catch (FsException e) {
            return false;
        }
    }

    private FileStat virtualDir(long inode) {
        return new FileStat(FileType.DIRECTORY, 0755, 4096, BOOT, BOOT, BOOT, inode, 2, 0, 0);
    }

    private FileStat device(long inode) {
        return new FileStat(FileType.CHARACTER_DEVICE, 0666, 0, BOOT, BOOT, BOOT, inode, 1, 0, 0);
    }

    private FileStat link(String target, long inode) {
        return new FileStat(FileType.SYMLINK, 0777, target.length(), BOOT, BOOT, BOOT, inode, 1, uid, gid);
    }

    private FileStat commandFile(String name) {
        return new FileStat(FileType.REGULAR, 0755, 0, BOOT, BOOT, BOOT, 0x7000_0000L + name.hashCode(), 1, 0, 0);
    }

    /** The stat of a virtual path, or null when the path is not virtual. */
    private FileStat virtualStat(String p, boolean follow) throws FsException {
        if (p.equals("/dev") || p.equals("/proc") || p.equals("/proc/self") || p.equals("/proc/self/fd")) {
            if (!baseExists(p) || p.startsWith("/proc")) {
                return virtualDir(0x7100_0000L + p.hashCode());
            }
            return null;
        }
        if (DEVICES.contains(p)) {
            return device(0x7200_0000L + p.hashCode());
        }
        if (DEV_LINKS.contains(p)) {
            if (follow) {
                if (p.equals("/dev/fd")) {
                    return virtualDir(0x7300_0000L);
                }
                return device(0x7300_0001L + p.hashCode());
            }
            return link(readSymlink(p), 0x7300_0002L + p.hashCode());
        }
        if (p.startsWith("/dev/fd/") || p.startsWith("/proc/self/fd/")) {
            String n = PathNames.name(p);
            if (!n.isEmpty() && n.chars().allMatch(Character::isDigit)) {
                return follow
                        ? device(0x7400_0000L + p.hashCode())
                        : link("pipe:[" + n + "]", 0x7400_0001L + p.hashCode());
            }
            throw new FsException(Errno.ENOENT, p);
        }
        if (p.equals("/proc/self/cwd") || p.equals("/proc/self/exe")) {
            if (follow) {
                return p.endsWith("cwd") ? virtualDir(0x7500_0000L) : commandFile("bash");
            }
            return link(p.endsWith("cwd") ? "/" : "/usr/bin/bash", 0x7500_0001L);
        }
        if ((p.equals("/bin") || p.equals("/usr/bin") || p.equals("/usr")) && !baseExists(p)) {
            return virtualDir(0x7600_0000L + p.hashCode());
        }
        if (isVirtualCommand(p)) {
            return commandFile(PathNames.name(p));
        }
        return null;
    }

    @Override
    public FileStat stat(String path) throws FsException {
        String p = PathNames.normalize(path);
        FileStat v = virtualStat(p, true);
        return v != null ? v : base.stat(p);
    }

    @Override
    public FileStat lstat(String path) throws FsException {
        String p = PathNames.normalize(path);
        FileStat v = virtualStat(p, false);
        return v != null ? v : base.lstat(p);
    }

    @Override
    public List<String> list(String directory) throws FsException {
        String d = PathNames.normalize(directory);
        switch (d) {
            case "/dev":
                return merged(
                        d,
                        List.of("fd", "full", "null", "random", "stderr", "stdin", "stdout", "tty", "urandom", "zero"));
            case "/proc":
                return List.of("self");
            case "/proc/self":
                return List.of("cwd", "exe", "fd");
            case "/dev/fd":
            case "/proc/self/fd":
                return List.of("0", "1", "2");
            case "/bin":
            case "/usr/bin":
                return merged(d, new ArrayList<>(commands.get()));
            case "/usr":
                return merged(d, List.of("bin"));
            case "/":
                return merged(d, List.of("bin", "dev", "proc", "usr"));
            default:
                return base.list(d);
        }
    }

    @Override
    public List<FileSystem.DirEntry> listWithStats(String directory) throws FsException {
        String d = PathNames.normalize(directory);
        if (holdsVirtualEntries(d)) {
            return FileSystem.super.listWithStats(d);
        }
        // Most directories hold nothing virtual: let the base answer in one pass instead of one lookup per entry.
        return base.listWithStats(d);
    }

    private static boolean holdsVirtualEntries(String dir) {
        return dir.equals("/")
                || dir.equals("/usr")
                || isCommandDir(dir)
                || dir.equals("/dev")
                || dir.startsWith("/dev/")
                || dir.equals("/proc")
                || dir.startsWith("/proc/");
    }

    private List<String> merged(String dir, List<String> virtual) throws FsException {
        Set<String> names = new LinkedHashSet<>();
        try {
            names.addAll(base.list(dir));
        } catch (FsException e) {
            if (e.errno() != Errno.ENOENT) {
                throw e;
            }
        }
        names.addAll(virtual);
        return new ArrayList<>(names);
    }

    @Override
    public InputStream newInputStream(String path) throws FsException {
        String p = PathNames.normalize(path);
        switch (p) {
            case "/dev/null":
            case "/dev/full":
                return new Pipe.Empty();
            case "/dev/zero":
                return new InputStream() {
                    @Override
                    public int read() {
                        return 0;
                    }

                    @Override
                    public int read(byte[] b, int off, int len) {
                        java.util.Arrays.fill(b, off, off + len, (byte) 0);
                        return len;
                    }
                };
            case "/dev/urandom":
            case "/dev/random":
                return new InputStream() {
                    private final SecureRandom random = new SecureRandom();

                    @Override
                    public int read() {
                        return random.nextInt(256);
                    }

                    @Override
                    public int read(byte[] b, int off, int len) {
                        byte[] tmp = new byte[len];
                        random.nextBytes(tmp);
                        System.arraycopy(tmp, 0, b, off, len);
                        return len;
                    }
                };
            case "/dev/tty":
                throw new FsException(Errno.ENOENT, p);
            default:
                if (isVirtualCommand(p)) {
                    return InputStream.nullInputStream();
                }
                if (virtualStat(p, true) != null && virtualStat(p, true).isDirectory()) {
                    throw new FsException(Errno.EISDIR, p);
                }
                return base.newInputStream(p);
        }
    }

    @Override
    public OutputStream newOutputStream(String path, WriteMode mode, int createMode) throws FsException {
        String p = PathNames.normalize(path);
        switch (p) {
            case "/dev/null":
            case "/dev/zero":
            case "/dev/urandom":
            case "/dev/random":
                return OutputStream.nullOutputStream();
            case "/dev/full":
                return new OutputStream() {
                    @Override
                    public void write(int b) throws FsException {
                        throw new FsException(Errno.ENOSPC, "/dev/full");
                    }
                };
            case "/dev/tty":
                throw new FsException(Errno.ENOENT, p);
            default:
                if (isVirtual(p)) {
                    throw new FsException(Errno.EACCES, p);
                }
                return base.newOutputStream(p, mode, createMode);
        }
    }

    private boolean isVirtual(String p) throws FsException {
        return virtualStat(p, false) != null;
    }

    @Override
    public void createDirectory(String path, int mode) throws FsException {
        String p = PathNames.normalize(path);
        if (isVirtual(p) && !((p.equals("/bin") || p.equals("/usr/bin") || p.equals("/usr")) && !baseExists(p))) {
            throw new FsException(Errno.EEXIST, p);
        }
        base.createDirectory(p, mode);
    }

    @Override
    public void delete(String path) throws FsException {
        String p = PathNames.normalize(path);
        if (isVirtual(p)) {
            throw new FsException(Errno.EACCES, p);
        }
        base.delete(p);
    }

    @Override
    public void rename(String from, String to) throws FsException {
        String f = PathNames.normalize(from);
        String t = PathNames.normalize(to);
        if (isVirtual(f) || DEVICES.contains(t)) {
            throw new FsException(Errno.EACCES, isVirtual(f) ? f : t);
        }
        base.rename(f, t);
    }

    @Override
    public void createSymlink(String link, String target) throws FsException {
        String p = PathNames.normalize(link);
        if (isVirtual(p)) {
            throw new FsException(Errno.EEXIST, p);
        }
        base.createSymlink(p, target);
    }

    @Override
    public String readSymlink(String path) throws FsException {
        String p = PathNames.normalize(path);
        switch (p) {
            case "/dev/stdin":
                return "/proc/self/fd/0";
            case "/dev/stdout":
                return "/proc/self/fd/1";
            case "/dev/stderr":
                return "/proc/self/fd/2";
            case "/dev/fd":
                return "/proc/self/fd";
            case "/proc/self/cwd":
                return "/";
            case "/proc/self/exe":
                return "/usr/bin/bash";
            default:
                if (p.startsWith("/dev/fd/") || p.startsWith("/proc/self/fd/")) {
                    return "pipe:[" + PathNames.name(p) + "]";
                }
                if (isVirtual(p)) {
                    throw new FsException(Errno.EINVAL, p);
                }
                return base.readSymlink(p);
        }
    }

    @Override
    public void createHardLink(String link, String existing) throws FsException {
        base.createHardLink(PathNames.normalize(link), PathNames.normalize(existing));
    }

    @Override
    public void setMode(String path, int mode) throws FsException {
        String p = PathNames.normalize(path);
        if (isVirtual(p)) {
            throw new FsException(Errno.EPERM, p);
        }
        base.setMode(p, mode);
    }

    @Override
    public void setTimes(String path, long mtimeMillis, long atimeMillis) throws FsException {
        String p = PathNames.normalize(path);
        if (DEVICES.contains(p)) {
            return;
        }
        if (isVirtual(p)) {
            throw new FsException(Errno.EPERM, p);
        }
        base.setTimes(p, mtimeMillis, atimeMillis);
    }

    @Override
    public void truncate(String path, long size) throws FsException {
        String p = PathNames.normalize(path);
        if (p.equals("/dev/null")) {
            return;
        }
        if (isVirtual(p)) {
            throw new FsException(Errno.EINVAL, p);
        }
        base.truncate(p, size);
    }

    @Override
    public SpaceInfo space(String path) throws FsException {
        return base.space(PathNames.normalize(path));
    }
}
