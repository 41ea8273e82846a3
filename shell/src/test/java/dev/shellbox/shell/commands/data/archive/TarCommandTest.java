package dev.shellbox.shell.commands.data.archive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TarCommandTest {
    private static final Instant OLD = Instant.parse("2020-05-06T07:08:09Z");

    private static CommandTester tree() {
        byte[] binary = new byte[70_000];
        for (int i = 0; i < binary.length; i++) {
            binary[i] = (byte) (i * 31);
        }
        String longName = "d/" + "n".repeat(120) + ".txt";
        return CommandTester.create()
                .file("d/a.txt", "alpha\n")
                .file("d/bin/blob", binary)
                .file(longName, "long\n")
                .mode("d/a.txt", 0600)
                .symlink("d/link", "a.txt")
                .mtime("d/a.txt", OLD);
    }

    @Test
    void archiveRoundTripsContentModesTimesSymlinksAndLongNames() {
        CommandTester t = tree();
        assertThat(t.run("tar", "czf", "all.tgz", "d").status()).isZero();
        t.dir("out");
        CommandTester.Result x = t.run("tar", "-xzf", "all.tgz", "-C", "out");
        assertThat(x.status()).as(x.err()).isZero();
        assertThat(t.tree("out")).isEqualTo(withPrefix(t, "d"));
        assertThat(t.fs().exists("/work/out/d/" + "n".repeat(120) + ".txt")).isTrue();
    }

    private static java.util.Map<String, String> withPrefix(CommandTester t, String dir) {
        java.util.Map<String, String> expected = new java.util.TreeMap<>();
        t.tree(dir).forEach((k, v) -> expected.put(dir + "/" + k, v));
        expected.put(dir, "d 755");
        return expected;
    }

    @Test
    void keepsModificationTimesOnExtraction() throws Exception {
        CommandTester t = tree();
        t.run("tar", "cf", "a.tar", "d/a.txt");
        t.dir("out");
        t.run("tar", "xf", "a.tar", "-C", "out");
        assertThat(t.fs().stat("/work/out/d/a.txt").mtimeMillis()).isEqualTo(OLD.toEpochMilli());
        assertThat(t.fs().stat("/work/out/d/a.txt").mode()).isEqualTo(0600);
    }

    @Test
    void streamsThroughStdoutAndStdin() {
        CommandTester t = tree();
        CommandTester.Result archive = t.run("tar", "-czf", "-", "d");
        assertThat(archive.status()).isZero();
        CommandTester.Result listing = t.stdin(archive.stdout()).run("tar", "-tzf", "-");
        assertThat(listing.out()).contains("d/\n", "d/a.txt\n", "d/bin/blob\n", "d/link\n");
    }

    @Test
    void excludesMatchingMembersWhenCreating() {
        CommandTester t = tree();
        t.run("tar", "cf", "a.tar", "--exclude=*.txt", "d");
        assertThat(t.run("tar", "tf", "a.tar").out()).doesNotContain(".txt").contains("d/bin/blob");
    }

    @Test
    void verboseCreateToStdoutReportsOnStderr() {
        CommandTester t = tree();
        CommandTester.Result r = t.run("tar", "cvf", "-", "d/a.txt");
        assertThat(r.err()).isEqualTo("d/a.txt\n");
    }
}
