package dev.shellbox.shell.commands.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.CommandRunner;
import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class MvCommandTest {

    /** Two "devices": /a and /b; renames between them fail with EXDEV as on Linux. */
    private static final class TwoDevices implements FileSystem {
        private final InMemoryFileSystem fs =
                new InMemoryFileSystem(Clock.fixed(CommandTester.NOW, ZoneOffset.UTC), 0, 0);

        private static String device(String path) {
            List<String> parts = PathNames.components(PathNames.normalize(path));
            return parts.isEmpty() ? "" : parts.get(0);
        }

        @Override
        public void rename(String from, String to) throws FsException {
            if (!device(from).equals(device(to))) {
                throw new FsException(Errno.EXDEV, to);
            }
            fs.rename(from, to);
        }

        @Override
        public FileStat stat(String path) throws FsException {
            return fs.stat(path);
        }

        @Override
        public FileStat lstat(String path) throws FsException {
            return fs.lstat(path);
        }

        @Override
        public List<String> list(String directory) throws FsException {
            return fs.list(directory);
        }

        @Override
        public InputStream newInputStream(String path) throws FsException {
            return fs.newInputStream(path);
        }

        @Override
        public OutputStream newOutputStream(String path, WriteMode mode, int createMode) throws FsException {
            return fs.newOutputStream(path, mode, createMode);
        }

        @Override
        public void createDirectory(String path, int mode) throws FsException {
            fs.createDirectory(path, mode);
        }

        @Override
        public void delete(String path) throws FsException {
            fs.delete(path);
        }

        @Override
        public void createSymlink(String link, String target) throws FsException {
            fs.createSymlink(link, target);
        }

        @Override
        public String readSymlink(String path) throws FsException {
            return fs.readSymlink(path);
        }

        @Override
        public void setMode(String path, int mode) throws FsException {
            fs.setMode(path, mode);
        }

        @Override
        public void setTimes(String path, long mtimeMillis, long atimeMillis) throws FsException {
            fs.setTimes(path, mtimeMillis, atimeMillis);
        }

        @Override
        public void truncate(String path, long size) throws FsException {
            fs.truncate(path, size);
        }
    }

    @Test
    void copiesThenRemovesWhenRenameCrossesDevices() throws IOException {
        TwoDevices fs = new TwoDevices();
        fs.createDirectory("/a", 0755);
        fs.createDirectory("/b", 0755);
        fs.createDirectory("/a/tree", 0700);
        try (OutputStream out = fs.newOutputStream("/a/tree/file", WriteMode.TRUNCATE, 0640)) {
            out.write("payload".getBytes(StandardCharsets.UTF_8));
        }
        fs.createSymlink("/a/tree/link", "file");
        fs.setTimes("/a/tree/file", 1_000_000L, 1_000_000L);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CommandContext ctx = CommandContext.builder(fs)
                .cwd("/a")
                .commandName("mv")
                .stderr(err)
                .runner(CommandRunner.of(StandardCommands.registry()))
                .build();

        int status = new MvCommand().run(ctx, List.of("tree", "/b/moved"));

        assertThat(status).isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(fs.exists("/a/tree")).isFalse();
        assertThat(fs.newInputStream("/b/moved/file").readAllBytes()).isEqualTo("payload".getBytes());
        assertThat(fs.stat("/b/moved/file").mode()).isEqualTo(0640);
        assertThat(fs.stat("/b/moved/file").mtimeMillis()).isEqualTo(1_000_000L);
        assertThat(fs.stat("/b/moved").mode()).isEqualTo(0700);
        assertThat(fs.readSymlink("/b/moved/link")).isEqualTo("file");
    }

    @Test
    void refusesToMoveOneHardLinkOntoAnother() throws FsException {
        CommandTester t = CommandTester.create().file("a", "x");
        t.fs().createHardLink("/work/b", "/work/a");
        CommandTester.Result r = t.run("mv", "a", "b");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("mv: 'a' and 'b' are the same file\n");
    }
}
