package dev.shellbox.shell.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InMemoryFileSystemTest {
    private final InMemoryFileSystem fs = new InMemoryFileSystem();

    private void write(FileSystem f, String path, String text) throws IOException {
        try (OutputStream out = f.newOutputStream(path, WriteMode.TRUNCATE, 0644)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    private String read(FileSystem f, String path) throws IOException {
        try (InputStream in = f.newInputStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aFileAddedOverAnOpenOneIsTheSameFileSoAnAppendLandsInIt() throws IOException {
        fs.createDirectory("/d", 0755);
        write(fs, "/d/log", "first\n");
        try (OutputStream append = fs.newOutputStream("/d/log", WriteMode.APPEND, 0644)) {
            fs.addFile("/d/log", 0644, 0, "first\nfrom elsewhere\n".getBytes(StandardCharsets.UTF_8), null);
            append.write("appended\n".getBytes(StandardCharsets.UTF_8));
        }

        assertThat(read(fs, "/d/log")).isEqualTo("first\nfrom elsewhere\nappended\n");
        assertThat(fs.usedBytes()).isEqualTo("first\nfrom elsewhere\nappended\n".length());
    }

    @Test
    void theVersionMovesWithEveryChangeAndNotWithReads() throws IOException {
        long v0 = fs.version();
        fs.createDirectory("/d", 0755);
        write(fs, "/d/a", "one");
        long written = fs.version();
        assertThat(written).isGreaterThan(v0);
        read(fs, "/d/a");
        fs.stat("/d/a");
        fs.list("/d");
        fs.snapshot();
        assertThat(fs.version()).isEqualTo(written);
        long before = fs.version();
        fs.setMode("/d/a", 0600);
        assertThat(fs.version()).isGreaterThan(before);
        before = fs.version();
        fs.rename("/d/a", "/d/b");
        assertThat(fs.version()).isGreaterThan(before);
        before = fs.version();
        fs.delete("/d/b");
        assertThat(fs.version()).isGreaterThan(before);
    }

    @Test
    void theJournalNamesThePathsChangedSinceAVersion() throws IOException {
        fs.createDirectory("/d", 0755);
        write(fs, "/d/a", "one");
        long v = fs.version();
        assertThat(fs.changedSince(v)).contains(java.util.Set.of());
        try (var out = fs.newOutputStream("/d/a", WriteMode.APPEND, 0644)) {
            for (int i = 0; i < 10_000; i++) {
                out.write('x');
            }
        }
        fs.setMode("/d/a", 0600);
        fs.createDirectory("/e", 0755);
        fs.rename("/d", "/e/d");
        fs.createSymlink("/e/link", "d/a");
        assertThat(fs.changedSince(v)).contains(java.util.Set.of("/d/a", "/e", "/d", "/e/d", "/e/link"));
        long later = fs.version();
        fs.delete("/e/link");
        assertThat(fs.changedSince(later)).contains(java.util.Set.of("/e/link"));
        // a later version than any change: nothing; an earlier one than the journal reaches: unknown
        assertThat(fs.changedSince(fs.version())).contains(java.util.Set.of());
        for (int i = 0; i < 5000; i++) {
            write(fs, "/e/f" + i, "x");
        }
        assertThat(fs.changedSince(later)).isEmpty();
        assertThat(fs.changedSince(fs.version() - 10))
                .hasValueSatisfying(paths -> assertThat(paths).hasSize(5));
    }

    @Test
    void aChangeThroughASymbolicOrHardLinkCannotBePlaced() throws IOException {
        fs.createDirectory("/real", 0755);
        write(fs, "/real/f", "x");
        fs.createSymlink("/via", "real");
        long v = fs.version();
        write(fs, "/via/f", "changed");
        assertThat(fs.changedSince(v)).isEmpty();
        v = fs.version();
        fs.createSymlink("/real/to-f", "f");
        assertThat(fs.changedSince(v)).contains(java.util.Set.of("/real/to-f"));
        fs.setMode("/real/to-f", 0600);
        assertThat(fs.changedSince(v)).isEmpty();
        v = fs.version();
        fs.createHardLink("/real/g", "/real/f");
        assertThat(fs.changedSince(v)).isEmpty();
        v = fs.version();
        write(fs, "/real/g", "both");
        assertThat(fs.changedSince(v)).isEmpty();
        // a file renamed while open: later writes no longer belong to the path it was opened as
        write(fs, "/real/h", "h");
        try (var out = fs.newOutputStream("/real/h", WriteMode.APPEND, 0644)) {
            fs.rename("/real/h", "/real/moved");
            v = fs.version();
            out.write('y');
        }
        assertThat(fs.changedSince(v)).isEmpty();
        assertThat(read(fs, "/real/moved")).isEqualTo("hy");
    }

    @Test
    void aSnapshotOfAPathListsItAndWhatIsBelowIt() throws IOException {
        fs.createDirectory("/d", 0755);
        fs.createDirectory("/d/e", 0755);
        write(fs, "/d/e/f", "x");
        fs.createSymlink("/link", "d");
        assertThat(fs.snapshot("/d").stream().map(InMemoryFileSystem.Entry::path))
                .containsExactly("/d", "/d/e", "/d/e/f");
        assertThat(fs.snapshot("/link").stream().map(InMemoryFileSystem.Entry::type))
                .containsExactly(FileType.SYMLINK);
        assertThat(fs.snapshot("/missing/x")).isEmpty();
    }

    @Test
    void followsRelativeAndAbsoluteSymlinksInEveryComponent() throws IOException {
        fs.createDirectory("/a", 0755);
        fs.createDirectory("/a/b", 0755);
        write(fs, "/a/b/f", "x");
        fs.createSymlink("/link", "a/b");
        fs.createSymlink("/a/up", "../a");
        fs.createSymlink("/abs", "/a/b/f");
        assertThat(read(fs, "/link/f")).isEqualTo("x");
        assertThat(read(fs, "/a/up/b/f")).isEqualTo("x");
        assertThat(read(fs, "/abs")).isEqualTo("x");
        assertThat(fs.lstat("/abs").isSymlink()).isTrue();
        assertThat(fs.realPath("/a/up/b/../b/f", false)).isEqualTo("/a/b/f");
    }

    @Test
    void reportsLinuxErrnos() throws IOException {
        fs.createDirectory("/d", 0755);
        write(fs, "/d/f", "x");
        assertThatThrownBy(() -> fs.stat("/missing")).extracting("errno").isEqualTo(Errno.ENOENT);
        assertThatThrownBy(() -> fs.stat("/d/f/x")).extracting("errno").isEqualTo(Errno.ENOTDIR);
        assertThatThrownBy(() -> fs.newInputStream("/d")).extracting("errno").isEqualTo(Errno.EISDIR);
        assertThatThrownBy(() -> fs.delete("/d")).extracting("errno").isEqualTo(Errno.ENOTEMPTY);
        assertThatThrownBy(() -> fs.createDirectory("/d", 0755))
                .extracting("errno")
                .isEqualTo(Errno.EEXIST);
        assertThatThrownBy(() -> fs.newOutputStream("/d/f", WriteMode.EXCLUSIVE, 0644))
                .extracting("errno")
                .isEqualTo(Errno.EEXIST);
        assertThatThrownBy(() -> fs.rename("/d", "/d/sub")).extracting("errno").isEqualTo(Errno.EINVAL);
        fs.createSymlink("/loop", "/loop");
        assertThatThrownBy(() -> fs.stat("/loop")).extracting("errno").isEqualTo(Errno.ELOOP);
        assertThatThrownBy(() -> fs.createDirectory("/" + "n".repeat(256), 0755))
                .extracting("errno")
                .isEqualTo(Errno.ENAMETOOLONG);
    }

    @Test
    void renameReplacesFilesAndEmptyDirectoriesAtomically() throws IOException {
        write(fs, "/a", "new");
        write(fs, "/b", "old");
        fs.rename("/a", "/b");
        assertThat(read(fs, "/b")).isEqualTo("new");
        assertThat(fs.exists("/a")).isFalse();
        fs.createDirectory("/x", 0755);
        fs.createDirectory("/y", 0755);
        write(fs, "/x/f", "1");
        fs.rename("/x", "/y");
        assertThat(read(fs, "/y/f")).isEqualTo("1");
        assertThatThrownBy(() -> fs.rename("/b", "/y")).extracting("errno").isEqualTo(Errno.EISDIR);
    }

    @Test
    void appendsAndSharesContentBetweenHardLinks() throws IOException {
        write(fs, "/f", "ab");
        try (OutputStream out = fs.newOutputStream("/f", WriteMode.APPEND, 0644)) {
            out.write('c');
        }
        fs.createHardLink("/g", "/f");
        write(fs, "/g", "changed");
        assertThat(read(fs, "/f")).isEqualTo("changed");
        assertThat(fs.stat("/f").nlink()).isEqualTo(2);
        fs.truncate("/f", 3);
        assertThat(read(fs, "/g")).isEqualTo("cha");
    }

    @Test
    void loadsLazyFilesOnFirstReadAndTracksWhatChanged() throws IOException {
        List<String> fetched = new ArrayList<>();
        InMemoryFileSystem view = new InMemoryFileSystem(Clock.systemUTC(), 1000, 1000, (id, size) -> {
            fetched.add(id);
            return ("content of " + id).getBytes(StandardCharsets.UTF_8);
        });
        view.createDirectory("/w", 0755);
        view.addLazyFile("/w/big", 0644, 1000, 14, "sha-1");
        view.addFile("/w/small", 0600, 2000, "hi".getBytes(StandardCharsets.UTF_8), "sha-2");
        assertThat(view.stat("/w/big").size()).isEqualTo(14);
        assertThat(fetched).isEmpty();

        assertThat(read(view, "/w/big")).isEqualTo("content of sha-1");
        assertThat(fetched).containsExactly("sha-1");
        assertThat(view.snapshot())
                .extracting(InMemoryFileSystem.Entry::path, InMemoryFileSystem.Entry::contentId)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("/w", null),
                        org.assertj.core.groups.Tuple.tuple("/w/big", "sha-1"),
                        org.assertj.core.groups.Tuple.tuple("/w/small", "sha-2"));

        write(view, "/w/small", "changed");
        InMemoryFileSystem.Entry small = view.snapshot().get(2);
        assertThat(small.contentId()).isNull();
        assertThat(small.mode()).isEqualTo(0600);
        byte[] uploaded = view.readContent("/w/small");
        view.markClean("/w/small", "sha-3", uploaded);
        assertThat(view.snapshot().get(2).contentId()).isEqualTo("sha-3");
    }

    @Test
    void evictsCleanContentAndFetchesItAgain() throws IOException {
        List<String> fetched = new ArrayList<>();
        InMemoryFileSystem view = new InMemoryFileSystem(Clock.systemUTC(), 1000, 1000, (id, size) -> {
            fetched.add(id);
            return "0123456789".getBytes(StandardCharsets.UTF_8);
        });
        view.addFile("/clean", 0644, 0, "0123456789".getBytes(StandardCharsets.UTF_8), "c");
        write(view, "/dirty", "unsaved");
        assertThat(view.cleanLoadedBytes()).isEqualTo(10);
        view.evictClean(0);
        assertThat(view.cleanLoadedBytes()).isZero();
        assertThat(read(view, "/dirty")).isEqualTo("unsaved");
        assertThat(read(view, "/clean")).isEqualTo("0123456789");
        assertThat(fetched).containsExactly("c");
    }

    @Test
    void failsWithEioWhenLazyContentCannotBeFetched() throws IOException {
        InMemoryFileSystem view = new InMemoryFileSystem(Clock.systemUTC(), 1000, 1000, (id, size) -> {
            throw new IOException("store down");
        });
        view.addLazyFile("/f", 0644, 0, 5, "x");
        assertThatThrownBy(() -> view.newInputStream("/f")).extracting("errno").isEqualTo(Errno.EIO);
        assertThat(view.stat("/f").size()).isEqualTo(5);
    }

    @Test
    void growingFilesPastTheCapacityFailsWithEnospcAndLeavesThemAsTheyWere() throws IOException {
        fs.setCapacity(10);
        write(fs, "/a", "12345678");
        assertThatThrownBy(() -> {
                    try (OutputStream out = fs.newOutputStream("/a", WriteMode.APPEND, 0644)) {
                        out.write("abc".getBytes(StandardCharsets.UTF_8));
                    }
                })
                .isInstanceOf(FsException.class)
                .satisfies(e -> assertThat(((FsException) e).errno()).isEqualTo(Errno.ENOSPC));
        assertThat(read(fs, "/a")).isEqualTo("12345678");
        assertThatThrownBy(() -> fs.truncate("/a", 11)).isInstanceOf(FsException.class);
        assertThatThrownBy(() -> write(fs, "/b", "xyz")).isInstanceOf(FsException.class);
        assertThat(fs.exists("/b")).isTrue(); // created empty, as open(O_CREAT) then a failing write(2) leaves it

        fs.truncate("/a", 4);
        write(fs, "/b", "xyz");
        assertThat(fs.usedBytes()).isEqualTo(7);
        assertThat(fs.space("/").availableBytes()).isEqualTo(3);
    }

    @Test
    void usedBytesCountEachLinkAndFollowDeletesRenamesAndAddedFiles() throws IOException {
        write(fs, "/a", "1234");
        fs.createHardLink("/l", "/a");
        assertThat(fs.usedBytes()).isEqualTo(8);
        write(fs, "/b", "12");
        fs.rename("/b", "/a"); // replaces one link of the 4-byte file
        assertThat(fs.usedBytes()).isEqualTo(6);
        fs.delete("/l");
        assertThat(fs.usedBytes()).isEqualTo(2);
        fs.addFile("/c", 0644, 0, new byte[100], null);
        fs.addLazyFile("/d", 0644, 0, 1000, "id");
        assertThat(fs.usedBytes()).isEqualTo(1102);
        fs.addFile("/d", 0644, 0, new byte[10], null); // replaces the lazy file
        assertThat(fs.usedBytes()).isEqualTo(112);
        fs.setCapacity(50); // above it already: shrinking works, growing does not
        fs.truncate("/c", 90);
        assertThatThrownBy(() -> fs.truncate("/a", 3)).isInstanceOf(FsException.class);
        try (OutputStream out = fs.newOutputStream("/c", WriteMode.TRUNCATE, 0644)) {
            out.write(new byte[5]);
        }
        assertThat(fs.usedBytes()).isEqualTo(17);
    }
}
