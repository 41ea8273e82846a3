package dev.shellbox.shell.commands.search.rg;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GitGlobTest {
    @Test
    void wildcardsAndBracketsFollowFnmatch() {
        GitGlob g = GitGlob.compile("*.[ch]", false, false);
        assertThat(g.matches("main.c")).isTrue();
        assertThat(g.matches("dir/main.h")).isTrue();
        assertThat(g.matches("main.cc")).isFalse();
        assertThat(GitGlob.compile("file?.[!0-9]", false, false).matches("file1.x"))
                .isTrue();
        assertThat(GitGlob.compile("file?.[!0-9]", false, false).matches("file1.5"))
                .isFalse();
        assertThat(GitGlob.compile("[[:upper:]]*", false, false).matches("Readme"))
                .isTrue();
        assertThat(GitGlob.compile("a\\*b", false, false).matches("a*b")).isTrue();
        assertThat(GitGlob.compile("a\\*b", false, false).matches("axb")).isFalse();
        assertThat(GitGlob.compile("[ab", false, false).matches("[ab")).isTrue();
    }

    @Test
    void pathnameModeKeepsWildcardsInsideOneComponent() {
        assertThat(GitGlob.compile("src/*.rs", true, false).matches("src/main.rs"))
                .isTrue();
        assertThat(GitGlob.compile("src/*.rs", true, false).matches("src/a/main.rs"))
                .isFalse();
        assertThat(GitGlob.compile("src/**/*.rs", true, false).matches("src/a/b/main.rs"))
                .isTrue();
        assertThat(GitGlob.compile("src/**/*.rs", true, false).matches("src/main.rs"))
                .isTrue();
        assertThat(GitGlob.compile("**/test", true, false).matches("a/b/test")).isTrue();
        assertThat(GitGlob.compile("docs/**", true, false).matches("docs/x/y")).isTrue();
    }

    @Test
    void caseFoldingIsOptional() {
        assertThat(GitGlob.compile("*.MD", false, true).matches("readme.md")).isTrue();
        assertThat(GitGlob.compile("*.MD", false, false).matches("readme.md")).isFalse();
    }
}
