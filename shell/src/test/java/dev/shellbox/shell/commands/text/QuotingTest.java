package dev.shellbox.shell.commands.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuotingTest {

    @Test
    void leavesSafeNamesAlone() {
        assertThat(Quoting.shell("dir/file-1.txt")).isEqualTo("dir/file-1.txt");
        assertThat(Quoting.shell("héllo")).isEqualTo("héllo");
    }

    @Test
    void quotesNamesWithSpacesOrShellCharacters() {
        assertThat(Quoting.shell("a b")).isEqualTo("'a b'");
        assertThat(Quoting.shell("x$y")).isEqualTo("'x$y'");
        assertThat(Quoting.shell("")).isEqualTo("''");
    }

    @Test
    void usesDoubleQuotesForASingleQuote() {
        assertThat(Quoting.shellAlways("it's")).isEqualTo("\"it's\"");
        assertThat(Quoting.shellAlways("it's $x")).isEqualTo("'it'\\''s $x'");
    }

    @Test
    void escapesControlCharactersOutsideQuotes() {
        assertThat(Quoting.shellAlways("a\nb")).isEqualTo("'a'$'\\n''b'");
    }

    @Test
    void localeQuotesUseCurlyQuotesAndEscapeBackslashes() {
        assertThat(Quoting.locale("abc")).isEqualTo("\u2018abc\u2019");
        assertThat(Quoting.locale("\\t")).isEqualTo("\u2018\\\\t\u2019");
    }
}
