package dev.shellbox.shell.gnu.fnmatch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GlobTest {

    private static boolean matches(String pattern, String name) {
        return Glob.compile(pattern, false, false, false).matches(name);
    }

    @Test
    void matchesWildcardsAndBrackets() {
        assertThat(matches("*.txt", "notes.txt")).isTrue();
        assertThat(matches("*.txt", "notes.txt.bak")).isFalse();
        assertThat(matches("?.c", "a.c")).isTrue();
        assertThat(matches("[a-c]x", "bx")).isTrue();
        assertThat(matches("[!a-c]x", "bx")).isFalse();
        assertThat(matches("[^a-c]x", "dx")).isTrue();
        assertThat(matches("[[:digit:]]*", "9lives")).isTrue();
        assertThat(matches("[]]", "]")).isTrue();
        assertThat(matches("\\*", "*")).isTrue();
        assertThat(matches("\\*", "a")).isFalse();
        assertThat(matches("[unclosed", "[unclosed")).isTrue();
    }

    @Test
    void honoursPeriodPathnameAndCaseFlags() {
        assertThat(Glob.compile("*", true, false, false).matches(".hidden")).isFalse();
        assertThat(Glob.compile("*", false, false, false).matches(".hidden")).isTrue();
        assertThat(Glob.compile("a*b", false, false, true).matches("a/b")).isFalse();
        assertThat(Glob.compile("a*b", false, false, false).matches("a/b")).isTrue();
        assertThat(Glob.compile("READ*", false, true, false).matches("readme")).isTrue();
    }
}
