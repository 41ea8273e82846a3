package dev.shellbox.shell.commands.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import org.junit.jupiter.api.Test;

class WcCommandTest {

    @Test
    void stdinCountsUseTheWidthOfAPipe() {
        CommandTester.Result r =
                CommandTester.create().stdin("one two\nthree\n").run("wc");
        assertThat(r.out()).isEqualTo("      2       3      14\n");
    }

    @Test
    void devStdinIsAPipeToo() {
        CommandTester.Result r = CommandTester.create().stdin("a b\n").run("wc", "/dev/stdin");
        assertThat(r.out()).isEqualTo("      1       2       4 /dev/stdin\n");
    }

    @Test
    void regularFilesSizeTheColumnsFromTheirTotal() {
        CommandTester.Result r = CommandTester.create().file("a.txt", "x\n").run("wc", "a.txt");
        assertThat(r.out()).isEqualTo("1 1 2 a.txt\n");
    }

    @Test
    void countsMultibyteSequencesSplitAcrossReads() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 40_000; i++) {
            sb.append("é日\n");
        }
        CommandTester.Result r = CommandTester.create().stdin(sb.toString()).run("wc", "-m", "-L");
        // 40,000 lines of three characters; the widest line takes three columns (é one, 日 two).
        assertThat(r.out()).isEqualTo(" 120000       3\n");
    }
}
