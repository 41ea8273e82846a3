package dev.shellbox.shell.commands.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.fs.FsException;
import org.junit.jupiter.api.Test;

class DuCommandTest {

    @Test
    void listsEntriesInNameOrderDeepestFirst() {
        CommandTester t =
                CommandTester.create().file("d/b/x", "1").file("d/a", "1").file("d/c/y", "1");
        assertThat(t.run("du", "-a", "d").out()).isEqualTo("4\td/a\n4\td/b/x\n8\td/b\n4\td/c/y\n8\td/c\n24\td\n");
    }

    @Test
    void countsHardLinksOnce() throws FsException {
        CommandTester t = CommandTester.create().file("d/a", "x".repeat(5000));
        t.fs().createHardLink("/work/d/b", "/work/d/a");
        assertThat(t.run("du", "-s", "d").out()).isEqualTo("12\td\n");
        assertThat(t.run("du", "-sl", "d").out()).isEqualTo("20\td\n");
    }

    @Test
    void showsTheLatestModificationWithTime() {
        CommandTester t = CommandTester.create().file("d/f", "x");
        assertThat(t.run("du", "-s", "--time", "d").out()).isEqualTo("8\t2024-01-02 03:04\td\n");
    }

    @Test
    void dfPrintsOneRowForTheSandboxFileSystem() {
        CommandTester t = CommandTester.create();
        assertThat(t.run("df").out())
                .isEqualTo("Filesystem      1K-blocks  Used  Available Use% Mounted on\n"
                        + "shellbox       1073741824     0 1073741824   0% /\n");
        assertThat(t.run("df", "-h", ".").out())
                .isEqualTo("Filesystem      Size  Used Avail Use% Mounted on\n"
                        + "shellbox        1.0T     0  1.0T   0% /\n");
        assertThat(t.run("df", "-T", "/work").out()).startsWith("Filesystem     Type      1K-blocks  Used");
    }

    @Test
    void dfReportsMissingFiles() {
        CommandTester.Result r = CommandTester.create().run("df", "nope");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("df: nope: No such file or directory\n");
    }
}
