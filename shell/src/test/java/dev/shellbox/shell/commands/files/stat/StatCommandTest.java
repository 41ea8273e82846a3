package dev.shellbox.shell.commands.files.stat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.fs.FsException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class StatCommandTest {
    private static final Instant T = Instant.parse("2023-11-14T22:13:20.123Z");

    @Test
    void printsGnusDefaultLayout() throws FsException {
        CommandTester t = CommandTester.create().file("f", "hello\n").mtime("f", T);
        long inode = t.fs().stat("/work/f").inode();
        String out = t.run("stat", "f").out();
        assertThat(out)
                .isEqualTo("  File: f\n"
                        + "  Size: 6         \tBlocks: 8          IO Block: 4096   regular file\n"
                        + "Device: 0,37\tInode: " + String.format("%-11d", inode) + " Links: 1\n"
                        + "Access: (0644/-rw-r--r--)  Uid: ( 1000/    user)   Gid: ( 1000/    user)\n"
                        + "Access: 2023-11-14 22:13:20.123000000 +0000\n"
                        + "Modify: 2023-11-14 22:13:20.123000000 +0000\n"
                        + "Change: 2024-01-02 03:04:05.000000000 +0000\n"
                        + " Birth: -\n");
    }

    @Test
    void showsSymlinkTargetsInTheFileLine() {
        CommandTester t = CommandTester.create().file("f", "x").symlink("l", "f");
        assertThat(t.run("stat", "l").out())
                .startsWith("  File: l -> f\n  Size: 1 ")
                .contains("symbolic link");
    }

    @Test
    void terseFormatListsTheFieldsOnOneLine() throws FsException {
        CommandTester t = CommandTester.create().file("f", "hello\n").mtime("f", T);
        long inode = t.fs().stat("/work/f").inode();
        assertThat(t.run("stat", "-t", "f").out())
                .isEqualTo("f 6 8 81a4 1000 1000 25 " + inode + " 1 0 0 1700000000 1700000000 1704164645 0 4096\n");
    }

    @Test
    void usesTheTimeZoneOfTz() {
        CommandTester t =
                CommandTester.create().env("TZ", "Europe/Paris").file("f", "x").mtime("f", T);
        assertThat(t.run("stat", "-c", "%y", "f").out()).isEqualTo("2023-11-14 23:13:20.123000000 +0100\n");
    }

    @Test
    void reportsFileSystemSpace() {
        CommandTester t = CommandTester.create();
        String out = t.run("stat", "-f", "-c", "%n %s %b %a %T", ".").out();
        assertThat(out).isEqualTo(". 4096 268435456 268435456 shellbox\n");
    }
}
