package dev.shellbox.shell.commands.files.tree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.io.Text;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TreeCommandTest {

    @Test
    void drawsAsciiLinesOutsideUtf8Locales() {
        CommandTester t =
                CommandTester.create().env("LC_ALL", "C").file("d/a", "").file("d/b/c", "");
        assertThat(t.run("tree", "d").out()).isEqualTo("d\n|-- a\n`-- b\n    `-- c\n\n2 directories, 2 files\n");
        assertThat(t.run("tree", "--charset=utf-8", "d").out()).contains("├── a");
    }

    @Test
    void printsDatesLikeLsWithTheFixedClock() {
        CommandTester t = CommandTester.create()
                .file("d/new", "")
                .mtime("d/new", Instant.parse("2023-12-31T10:00:00Z"))
                .file("d/old", "")
                .mtime("d/old", Instant.parse("2020-01-01T00:00:00Z"));
        assertThat(t.run("tree", "-D", "--noreport", "d").out())
                .isEqualTo("[Jan  2 03:04]  d\n├── [Dec 31 10:00]  new\n└── [Jan  1  2020]  old\n");
        assertThat(t.run("tree", "--timefmt", "%F", "--noreport", "d").out())
                .isEqualTo("[2024-01-02]  d\n├── [2023-12-31]  new\n└── [2020-01-01]  old\n");
    }

    @Test
    void pruneDropsEmptyDirectories() {
        CommandTester t =
                CommandTester.create().file("d/a/keep.js", "").dir("d/empty").file("d/b/skip.md", "");
        assertThat(t.run("tree", "--prune", "-P", "*.js", "d").out())
                .isEqualTo("d\n└── a\n    └── keep.js\n\n2 directories, 1 file\n");
    }

    @Test
    void sortsVersionsLikeStrverscmp() {
        CommandTester t =
                CommandTester.create().file("d/f10", "").file("d/f9", "").file("d/f09", "");
        assertThat(t.run("tree", "-v", "--noreport", "d").out()).isEqualTo("d\n├── f09\n├── f9\n└── f10\n");
    }

    @Test
    void escapesNamesThatAreNotUtf8() {
        CommandTester t = CommandTester.create().file("d/" + Text.decode(new byte[] {'a', ' ', (byte) 0xff}), "");
        assertThat(t.run("tree", "--noreport", "d").out()).isEqualTo("d\n└── a\\ \\377\n");
    }

    @Test
    void rejectsUnknownOptionsWithTheUsage() {
        CommandTester.Result r = CommandTester.create().run("tree", "-y");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).startsWith("tree: Invalid argument -`y'.\nusage: tree [");
    }
}
