package dev.shellbox.shell.commands.utils.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DiffCommandTest {

    @Test
    void headerTimesUseTheTzZone() {
        CommandTester t = CommandTester.create()
                .env("TZ", "Europe/Paris")
                .file("a", "x\n")
                .file("b", "y\n");
        t.mtime("a", Instant.parse("2024-07-01T10:00:00.123Z")).mtime("b", Instant.parse("2024-01-01T10:00:00Z"));
        var r = t.run("diff", "-u", "a", "b");
        assertThat(r.out())
                .startsWith("--- a\t2024-07-01 12:00:00.123000000 +0200\n+++ b\t2024-01-01 11:00:00.000000000 +0100\n");
    }

    @Test
    void stdinHeaderUsesTheCurrentTime() {
        var r = CommandTester.create().file("a", "x\n").stdin("y\n").run("diff", "-u", "-", "a");
        assertThat(r.out()).startsWith("--- -\t" + "2024-01-02 03:04:05.000000000 +0000\n");
        assertThat(r.status()).isEqualTo(1);
    }

    @Test
    void largeSimilarFilesShowOnlyTheChangedLines() {
        StringBuilder a = new StringBuilder();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 50_000; i++) {
            a.append("line ").append(i).append('\n');
            b.append(i % 10_000 == 5 ? "changed " : "line ").append(i).append('\n');
        }
        var r = CommandTester.create()
                .file("a", a.toString())
                .file("b", b.toString())
                .run("diff", "a", "b");
        assertThat(r.out().lines().filter(l -> l.startsWith(">")).count()).isEqualTo(5);
        assertThat(r.out()).startsWith("6c6\n< line 5\n---\n> changed 5\n");
    }

    @Test
    void completelyDifferentFilesAreAllChanged() {
        StringBuilder a = new StringBuilder();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            a.append("a").append(i).append('\n');
            b.append("b").append(i).append('\n');
        }
        var r = CommandTester.create()
                .file("a", a.toString())
                .file("b", b.toString())
                .run("diff", "a", "b");
        assertThat(r.out()).startsWith("1,3000c1,3000\n");
    }

    @Test
    void minimalOptionIsAccepted() {
        var r = CommandTester.create()
                .file("a", "a\nb\nc\n")
                .file("b", "a\nc\n")
                .run("diff", "-d", "a", "b");
        assertThat(r.out()).isEqualTo("2d1\n< b\n");
    }

    @Test
    void invalidUtf8BytesAreCopiedUnchanged() {
        byte[] a = {(byte) 0xff, '\n'};
        byte[] b = {(byte) 0xfe, '\n'};
        var r = CommandTester.create().file("a", a).file("b", b).run("diff", "a", "b");
        assertThat(r.stdout())
                .containsExactly('1', 'c', '1', '\n', '<', ' ', 0xff, '\n', '-', '-', '-', '\n', '>', ' ', 0xfe, '\n');
    }
}
