package dev.shellbox.shell.fs;

import static dev.shellbox.shell.fs.FileSystemContract.assertErrno;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A volume with a host tree mounted over it as a sandbox's programs see it: {@code /usr} from the host,
 * {@code /bin -> usr/bin} and {@code /lib64 -> usr/lib64} as links, and one generated {@code /etc} file.
 */
class MountedFileSystemTest {
    @TempDir
    Path host;

    private InMemoryFileSystem volume;
    private FileSystem view;

    @BeforeEach
    void setUp() throws IOException {
        Path usr = host.resolve("usr");
        Files.createDirectories(usr.resolve("bin"));
        Files.createDirectories(usr.resolve("lib64"));
        Files.createDirectories(usr.resolve("lib/python3"));
        Files.writeString(usr.resolve("bin/tool"), "tool\n");
        Files.writeString(usr.resolve("lib64/ld.so"), "loader\n");
        Files.writeString(usr.resolve("lib/python3/os.py"), "import sys\n");
        Files.createSymbolicLink(usr.resolve("bin/python"), Path.of("../lib/python3/os.py"));
        Files.createSymbolicLink(usr.resolve("lib/os-release"), Path.of("/etc/os-release"));
        Files.createSymbolicLink(usr.resolve("lib/escape"), Path.of("../../../../../../../../etc/passwd"));
        Files.createSymbolicLink(usr.resolve("lib/loop"), Path.of("loop"));
        Path etc = Files.createDirectories(host.resolve("etc"));
        Files.writeString(etc.resolve("os-release"), "NAME=mounted\n");

        volume = new InMemoryFileSystem();
        volume.createDirectory("/workspace", 0755);
        volume.createDirectory("/tmp", 01777);
        view = view(MountedFileSystem.TopLevel.DIRECTORIES);
    }

    private FileSystem view(MountedFileSystem.TopLevel topLevel) {
        return MountedFileSystem.over(volume)
                .mount("/usr", HostDirectoryFileSystem.readOnly(host.resolve("usr")))
                .symlink("/bin", "usr/bin")
                .symlink("/lib64", "usr/lib64")
                .mount("/etc/os-release", HostDirectoryFileSystem.readOnly(host.resolve("etc/os-release")))
                .topLevel(topLevel)
                .build();
    }

    private String read(String path) throws IOException {
        try (InputStream in = view.newInputStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private void write(String path, String text) throws IOException {
        try (OutputStream out = view.newOutputStream(path, WriteMode.TRUNCATE, 0644)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void mountedFilesAndDirectoriesAreRead() throws IOException {
        assertThat(read("/etc/os-release")).isEqualTo("NAME=mounted\n");
        assertThat(read("/usr/bin/tool")).isEqualTo("tool\n");
        assertThat(view.list("/usr/lib")).containsExactlyInAnyOrder("python3", "os-release", "escape", "loop");
        assertThat(view.stat("/usr/lib").isDirectory()).isTrue();
        assertThat(view.list("/")).contains("workspace", "tmp", "usr", "bin", "lib64", "etc");
        assertThat(view.stat("/etc").isDirectory()).isTrue();
        assertThat(view.list("/etc")).containsExactly("os-release");
    }

    @Test
    void mountedSymlinksResolveInTheView() throws IOException {
        assertThat(view.readSymlink("/bin")).isEqualTo("usr/bin");
        assertThat(view.lstat("/bin").isSymlink()).isTrue();
        assertThat(view.stat("/bin").isDirectory()).isTrue();
        assertThat(read("/bin/tool")).isEqualTo("tool\n");
        assertThat(read("/lib64/ld.so")).isEqualTo("loader\n");
        assertThat(view.list("/bin")).containsExactlyInAnyOrder("tool", "python");
        assertThat(view.realPath("/bin/tool", false)).isEqualTo("/usr/bin/tool");
        assertThat(view.realPath("/bin/python", false)).isEqualTo("/usr/lib/python3/os.py");
    }

    @Test
    void linksInsideAHostTreeLandInTheViewNotOnTheHost() throws IOException {
        assertThat(view.readSymlink("/usr/lib/os-release")).isEqualTo("/etc/os-release");
        assertThat(read("/usr/lib/os-release")).isEqualTo("NAME=mounted\n");
        // ../../.. climbs to the view's root, where /etc/passwd is not mounted: never the host's
        assertErrno(Errno.ENOENT, () -> view.stat("/usr/lib/escape"));
        assertErrno(Errno.ENOENT, () -> view.newInputStream("/usr/lib/escape"));
        assertErrno(Errno.ELOOP, () -> view.stat("/usr/lib/loop"));
    }

    @Test
    void linksOfTheVolumeReachIntoMounts() throws IOException {
        volume.createSymlink("/workspace/py", "/bin/python");
        volume.createSymlink("/workspace/root", "/");

        assertThat(read("/workspace/py")).isEqualTo("import sys\n");
        assertThat(view.stat("/workspace/root/usr/bin").isDirectory()).isTrue();
        assertThat(view.list("/workspace/root/etc")).containsExactly("os-release");
        assertThat(view.realPath("/workspace/py", false)).isEqualTo("/usr/lib/python3/os.py");
    }

    @Test
    void everyChangeUnderAMountFailsWithEROFS() throws IOException {
        write("/workspace/f", "x");
        assertErrno(Errno.EROFS, () -> write("/usr/bin/evil", "x"));
        assertErrno(Errno.EROFS, () -> write("/usr/bin/tool", "x"));
        assertErrno(Errno.EROFS, () -> write("/bin/tool", "x"));
        assertErrno(Errno.EROFS, () -> write("/etc/os-release", "x"));
        assertErrno(Errno.EROFS, () -> view.createDirectory("/usr/new", 0755));
        assertErrno(Errno.EROFS, () -> view.delete("/usr/bin/tool"));
        assertErrno(Errno.EROFS, () -> view.delete("/bin"));
        assertErrno(Errno.EROFS, () -> view.delete("/etc/os-release"));
        assertErrno(Errno.EROFS, () -> view.rename("/usr/bin/tool", "/workspace/tool"));
        assertErrno(Errno.EROFS, () -> view.rename("/workspace/f", "/usr/bin/f"));
        assertErrno(Errno.EROFS, () -> view.setMode("/usr/bin/tool", 0777));
        assertErrno(Errno.EROFS, () -> view.setTimes("/usr/bin/tool", 0, 0));
        assertErrno(Errno.EROFS, () -> view.truncate("/usr/bin/tool", 0));
        assertErrno(Errno.EROFS, () -> view.createSymlink("/usr/bin/l", "tool"));
        assertErrno(Errno.EROFS, () -> view.createHardLink("/workspace/h", "/usr/bin/tool"));
        assertErrno(Errno.EROFS, () -> view.createHardLink("/usr/bin/h", "/workspace/f"));
        assertErrno(Errno.EROFS, () -> write("/etc/new", "x"));
        assertErrno(Errno.EEXIST, () -> view.createDirectory("/usr", 0755));
        assertErrno(Errno.EEXIST, () -> view.createDirectory("/etc", 0755));
        assertThat(read("/usr/bin/tool")).isEqualTo("tool\n");
    }

    @Test
    void changesThroughLinksOfTheVolumeIntoMountsFailToo() throws IOException {
        volume.createSymlink("/workspace/tool", "/usr/bin/tool");
        volume.createSymlink("/workspace/root", "/");

        assertErrno(Errno.EROFS, () -> write("/workspace/tool", "x"));
        assertErrno(Errno.EROFS, () -> view.setMode("/workspace/tool", 0777));
        assertErrno(Errno.EROFS, () -> write("/workspace/root/usr/bin/evil", "x"));
        assertErrno(Errno.EEXIST, () -> view.createDirectory("/workspace/root/usr", 0755));
        assertErrno(Errno.EROFS, () -> write("/workspace/root/evil", "x"));
        assertThat(volume.exists("/usr")).isFalse();
        // the link itself is the volume's
        view.delete("/workspace/tool");
        assertThat(read("/usr/bin/tool")).isEqualTo("tool\n");
    }

    @Test
    void theTopLevelTakesNewDirectoriesButNoFiles() throws IOException {
        assertErrno(Errno.EROFS, () -> write("/evil", "x"));
        assertErrno(Errno.EROFS, () -> view.createSymlink("/l", "workspace"));
        assertErrno(Errno.EROFS, () -> view.setMode("/", 0777));

        view.createDirectory("/data", 0755);
        write("/data/f", "x");
        view.rename("/data", "/data2");
        assertThat(read("/data2/f")).isEqualTo("x");
        view.delete("/data2/f");
        view.delete("/data2");
        write("/workspace/f", "inside the volume's directories, everything goes");
        view.delete("/workspace/f");
    }

    @Test
    void aReadOnlyTopLevelTakesNothingNew() throws IOException {
        view = view(MountedFileSystem.TopLevel.READ_ONLY);

        assertErrno(Errno.EROFS, () -> view.createDirectory("/data", 0755));
        assertErrno(Errno.EROFS, () -> view.delete("/tmp"));
        write("/workspace/f", "x");
    }

    @Test
    void aWritableTopLevelTakesAnything() throws IOException {
        view = view(MountedFileSystem.TopLevel.WRITABLE);

        write("/notes", "x");
        assertThat(read("/notes")).isEqualTo("x");
        assertErrno(Errno.EROFS, () -> write("/usr/notes", "x"));
    }

    @Test
    void aHostDirectoryAloneKeepsEveryPathInsideIt() throws IOException {
        FileSystem usr = HostDirectoryFileSystem.readOnly(host.resolve("usr"));

        // absolute targets start again at its root, .. stops there
        assertErrno(Errno.ENOENT, () -> usr.stat("/lib/os-release"));
        assertErrno(Errno.ENOENT, () -> usr.stat("/lib/escape"));
        assertErrno(Errno.ENOENT, () -> usr.newInputStream("/../../etc/os-release"));
        assertThat(usr.stat("/bin/python").isRegularFile()).isTrue();
        assertThat(usr.realPath("/bin/python", false)).isEqualTo("/lib/python3/os.py");
        assertErrno(Errno.EROFS, () -> usr.newOutputStream("/bin/new", WriteMode.TRUNCATE, 0644));
        assertErrno(Errno.EROFS, () -> usr.delete("/bin/tool"));
    }
}
