package dev.shellbox.shell.commands.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.fs.FsException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CpCommandTest {
    private static final Instant OLD = Instant.parse("2021-02-03T04:05:06Z");

    @Test
    void preserveKeepsModeAndTimes() throws FsException {
        CommandTester t = CommandTester.create().file("a", "x").mode("a", 0751).mtime("a", OLD);
        assertThat(t.run("cp", "-p", "a", "b").status()).isZero();
        assertThat(t.fs().stat("/work/b").mode()).isEqualTo(0751);
        assertThat(t.fs().stat("/work/b").mtimeMillis()).isEqualTo(OLD.toEpochMilli());
    }

    @Test
    void withoutPreserveTheCopyIsNewAndMasked() throws FsException {
        CommandTester t = CommandTester.create().file("a", "x").mode("a", 0777).mtime("a", OLD);
        t.run("cp", "a", "b");
        assertThat(t.fs().stat("/work/b").mode()).isEqualTo(0755);
        assertThat(t.fs().stat("/work/b").mtimeMillis()).isEqualTo(CommandTester.NOW.toEpochMilli());
    }

    @Test
    void updateSkipsNewerDestinations() {
        CommandTester t = CommandTester.create()
                .file("src", "new")
                .mtime("src", OLD)
                .file("dst", "kept")
                .mtime("dst", OLD.plusSeconds(60));
        assertThat(t.run("cp", "-u", "src", "dst").status()).isZero();
        assertThat(t.tree(".").get("dst")).isEqualTo("f 644 kept");
    }

    @Test
    void copiesBinaryContentUnchanged() throws Exception {
        byte[] data = new byte[200_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31);
        }
        CommandTester t = CommandTester.create().file("blob", data);
        t.run("cp", "blob", "copy");
        assertThat(t.fs().newInputStream("/work/copy").readAllBytes()).isEqualTo(data);
    }

    @Test
    void hardLinksShareTheInode() throws FsException {
        CommandTester t = CommandTester.create().file("a", "x");
        t.run("cp", "-l", "a", "b");
        assertThat(t.fs().stat("/work/b").inode())
                .isEqualTo(t.fs().stat("/work/a").inode());
    }
}
