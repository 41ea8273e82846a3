package dev.shellbox.shell.fs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.NotLinkException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The host's own file system, for the CLI. Paths of the shell map to {@code root} joined with the path ("/" by
 * default, i.e. the real tree).
 */
public final class HostFileSystem implements FileSystem {
    private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};
    private static final LinkOption[] FOLLOW = {};

    private final Path root;

    public HostFileSystem() {
        this(Path.of("/"));
    }

    public HostFileSystem(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    private Path host(String path) {
        String normalized = PathNames.normalize(path);
        return normalized.equals("/") ? root : root.resolve(normalized.substring(1));
    }

    @Override
    public FileStat stat(String path) throws FsException {
        return statOf(path, FOLLOW);
    }

    @Override
    public FileStat lstat(String path) throws FsException {
        return statOf(path, NOFOLLOW);
    }

    private FileStat statOf(String path, LinkOption[] options) throws FsException {
        return stat(host(path), path, options);
    }

    /** stat(2) of a host path as a {@link FileStat}; failures name {@code path}. */
    static FileStat stat(Path host, String path, LinkOption... options) throws FsException {
        try {
            Map<String, Object> a = Files.readAttributes(host, "unix:*", options);
            int rawMode = (Integer) a.get("mode");
            FileType type = switch (rawMode & 0170000) {
                case 0040000 -> FileType.DIRECTORY;
                case 0120000 -> FileType.SYMLINK;
                case 0020000, 0060000 -> FileType.CHARACTER_DEVICE;
                case 0010000, 0140000 -> FileType.FIFO;
                default -> FileType.REGULAR;
            };
            return new FileStat(
                    type,
                    rawMode & 07777,
                    (Long) a.get("size"),
                    ((FileTime) a.get("lastModifiedTime")).toMillis(),
                    ((FileTime) a.get("lastAccessTime")).toMillis(),
                    ((FileTime) a.get("ctime")).toMillis(),
                    (Long) a.get("ino"),
                    (Integer) a.get("nlink"),
                    (Integer) a.get("uid"),
                    (Integer) a.get("gid"));
        } catch (IOException e) {
            throw translate(e, path);
        }
    }

    @Override
    public List<String> list(String directory) throws FsException {
        try (Stream<Path> s = Files.list(host(directory))) {
            List<String> names = new ArrayList<>();
            s.forEach(p -> names.add(p.getFileName().toString()));
            return names;
        } catch (IOException e) {
            throw translate(e, directory);
        }
    }

    @Override
    public InputStream newInputStream(String path) throws FsException {
        Path p = host(path);
        if (Files.isDirectory(p)) {
            throw new FsException(Errno.EISDIR, path);
        }
        try {
            return Files.newInputStream(p);
        } catch (IOException e) {
            throw translate(e, path);
        }
    }

    @Override
    public OutputStream newOutputStream(String path, WriteMode mode, int createMode) throws FsException {
        Path p = host(path);
        if (Files.isDirectory(p)) {
            throw new FsException(Errno.EISDIR, path);
        }
        Set<OpenOption> options = new HashSet<>(List.of(StandardOpenOption.WRITE));
        switch (mode) {
            case TRUNCATE -> options.addAll(List.of(StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING));
            case APPEND -> options.addAll(List.of(StandardOpenOption.CREATE, StandardOpenOption.APPEND));
            case EXCLUSIVE -> options.add(StandardOpenOption.CREATE_NEW);
            case OVERWRITE -> options.add(StandardOpenOption.CREATE);
        }
        try {
            boolean existed = Files.exists(p);
            FileChannel channel = FileChannel.open(p, options);
            if (!existed) {
                setPermissions(p, createMode);
            }
            return Channels.newOutputStream(channel);
        } catch (IOException e) {
            throw translate(e, path);
        }
    }

    @Override
    public void createDirectory(String path, int mode) throws FsException {
        try {
            Path p = Files.createDirectory(host(path));
            setPermissions(p, mode);
        } catch (IOException e) {
            throw translate(e, path);
        }
    }

    @Override
    public void delete(String path) throws FsException {
        try {
            Files.delete(host(path));
        } catch (IOException e) {
            throw translate(e, path);
        }
    }

    @Override
    public void rename(String from, String to) throws FsException {
        try {
            Files.move(host(from), host(to), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw translate(e, to);
        }
    }

    @Override
    public void createSymlink(String link, String target) throws FsException {
        try {
            Files.createSymbolicLink(host(link), Path.of(target));
        } catch (IOException e) {
            throw translate(e, link);
        }
    }

    @Override
    public String readSymlink(String path) throws FsException {
        try {
            return Files.readSymbolicLink(host(path)).toString();
        } catch (NotLinkException e) {
            throw new FsException(Errno.EINVAL, path);
        } catch (IOException e) {
            throw translate(e, path);
        }
    }

    @Override
    public void createHardLink(String link, String existing) throws FsException {
        try {
            Files.createLink(host(link), host(existing));
        } catch (IOException e) {
            throw translate(e, link);
        }
    }

    @Override
    public void setMode(String path, int mode) throws FsException {
        try {
            Files.setAttribute(host(path), "unix:mode", mode & 07777);
        } catch (IOException e) {
            throw translate(e, path);
        }
    }

    @Override
    public void setTimes(String path, long mtimeMillis, long atimeMillis) throws FsException {
        try {
            Files.getFileAttributeView(host(path), PosixFileAttributeView.class)
                    .setTimes(FileTime.fromMillis(mtimeMillis), FileTime.fromMillis(atimeMillis), null);
        } catch (IOException e) {
            throw translate(e, path);
        }
    }

    @Override
    public void truncate(String path, long size) throws FsException {
        try (FileChannel channel = FileChannel.open(host(path), StandardOpenOption.WRITE)) {
            long current = channel.size();
            if (size < current) {
                channel.truncate(size);
            } else if (size > current) {
                channel.write(java.nio.ByteBuffer.allocate(1), size - 1);
            }
        } catch (IOException e) {
            throw translate(e, path);
        }
    }

    @Override
    public SpaceInfo space(String path) throws FsException {
        try {
            var store = Files.getFileStore(host(path));
            long total = store.getTotalSpace();
            long free = store.getUsableSpace();
            return new SpaceInfo(store.name(), total, total - store.getUnallocatedSpace(), free);
        } catch (IOException e) {
            throw translate(e, path);
        }
    }

    private static void setPermissions(Path p, int mode) throws IOException {
        Set<PosixFilePermission> perms = PosixFilePermissions.fromString(
                Modes.toString(FileType.REGULAR, mode & 0777).substring(1));
        Files.setPosixFilePermissions(p, perms);
    }

    /** Maps a java.nio failure to the errno Linux reported; the JDK's reason text is strerror's. */
    static FsException translate(IOException e, String path) {
        if (e instanceof FsException fs) {
            return fs;
        }
        Errno errno;
        if (e instanceof NoSuchFileException) {
            errno = Errno.ENOENT;
        } else if (e instanceof FileAlreadyExistsException) {
            errno = Errno.EEXIST;
        } else if (e instanceof DirectoryNotEmptyException) {
            errno = Errno.ENOTEMPTY;
        } else if (e instanceof NotDirectoryException) {
            errno = Errno.ENOTDIR;
        } else if (e instanceof AccessDeniedException) {
            errno = Errno.EACCES;
        } else if (e instanceof FileSystemLoopException) {
            errno = Errno.ELOOP;
        } else if (e instanceof FileSystemException fse && fse.getReason() != null) {
            errno = Errno.EIO;
            for (Errno candidate : Errno.values()) {
                // the JDK may add to strerror's text ("Too many levels of symbolic links or unable to access ...")
                if (fse.getReason().startsWith(candidate.message())) {
                    errno = candidate;
                    break;
                }
            }
        } else {
            errno = Errno.EIO;
        }
        return new FsException(errno, path);
    }
}
