package dev.shellbox.shell.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link FileSystem} answers as Linux would, run against each implementation by a subclass. The tests work
 * in {@link #dir()}, a directory the subclass provides.
 */
abstract class FileSystemContract {
    FileSystem fs;
    String d;

    /** A fresh file system for one test. */
    abstract FileSystem create() throws IOException;

    /** A writable, empty directory of {@link #fs} for the test to work in. */
    abstract String dir(FileSystem fs) throws IOException;

    @BeforeEach
    void setUp() throws IOException {
        fs = create();
        d = dir(fs);
    }

    String p(String name) {
        return d + "/" + name;
    }

    void write(String path, String text, WriteMode mode) throws IOException {
        try (OutputStream out = fs.newOutputStream(path, mode, 0644)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    void write(String path, String text) throws IOException {
        write(path, text, WriteMode.TRUNCATE);
    }

    String read(String path) throws IOException {
        try (InputStream in = fs.newInputStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static void assertErrno(Errno errno, ThrowingCall call) {
        assertThatThrownBy(call::run)
                .isInstanceOfSatisfying(
                        FsException.class, e -> assertThat(e.errno()).isEqualTo(errno));
    }

    interface ThrowingCall {
        void run() throws IOException;
    }

    @Test
    void writesReadsAppendsAndTruncates() throws IOException {
        write(p("f"), "hello");
        write(p("f"), " world", WriteMode.APPEND);
        assertThat(read(p("f"))).isEqualTo("hello world");
        assertThat(fs.stat(p("f")).size()).isEqualTo(11);
        assertThat(fs.stat(p("f")).isRegularFile()).isTrue();

        fs.truncate(p("f"), 5);
        assertThat(read(p("f"))).isEqualTo("hello");
        write(p("f"), "bye");
        assertThat(read(p("f"))).isEqualTo("bye");
    }

    @Test
    void anExclusiveCreateOfAnExistingFileFailsWithEEXIST() throws IOException {
        write(p("f"), "x");
        assertErrno(
                Errno.EEXIST,
                () -> fs.newOutputStream(p("f"), WriteMode.EXCLUSIVE, 0644).close());
    }

    @Test
    void missingPathsAndFilesUsedAsDirectoriesFail() throws IOException {
        write(p("f"), "x");
        assertErrno(Errno.ENOENT, () -> fs.stat(p("missing")));
        assertErrno(Errno.ENOENT, () -> fs.newInputStream(p("missing")));
        assertErrno(Errno.ENOENT, () -> write(p("missing/f"), "x"));
        assertErrno(Errno.ENOTDIR, () -> fs.stat(p("f/x")));
        assertErrno(Errno.ENOTDIR, () -> fs.list(p("f")));
        assertThat(fs.exists(p("missing"))).isFalse();
        assertThat(fs.exists(p("f"))).isTrue();
    }

    @Test
    void directoriesAreMadeListedAndRemoved() throws IOException {
        fs.createDirectory(p("sub"), 0755);
        write(p("sub/a"), "1");
        write(p("sub/b"), "2");
        assertThat(fs.stat(p("sub")).isDirectory()).isTrue();
        assertThat(fs.list(p("sub"))).containsExactlyInAnyOrder("a", "b");
        assertThat(fs.listWithStats(p("sub")))
                .extracting(FileSystem.DirEntry::name)
                .containsExactlyInAnyOrder("a", "b");
        assertErrno(Errno.EEXIST, () -> fs.createDirectory(p("sub"), 0755));
        assertErrno(Errno.ENOENT, () -> fs.createDirectory(p("none/sub"), 0755));
        assertErrno(Errno.ENOTEMPTY, () -> fs.delete(p("sub")));
        assertErrno(Errno.EISDIR, () -> fs.newInputStream(p("sub")));

        fs.delete(p("sub/a"));
        fs.delete(p("sub/b"));
        fs.delete(p("sub"));
        assertThat(fs.exists(p("sub"))).isFalse();
        assertErrno(Errno.ENOENT, () -> fs.delete(p("sub")));
    }

    @Test
    void renameMovesAndReplacesFiles() throws IOException {
        write(p("a"), "A");
        write(p("b"), "B");
        fs.rename(p("a"), p("b"));
        assertThat(read(p("b"))).isEqualTo("A");
        assertThat(fs.exists(p("a"))).isFalse();

        fs.createDirectory(p("x"), 0755);
        fs.rename(p("b"), p("x/c"));
        assertThat(read(p("x/c"))).isEqualTo("A");
    }

    @Test
    void symlinksResolveRelativeToTheirDirectoryAndKeepTheirTarget() throws IOException {
        fs.createDirectory(p("real"), 0755);
        write(p("real/f"), "content");
        fs.createSymlink(p("rel"), "real");
        fs.createSymlink(p("abs"), p("real/f"));
        fs.createSymlink(p("dangling"), "nowhere");

        assertThat(fs.readSymlink(p("rel"))).isEqualTo("real");
        assertThat(fs.lstat(p("rel")).isSymlink()).isTrue();
        assertThat(fs.stat(p("rel")).isDirectory()).isTrue();
        assertThat(read(p("rel/f"))).isEqualTo("content");
        assertThat(read(p("abs"))).isEqualTo("content");
        assertThat(fs.list(p("rel"))).containsExactly("f");
        assertThat(fs.realPath(p("rel/f"), false)).isEqualTo(fs.realPath(p("real/f"), false));
        assertThat(fs.lstat(p("dangling")).isSymlink()).isTrue();
        assertErrno(Errno.ENOENT, () -> fs.stat(p("dangling")));
        assertErrno(Errno.EINVAL, () -> fs.readSymlink(p("real")));
    }

    @Test
    void aSymlinkLoopFailsWithELOOP() throws IOException {
        fs.createSymlink(p("a"), "b");
        fs.createSymlink(p("b"), "a");
        assertErrno(Errno.ELOOP, () -> fs.stat(p("a")));
    }

    @Test
    void deletingASymlinkLeavesItsTarget() throws IOException {
        write(p("f"), "x");
        fs.createSymlink(p("l"), "f");
        fs.delete(p("l"));
        assertThat(fs.exists(p("l"))).isFalse();
        assertThat(read(p("f"))).isEqualTo("x");
    }

    @Test
    void modeAndTimesAreSet() throws IOException {
        write(p("f"), "x");
        fs.setMode(p("f"), 0600);
        fs.setTimes(p("f"), 1_000_000_000_000L, 1_000_000_000_000L);
        FileStat st = fs.stat(p("f"));
        assertThat(st.mode()).isEqualTo(0600);
        assertThat(st.mtimeMillis()).isEqualTo(1_000_000_000_000L);
    }

    @Test
    void aListingHasNoDotEntries() throws IOException {
        write(p("f"), "x");
        List<String> names = fs.list(d);
        assertThat(names).containsExactly("f");
    }
}
