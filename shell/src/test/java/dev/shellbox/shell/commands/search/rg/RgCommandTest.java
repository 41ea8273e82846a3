package dev.shellbox.shell.commands.search.rg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import org.junit.jupiter.api.Test;

class RgCommandTest {

    @Test
    void searchesStandardInputWhenItHasData() {
        var r = CommandTester.create()
                .file("a.txt", "hello file\n")
                .stdin("hello stdin\nother\n")
                .run("rg", "hello");
        assertThat(r.out()).isEqualTo("hello stdin\n");
        assertThat(r.status()).isZero();
    }

    @Test
    void printsContextAroundMatchesWithGroupSeparators() {
        String in = "a\nx1\nb\nc\nd\nx2\nx3\ne\nf\n";
        assertThat(CommandTester.create().stdin(in).run("rg", "-C1", "x").out())
                .isEqualTo("a\nx1\nb\n--\nd\nx2\nx3\ne\n");
        assertThat(CommandTester.create().stdin(in).run("rg", "-n", "-B2", "x").out())
                .isEqualTo("1-a\n2:x1\n--\n4-c\n5-d\n6:x2\n7:x3\n");
        assertThat(CommandTester.create().stdin(in).run("rg", "-m1", "-A2", "x").out())
                .isEqualTo("x1\nb\nc\n");
    }

    @Test
    void searchesTheWorkingDirectoryWhenStandardInputIsEmpty() {
        var r = CommandTester.create().file("a.txt", "hello file\n").run("rg", "hello");
        assertThat(r.out()).isEqualTo("a.txt:hello file\n");
    }

    @Test
    void deeperIgnoreFilesOverrideShallowerOnes() {
        var r = CommandTester.create()
                .file(".ignore", "*.txt\n")
                .file("sub/.ignore", "!keep.txt\n")
                .file("sub/keep.txt", "x\n")
                .file("sub/drop.txt", "x\n")
                .file("top.txt", "x\n")
                .run("rg", "--files");
        assertThat(r.out()).isEqualTo("sub/keep.txt\n");
    }

    @Test
    void ignoredDirectoriesAreNotEntered() {
        var r = CommandTester.create()
                .file(".ignore", "vendor/\n")
                .file("vendor/lib/a.go", "x\n")
                .file("main.go", "x\n")
                .run("rg", "-l", "x");
        assertThat(r.out()).isEqualTo("main.go\n");
    }

    @Test
    void anchoredAndDoubleStarPatterns() {
        var r = CommandTester.create()
                .file(".ignore", "/root.txt\n**/deep/*.tmp\ndocs/**/*.bak\n")
                .file("root.txt", "x\n")
                .file("sub/root.txt", "x\n")
                .file("a/deep/f.tmp", "x\n")
                .file("docs/x/y/z.bak", "x\n")
                .file("docs/z.bak", "x\n")
                .run("rg", "--files");
        assertThat(r.out()).isEqualTo("sub/root.txt\n");
    }

    @Test
    void explicitFilesAreSearchedEvenWhenHiddenOrIgnored() {
        var r = CommandTester.create()
                .file(".ignore", "*.log\n")
                .file("app.log", "needle\n")
                .file(".secret", "needle\n")
                .run("rg", "needle", "app.log", ".secret");
        assertThat(r.out()).isEqualTo("app.log:needle\n.secret:needle\n");
    }

    @Test
    void explicitBinaryFileReportsAMatch() {
        var r = CommandTester.create().file("bin.dat", "abc\u0000needle\n").run("rg", "needle", "bin.dat");
        assertThat(r.out()).isEqualTo("binary file matches (found \"\\0\" byte around offset 3)\n");
        assertThat(r.status()).isZero();
    }

    @Test
    void unicodeWordCharactersAsInRustRegex() {
        var r = CommandTester.create().file("a.txt", "naïve café\n").run("rg", "-o", "\\w+", "a.txt");
        assertThat(r.out()).isEqualTo("naïve\ncafé\n");
    }

    @Test
    void unknownTypeIsAnError() {
        var r = CommandTester.create().run("rg", "-t", "nosuchtype", "x");
        assertThat(r.err()).isEqualTo("rg: unrecognized file type: nosuchtype\n");
        assertThat(r.status()).isEqualTo(2);
    }

    @Test
    void headingGroupsMatchesUnderTheirFile() {
        var r = CommandTester.create()
                .file("a.txt", "x1\nx2\n")
                .file("b.txt", "x3\n")
                .run("rg", "--heading", "-n", "x");
        assertThat(r.out()).isEqualTo("a.txt\n1:x1\n2:x2\n\nb.txt\n1:x3\n");
    }
}
