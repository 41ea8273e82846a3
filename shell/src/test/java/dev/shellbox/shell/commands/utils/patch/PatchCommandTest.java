package dev.shellbox.shell.commands.utils.patch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import org.junit.jupiter.api.Test;

class PatchCommandTest {

    @Test
    void appliesWhatDiffProduces() {
        CommandTester t = CommandTester.create()
                .file("old/f.txt", "one\ntwo\nthree\nfour\n")
                .file("new/f.txt", "one\n2\nthree\nfour\nfive\n");
        String diff = t.run("diff", "-u", "old/f.txt", "new/f.txt").out();
        t.file("p.diff", diff);
        var r = t.run("patch", "old/f.txt", "p.diff");
        assertThat(r.status()).isZero();
        assertThat(t.tree("old").get("f.txt")).isEqualTo("f 644 one\n2\nthree\nfour\nfive\n");
    }

    @Test
    void recursiveDiffRoundTripsThroughPatch() {
        CommandTester t = CommandTester.create()
                .file("a/x", "1\n2\n")
                .file("a/gone", "bye\n")
                .file("b/x", "1\n3\n")
                .file("b/sub/new", "hello\n");
        String diff = t.run("diff", "-ruN", "a", "b").out();
        t.file("p.diff", diff);
        var r = t.cwd("a").run("patch", "-p1", "-i", "../p.diff");
        assertThat(r.err()).isEmpty();
        assertThat(r.status()).isZero();
        assertThat(r.out()).isEqualTo("patching file gone\npatching file sub/new\npatching file x\n");
        assertThat(t.tree(".")).containsOnlyKeys("x", "sub", "sub/new");
        assertThat(t.tree(".").get("sub/new")).isEqualTo("f 644 hello\n");
    }

    @Test
    void emptyPatchChangesNothing() {
        var r = CommandTester.create().file("a", "x\n").stdin("").run("patch", "a");
        assertThat(r.status()).isZero();
        assertThat(r.out()).isEmpty();
    }

    @Test
    void keepsInvalidUtf8Bytes() {
        byte[] file = {'a', '\n', (byte) 0xff, '\n'};
        String patch = "--- f\n+++ f\n@@ -1,2 +1,2 @@\n-a\n+b\n \uDCFF\n";
        CommandTester t = CommandTester.create().file("f", file).stdin(patch);
        var r = t.run("patch", "f");
        assertThat(r.status()).isZero();
        assertThat(t.tree(".").get("f")).isEqualTo("f 644 b\n\uDCFF\n");
    }

    @Test
    void dryRunWritesNothing() {
        CommandTester t = CommandTester.create().file("a", "1\n2\n3\n").stdin("--- a\n+++ a\n@@ -2 +2 @@\n-2\n+two\n");
        var r = t.run("patch", "--dry-run");
        assertThat(r.out()).isEqualTo("checking file a\n");
        assertThat(t.tree(".")).containsOnlyKeys("a");
        assertThat(t.tree(".").get("a")).isEqualTo("f 644 1\n2\n3\n");
    }
}
