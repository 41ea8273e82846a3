package dev.shellbox.shell.commands.data.archive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import org.junit.jupiter.api.Test;

class ZipCommandTest {

    @Test
    void zipAndUnzipRoundTripBinaryContentAndModes() {
        byte[] blob = new byte[50_000];
        for (int i = 0; i < blob.length; i++) {
            blob[i] = (byte) (i % 251);
        }
        CommandTester t = CommandTester.create().file("src/blob.bin", blob).file("src/run.sh", "echo hi\n");
        t.mode("src/run.sh", 0755);
        assertThat(t.run("zip", "-q", "-r", "a.zip", "src").status()).isZero();
        CommandTester.Result r = t.run("unzip", "-q", "-d", "out", "a.zip");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(t.run("cat", "out/src/blob.bin").stdout()).isEqualTo(blob);
        assertThat(t.tree("out/src").get("run.sh")).isEqualTo("f 755 echo hi\n");
    }

    @Test
    void updatingAnArchiveReplacesEntriesAndKeepsOthers() {
        CommandTester t = CommandTester.create().file("a.txt", "one\n").file("b.txt", "two\n");
        t.run("zip", "-q", "x.zip", "a.txt", "b.txt");
        t.file("a.txt", "changed\n");
        CommandTester.Result r = t.run("zip", "x.zip", "a.txt");
        assertThat(r.out()).isEqualTo("updating: a.txt (stored 0%)\n");
        assertThat(t.run("unzip", "-p", "x.zip", "a.txt").out()).isEqualTo("changed\n");
        assertThat(t.run("unzip", "-p", "x.zip", "b.txt").out()).isEqualTo("two\n");
    }

    @Test
    void storesSymlinksAsLinksWithY() {
        CommandTester t = CommandTester.create().file("target.txt", "t\n").symlink("link", "target.txt");
        t.run("zip", "-q", "-y", "l.zip", "link");
        t.dir("out");
        t.run("unzip", "-q", "-d", "out", "l.zip");
        assertThat(t.tree("out").get("link")).isEqualTo("l -> target.txt");
    }

    @Test
    void answersYesToTheReplacePromptFromStdin() {
        CommandTester t = CommandTester.create().file("a.txt", "new\n");
        t.run("zip", "-q", "x.zip", "a.txt");
        t.file("a.txt", "old\n");
        CommandTester.Result r = t.stdin("y\n").run("unzip", "-q", "x.zip");
        assertThat(r.status()).isZero();
        assertThat(t.run("cat", "a.txt").out()).isEqualTo("new\n");
    }
}
