package dev.shellbox.sandbox.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.shell.fs.FileType;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.fs.WriteMode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The mirror in both directions with the host side changed directly, as a program would: after every pull the
 * sandbox's tree must equal the host's, whether the changes were found by the watch or by comparing everything.
 */
class WorkspaceMirrorTest {
    private Path dir;
    private InMemoryFileSystem files;
    private WorkspaceMirror mirror;

    @BeforeEach
    void setUp() throws Exception {
        dir = Files.createTempDirectory("mirror-test");
        // files the mirror hands to the content store are loaded from it when read
        files = new InMemoryFileSystem(
                Clock.systemUTC(),
                1000,
                1000,
                (id, size) -> Files.readAllBytes(dir.resolve("store").resolve(id)));
        files.createDirectory("/workspace", 0755);
        files.createDirectory("/workspace/src", 0755);
        for (int i = 0; i < 20; i++) {
            files.addFile("/workspace/src/f" + i + ".txt", 0644, 1_000_000L, ("file " + i).getBytes(), null);
        }
        files.createDirectory("/tmp", 01777);
        mirror = new WorkspaceMirror(dir.resolve("files"), dir.resolve("index"), -1, -1, 16 << 20);
        mirror.push(files);
        // the first pull starts watching and compares everything once
        assertThat(mirror.pull(files).isEmpty()).isTrue();
    }

    @AfterEach
    void tearDown() throws IOException {
        mirror.delete();
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private Path host(String path) {
        return dir.resolve("files").resolve(path.substring(1));
    }

    @Test
    void aPushWithNothingChangedInTheTreeWritesNothing() throws Exception {
        assertThat(mirror.push(files).isEmpty()).isTrue();
        files.addFile("/workspace/new.txt", 0644, 2_000_000L, "new".getBytes(), null);
        assertThat(mirror.push(files)).isEqualTo(new WorkspaceMirror.Changes(1, 0));
        assertThat(Files.readString(host("/workspace/new.txt"))).isEqualTo("new");
        assertThat(mirror.push(files).isEmpty()).isTrue();
    }

    @Test
    void whatAProgramDidComesBackThroughTheWatch() throws Exception {
        Files.writeString(host("/workspace/src/f1.txt"), "changed");
        Files.delete(host("/workspace/src/f2.txt"));
        Files.createDirectories(host("/workspace/new/deep/er"));
        Files.writeString(host("/workspace/new/deep/er/x.txt"), "x");
        Files.createSymbolicLink(host("/workspace/link"), Path.of("src/f3.txt"));
        Files.setPosixFilePermissions(host("/workspace/src/f4.txt"), PosixFilePermissions.fromString("rwx------"));
        Files.move(host("/workspace/src/f5.txt"), host("/workspace/moved.txt"));
        Files.writeString(host("/tmp/scratch"), "t");

        WorkspaceMirror.Changes changes = mirror.pull(files);

        assertThat(mirror.lastPullComparedAll()).isFalse();
        assertThat(changes.written()).isGreaterThanOrEqualTo(7);
        assertTreeEqualsHost();
        assertThat(new String(files.readContent("/workspace/src/f1.txt"), StandardCharsets.UTF_8))
                .isEqualTo("changed");
        assertThat(files.lstat("/workspace/src/f4.txt").mode() & 0777).isEqualTo(0700);
        // the tree now matches the host: nothing to push, nothing more to pull
        assertThat(mirror.push(files).isEmpty()).isTrue();
        assertThat(mirror.pull(files).isEmpty()).isTrue();
    }

    @Test
    void aDeletedOrReplacedDirectoryTakesEverythingBelowIt() throws Exception {
        Files.createDirectories(host("/workspace/a/b"));
        Files.writeString(host("/workspace/a/b/c.txt"), "c");
        mirror.pull(files);
        assertThat(files.lstat("/workspace/a/b/c.txt").size()).isEqualTo(1);

        deleteTree(host("/workspace/src"));
        deleteTree(host("/workspace/a"));
        Files.writeString(host("/workspace/a"), "now a file");
        mirror.pull(files);
        assertThat(mirror.lastPullComparedAll()).isFalse();

        assertTreeEqualsHost();
        assertThat(files.lstat("/workspace/a").type()).isEqualTo(FileType.REGULAR);
        assertThat(files.list("/workspace")).containsExactly("a");
    }

    @Test
    void aDirectoryReplacedByASymbolicLinkIsNotFollowedOutOfTheMirror() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("f1.txt"), "host secret");
        Files.writeString(host("/workspace/src/f1.txt"), "touched first");
        deleteTree(host("/workspace/src"));
        Files.createSymbolicLink(host("/workspace/src"), outside);

        mirror.pull(files);

        assertThat(mirror.lastPullComparedAll()).isFalse();
        assertThat(files.readSymlink("/workspace/src")).isEqualTo(outside.toString());
        assertThat(files.list("/workspace")).containsExactly("src");
        assertTreeEqualsHost();
    }

    @Test
    void changesMadeWhileNotWatchingAreFoundByComparingEverything() throws Exception {
        mirror.pause();
        Files.writeString(host("/workspace/src/f7.txt"), "while paused");
        Files.delete(host("/workspace/src/f8.txt"));
        mirror.pull(files);
        assertThat(mirror.lastPullComparedAll()).isTrue();
        assertTreeEqualsHost();
        // watching again from here
        Files.writeString(host("/workspace/src/f9.txt"), "watched");
        mirror.pull(files);
        assertThat(mirror.lastPullComparedAll()).isFalse();
        assertTreeEqualsHost();
    }

    @Test
    void manyChangesBeyondWhatTheWatchQueuesStillComeBack() throws Exception {
        // more events in one directory than a watch key keeps: it overflows and the pull compares everything
        for (int i = 0; i < 1500; i++) {
            Files.writeString(host("/workspace/src/g" + i), Integer.toString(i));
        }
        mirror.pull(files);
        assertThat(mirror.lastPullComparedAll()).isTrue();
        assertTreeEqualsHost();
        assertThat(files.list("/workspace/src")).hasSize(1520);
    }

    @Test
    void largeFilesAndFilesBeyondWhatAPullHoldsInMemoryGoToTheContentStore() throws Exception {
        ContentStore store = storeIn(dir.resolve("store"));
        Files.writeString(host("/workspace/large.txt"), "L".repeat(3 << 20));
        Files.createDirectories(host("/workspace/many"));
        for (int i = 0; i < 40; i++) {
            Files.writeString(
                    host("/workspace/many/" + i + ".txt"), Integer.toString(i).repeat(1 << 19));
        }
        Files.writeString(host("/workspace/small.txt"), "small");

        mirror.pull(files, store);

        List<InMemoryFileSystem.Entry> stored = files.snapshot().stream()
                .filter(e -> e.type() == FileType.REGULAR && e.contentId() != null)
                .toList();
        assertThat(stored).extracting(InMemoryFileSystem.Entry::path).contains("/workspace/large.txt");
        long held = files.snapshot().stream()
                .filter(e -> e.path().startsWith("/workspace/many/") && e.contentId() == null)
                .mapToLong(InMemoryFileSystem.Entry::size)
                .sum();
        assertThat(held).isLessThanOrEqualTo(WorkspaceMirror.HELD_BYTES_PER_PULL);
        assertThat(stored.size()).isGreaterThan(1);
        assertTreeEqualsHost();
        // what the store holds is as good as what memory holds: nothing to write back
        assertThat(mirror.push(files).isEmpty()).isTrue();
    }

    @Test
    void filesAPullCouldNotStoreComeBackWithTheNextPull() throws Exception {
        Files.writeString(host("/workspace/large.txt"), "L".repeat(2 << 20));
        ContentStore down = in -> {
            throw new IOException("vfs-service is down");
        };
        assertThatThrownBy(() -> mirror.pull(files, down)).hasMessageContaining("down");
        mirror.pull(files, storeIn(dir.resolve("store")));
        assertThat(mirror.lastPullComparedAll()).isTrue();
        assertTreeEqualsHost();
    }

    /** A content store in a directory of the host, which the tree loads content from (see setUp). */
    private static ContentStore storeIn(Path storeDir) throws IOException {
        Files.createDirectories(storeDir);
        int[] stored = {0};
        return in -> {
            byte[] bytes = in.readAllBytes();
            String id = "content-" + stored[0]++;
            Files.write(storeDir.resolve(id), bytes);
            return new ContentStore.Stored(id, bytes.length);
        };
    }

    @Test
    void aPushCopiesWhatTheTreesJournalNamesAndTheHostEndsEqual() throws Exception {
        Random random = new Random(7);
        for (int round = 0; round < 300; round++) {
            int n = 1 + random.nextInt(6);
            for (int i = 0; i < n; i++) {
                changeAtRandom(random);
            }
            mirror.push(files);
            assertThat(mirror.lastPushComparedAll()).isFalse();
            assertTreeEqualsHost();
        }
    }

    @Test
    void aChangeTheJournalCannotPlaceMakesThePushCompareEverything() throws Exception {
        files.createSymlink("/workspace/via", "src");
        mirror.push(files);
        writeInTree("/workspace/via/f1.txt", WriteMode.TRUNCATE, "through the link");
        mirror.push(files);
        assertThat(mirror.lastPushComparedAll()).isTrue();
        assertTreeEqualsHost();
        files.createHardLink("/workspace/hard", "/workspace/src/f2.txt");
        mirror.push(files);
        writeInTree("/workspace/hard", WriteMode.APPEND, " and its other name");
        mirror.push(files);
        assertThat(mirror.lastPushComparedAll()).isTrue();
        assertTreeEqualsHost();
        assertThat(Files.readString(host("/workspace/src/f2.txt"))).isEqualTo("file 2 and its other name");
    }

    /** One change a shell could make: files written, appended, moved, deleted, chmod-ed; directories made and moved. */
    private void changeAtRandom(Random random) throws Exception {
        String[] dirs = {"/workspace", "/workspace/a", "/workspace/b", "/workspace/a/c", "/tmp"};
        String dir = dirs[random.nextInt(dirs.length)];
        String file = dir + "/f" + random.nextInt(4);
        try {
            switch (random.nextInt(9)) {
                case 0 -> files.createDirectory(dirs[1 + random.nextInt(3)], 0755);
                case 1, 2 ->
                    writeInTree(
                            file,
                            random.nextBoolean() ? WriteMode.TRUNCATE : WriteMode.APPEND,
                            "w" + random.nextInt(1000));
                case 3 -> files.delete(file);
                case 4 -> files.rename(file, dirs[random.nextInt(dirs.length)] + "/f" + random.nextInt(4));
                case 5 ->
                    files.rename(dirs[1 + random.nextInt(3)], "/workspace/" + (random.nextBoolean() ? "a" : "moved"));
                case 6 -> files.setMode(file, random.nextBoolean() ? 0600 : 0755);
                // links of their own names: writing through one could not be placed, which the next test covers
                case 7 -> files.createSymlink(dir + "/l" + random.nextInt(2), "f" + random.nextInt(4));
                default -> deleteFromTree(dirs[1 + random.nextInt(3)]);
            }
        } catch (FsException e) {
            // not possible in the tree as it is (missing, exists, not empty): no change
        }
    }

    /** Writes as the shell does, through a stream of the tree. */
    private void writeInTree(String path, WriteMode mode, String text) throws IOException {
        try (OutputStream out = files.newOutputStream(path, mode, 0644)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    private void deleteFromTree(String path) throws FsException {
        if (files.lstat(path).isDirectory()) {
            for (String name : files.list(path)) {
                deleteFromTree(path + "/" + name);
            }
        }
        files.delete(path);
    }

    /** Every entry under the host's mirror, with its type, mode and content, equals the tree's. */
    private void assertTreeEqualsHost() throws Exception {
        assertThat(describeTree("/workspace")).isEqualTo(describeHost("/workspace"));
        assertThat(describeTree("/tmp")).isEqualTo(describeHost("/tmp"));
    }

    private List<String> describeTree(String top) throws Exception {
        List<String> out = new ArrayList<>();
        for (InMemoryFileSystem.Entry e : files.snapshot()) {
            if (e.path().startsWith(top + "/")) {
                out.add(describe(
                        e.path(),
                        e.type(),
                        e.mode() & 07777,
                        switch (e.type()) {
                            case REGULAR -> new String(files.readContent(e.path()), StandardCharsets.UTF_8);
                            case SYMLINK -> e.symlinkTarget();
                            default -> "";
                        }));
            }
        }
        out.sort(null);
        return out;
    }

    private List<String> describeHost(String top) throws Exception {
        List<String> out = new ArrayList<>();
        Path base = host(top);
        try (Stream<Path> paths = Files.walk(base)) {
            for (Path p : paths.filter(p -> !p.equals(base)).toList()) {
                String path = top + "/" + base.relativize(p);
                if (Files.isSymbolicLink(p)) {
                    out.add(describe(
                            path,
                            FileType.SYMLINK,
                            0777,
                            Files.readSymbolicLink(p).toString()));
                } else {
                    int mode = (Integer) Files.getAttribute(p, "unix:mode") & 07777;
                    boolean isDir = Files.isDirectory(p);
                    out.add(describe(
                            path,
                            isDir ? FileType.DIRECTORY : FileType.REGULAR,
                            mode,
                            isDir ? "" : Files.readString(p)));
                }
            }
        }
        out.sort(null);
        return out;
    }

    private static String describe(String path, FileType type, int mode, String content) {
        return path + " " + type + " " + Integer.toOctalString(type == FileType.SYMLINK ? 0777 : mode) + " " + content;
    }

    private static void deleteTree(Path p) throws IOException {
        try (Stream<Path> paths = Files.walk(p)) {
            paths.sorted(Comparator.reverseOrder()).forEach(x -> x.toFile().delete());
        }
    }
}
