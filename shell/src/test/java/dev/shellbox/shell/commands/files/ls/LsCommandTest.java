package dev.shellbox.shell.commands.files.ls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.fs.FsException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class LsCommandTest {
    private static final Instant RECENT = Instant.parse("2023-12-25T10:30:00Z");
    private static final Instant OLD = Instant.parse("2022-11-14T22:13:20Z");

    @Test
    void showsTheTimeOfDayForRecentFilesAndTheYearForOldOnes() {
        CommandTester t = CommandTester.create()
                .file("new", "x")
                .mtime("new", RECENT)
                .file("old", "y")
                .mtime("old", OLD);
        assertThat(t.run("ls", "-l").out())
                .isEqualTo("total 8\n"
                        + "-rw-r--r-- 1 user user 1 Dec 25 10:30 new\n"
                        + "-rw-r--r-- 1 user user 1 Nov 14  2022 old\n");
    }

    @Test
    void isoStyleSwitchesFormatsByAge() {
        CommandTester t = CommandTester.create()
                .file("new", "x")
                .mtime("new", RECENT)
                .file("old", "y")
                .mtime("old", OLD);
        assertThat(t.run("ls", "-g", "--time-style=iso").out())
                .isEqualTo("total 8\n-rw-r--r-- 1 user 1 12-25 10:30 new\n-rw-r--r-- 1 user 1 2022-11-14  old\n");
    }

    @Test
    void futureFilesShowTheYear() {
        CommandTester t = CommandTester.create().file("f", "x").mtime("f", Instant.parse("2030-01-01T00:00:00Z"));
        assertThat(t.run("ls", "-o", "f").out()).isEqualTo("-rw-r--r-- 1 user 1 Jan  1  2030 f\n");
    }

    @Test
    void usesTheTimeZoneOfTz() {
        CommandTester t =
                CommandTester.create().env("TZ", "Asia/Tokyo").file("f", "x").mtime("f", RECENT);
        assertThat(t.run("ls", "-o", "--time-style=+%H:%M %Z", "f").out())
                .isEqualTo("-rw-r--r-- 1 user 1 19:30 JST f\n");
    }

    @Test
    void sortsByTimeNewestFirstAndByAccessTimeWithMinusU() throws FsException {
        CommandTester t = CommandTester.create()
                .file("a", "")
                .mtime("a", OLD)
                .file("b", "")
                .mtime("b", RECENT)
                .file("c", "");
        t.fs().setTimes(
                        "/work/c",
                        OLD.minusSeconds(10).toEpochMilli(),
                        RECENT.plusSeconds(10).toEpochMilli());
        assertThat(t.run("ls", "-t").out()).isEqualTo("b\na\nc\n");
        assertThat(t.run("ls", "-tr").out()).isEqualTo("c\na\nb\n");
        assertThat(t.run("ls", "-u").out()).isEqualTo("c\nb\na\n");
    }

    @Test
    void printsInodeNumbersAligned() throws FsException {
        CommandTester t = CommandTester.create().file("a", "").file("b", "");
        long a = t.fs().stat("/work/a").inode();
        long b = t.fs().stat("/work/b").inode();
        int width = Math.max(Long.toString(a).length(), Long.toString(b).length());
        String expected = String.format("%" + width + "d a\n%" + width + "d b\n", a, b);
        assertThat(t.run("ls", "-i").out()).isEqualTo(expected);
    }

    @Test
    void escapesOrHidesControlCharacters() {
        CommandTester t = CommandTester.create().file("tab\there", "");
        assertThat(t.run("ls").out()).isEqualTo("tab\there\n");
        assertThat(t.run("ls", "-q").out()).isEqualTo("tab?here\n");
        assertThat(t.run("ls", "-b").out()).isEqualTo("tab\\there\n");
        assertThat(t.run("ls", "--quoting-style=shell-escape").out()).isEqualTo("'tab'$'\\t''here'\n");
    }

    @Test
    void countsWideCharactersAsTwoColumns() {
        CommandTester t = CommandTester.create().file("日本語", "").file("ab", "").file("cd", "");
        assertThat(t.run("ls", "-x", "-w", "12").out()).isEqualTo("ab\tcd\n日本語\n");
    }

    @Test
    void listsRecursivelyWithHeadersRelativeToTheOperand() {
        CommandTester t = CommandTester.create().file("top/mid/leaf", "").file("top/file", "");
        assertThat(t.run("ls", "-R", "top").out()).isEqualTo("top:\nfile\nmid\n\ntop/mid:\nleaf\n");
    }

    @Test
    void listsInvalidUtf8NamesByteForByte() {
        CommandTester t =
                CommandTester.create().file(dev.shellbox.shell.io.Text.decode(new byte[] {'x', (byte) 0xff}), "");
        assertThat(t.run("ls").stdout()).isEqualTo(new byte[] {'x', (byte) 0xff, '\n'});
    }
}
