package dev.shellbox.shell.commands.regex;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GlobTest {
    @Test
    void wildcardsAndBracketsFollowFnmatch() {
        Glob g = Glob.compile("*.[ch]", false, false);
        assertThat(g.matches("main.c")).isTrue();
        assertThat(g.matches("dir/main.h")).isTrue();
        assertThat(g.matches("main.cc")).isFalse();
        assertThat(Glob.compile("file?.[!0-9]", false, false).matches("file1.x"))
                .isTrue();
        assertThat(Glob.compile("file?.[!0-9]", false, false).matches("file1.5"))
                .isFalse();
        assertThat(Glob.compile("[[:upper:]]*", false, false).matches("Readme")).isTrue();
        assertThat(Glob.compile("a\\*b", false, false).matches("a*b")).isTrue();
        assertThat(Glob.compile("a\\*b", false, false).matches("axb")).isFalse();
        assertThat(Glob.compile("[ab", false, false).matches("[ab")).isTrue();
    }

    @Test
    void pathnameModeKeepsWildcardsInsideOneComponent() {
        assertThat(Glob.compile("src/*.rs", true, false).matches("src/main.rs")).isTrue();
        assertThat(Glob.compile("src/*.rs", true, false).matches("src/a/main.rs"))
                .isFalse();
        assertThat(Glob.compile("src/**/*.rs", true, false).matches("src/a/b/main.rs"))
                .isTrue();
        assertThat(Glob.compile("src/**/*.rs", true, false).matches("src/main.rs"))
                .isTrue();
        assertThat(Glob.compile("**/test", true, false).matches("a/b/test")).isTrue();
        assertThat(Glob.compile("docs/**", true, false).matches("docs/x/y")).isTrue();
    }

    @Test
    void caseFoldingIsOptional() {
        assertThat(Glob.compile("*.MD", false, true).matches("readme.md")).isTrue();
        assertThat(Glob.compile("*.MD", false, false).matches("readme.md")).isFalse();
    }
}
