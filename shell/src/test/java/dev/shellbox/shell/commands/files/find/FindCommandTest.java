package dev.shellbox.shell.commands.files.find;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.fs.FsException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FindCommandTest {
    private static final Instant NOW = CommandTester.NOW;

    @Test
    void visitsEntriesInByteOrderOfTheirNames() {
        CommandTester t = CommandTester.create()
                .file("d/b", "")
                .file("d/a/z", "")
                .file("d/B", "")
                .file("d/_", "");
        assertThat(t.run("find", "d").out()).isEqualTo("d\nd/B\nd/_\nd/a\nd/a/z\nd/b\n");
    }

    @Test
    void comparesAgesInWholeDaysAndMinutes() {
        CommandTester t = CommandTester.create()
                .file("fresh", "")
                .mtime("fresh", NOW.minusSeconds(3600))
                .file("day", "")
                .mtime("day", NOW.minusSeconds(86400 + 60))
                .file("week", "")
                .mtime("week", NOW.minusSeconds(8 * 86400));
        assertThat(t.run("find", ".", "-type", "f", "-mtime", "0").out()).isEqualTo("./fresh\n");
        assertThat(t.run("find", ".", "-type", "f", "-mtime", "1").out()).isEqualTo("./day\n");
        assertThat(t.run("find", ".", "-type", "f", "-mtime", "+1").out()).isEqualTo("./week\n");
        assertThat(t.run("find", ".", "-type", "f", "-mtime", "-2").out()).isEqualTo("./day\n./fresh\n");
        assertThat(t.run("find", ".", "-type", "f", "-mmin", "-61").out()).isEqualTo("./fresh\n");
    }

    @Test
    void daystartMeasuresFromTheStartOfToday() {
        CommandTester t = CommandTester.create()
                .file("today", "")
                .mtime("today", Instant.parse("2024-01-02T00:30:00Z"))
                .file("yesterday", "")
                .mtime("yesterday", Instant.parse("2024-01-01T23:30:00Z"));
        assertThat(t.run("find", ".", "-daystart", "-type", "f", "-mtime", "0").out())
                .isEqualTo("./today\n");
        assertThat(t.run("find", ".", "-type", "f", "-mtime", "0").out()).isEqualTo("./today\n./yesterday\n");
    }

    @Test
    void newerComparesWithAFileOrADate() {
        CommandTester t = CommandTester.create()
                .file("old", "")
                .mtime("old", Instant.parse("2020-01-01T00:00:00Z"))
                .file("new", "")
                .mtime("new", Instant.parse("2023-06-01T00:00:00Z"));
        assertThat(t.run("find", ".", "-type", "f", "-newer", "old").out()).isEqualTo("./new\n");
        assertThat(t.run("find", ".", "-type", "f", "-newermt", "2022-01-01").out())
                .isEqualTo("./new\n");
        assertThat(t.run("find", ".", "-type", "f", "!", "-newermt", "2022-01-01")
                        .out())
                .isEqualTo("./old\n");
    }

    @Test
    void execPlusPassesAllFilesToOneCommand() {
        CommandTester t =
                CommandTester.create().file("d/a", "A\n").file("d/b", "B\n").file("d/c/d", "D\n");
        CommandTester.Result r = t.run("find", "d", "-type", "f", "-exec", "cat", "{}", "+");
        assertThat(r.out()).isEqualTo("A\nB\nD\n");
        assertThat(r.status()).isZero();
    }

    @Test
    void execSemicolonRunsOncePerFileAndItsStatusIsTheTest() {
        CommandTester t = CommandTester.create().file("d/a", "A\n").file("d/b", "B\n");
        CommandTester.Result r = t.run("find", "d", "-type", "f", "-exec", "cat", "{}", ";", "-print");
        assertThat(r.out()).isEqualTo("A\nd/a\nB\nd/b\n");
    }

    @Test
    void execdirRunsInTheDirectoryOfTheFile() {
        CommandTester t = CommandTester.create().file("d/e/f", "inner\n");
        CommandTester.Result r = t.run("find", "d", "-type", "f", "-execdir", "realpath", "{}", ";");
        assertThat(r.out()).isEqualTo("/work/d/e/f\n");
    }

    @Test
    void deleteRemovesATreeDepthFirst() {
        CommandTester t =
                CommandTester.create().file("d/e/f", "").file("d/g", "").file("keep", "");
        assertThat(t.run("find", "d", "-delete").status()).isZero();
        assertThat(t.tree(".")).containsOnlyKeys("keep");
    }

    @Test
    void quitStopsTheWalk() {
        CommandTester t = CommandTester.create().file("d/a.c", "").file("d/b.c", "");
        assertThat(t.run("find", "d", "-name", "*.c", "-print", "-quit").out()).isEqualTo("d/a.c\n");
    }

    @Test
    void reportsSymlinkLoopsUnderMinusL() {
        CommandTester t = CommandTester.create().dir("loop/x").symlink("loop/x/up", "..");
        CommandTester.Result r = t.run("find", "-L", "loop");
        assertThat(r.out()).isEqualTo("loop\nloop/x\n");
        assertThat(r.err())
                .isEqualTo("find: File system loop detected; ‘loop/x/up’ is part of the same file system loop as"
                        + " ‘loop’.\n");
        assertThat(r.status()).isEqualTo(1);
    }

    @Test
    void printfShowsTimesWithTheirFraction() {
        CommandTester t = CommandTester.create().file("f", "").mtime("f", Instant.parse("2023-11-14T22:13:20.250Z"));
        assertThat(t.run("find", "f", "-printf", "%T@ %TS %t\\n").out())
                .isEqualTo("1700000000.2500000000 20.2500000000 Tue Nov 14 22:13:20.2500000000 2023\n");
    }

    @Test
    void lsLineLooksLikeGnus() throws FsException {
        CommandTester t = CommandTester.create().file("f", "hello\n");
        long inode = t.fs().stat("/work/f").inode();
        assertThat(t.run("find", "f", "-ls").out())
                .isEqualTo(
                        String.format("%9d      4 -rw-r--r--   1 user     user            6 Jan  2 03:04 f\n", inode));
    }

    @Test
    void userAndPermissionTestsUseTheSandboxIdentity() {
        CommandTester t =
                CommandTester.create().file("mine", "").file("locked", "").mode("locked", 0);
        assertThat(t.run("find", ".", "-type", "f", "-user", "user", "-readable")
                        .out())
                .isEqualTo("./mine\n");
        assertThat(t.run("find", ".", "-type", "f", "-nouser").out()).isEmpty();
    }
}
