package dev.shellbox.shell.gnu.quotearg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.io.Text;
import org.junit.jupiter.api.Test;

class QuotingTest {

    @Test
    void shellQuotesOnlyWhenNeeded() {
        assertThat(Quoting.shell("plain-name_1.txt")).isEqualTo("plain-name_1.txt");
        assertThat(Quoting.shell("a b")).isEqualTo("'a b'");
        assertThat(Quoting.shell("")).isEqualTo("''");
        assertThat(Quoting.shell("a#")).isEqualTo("a#");
        assertThat(Quoting.shell("#a")).isEqualTo("'#a'");
        assertThat(Quoting.shell("{")).isEqualTo("'{'");
        assertThat(Quoting.shell("{}")).isEqualTo("{}");
        assertThat(Quoting.shell("x:y")).isEqualTo("'x:y'");
        assertThat(Quoting.shell("é")).isEqualTo("é");
    }

    @Test
    void usesDoubleQuotesForASingleQuoteWhenThatIsEnough() {
        assertThat(Quoting.shellAlways("it's")).isEqualTo("\"it's\"");
        assertThat(Quoting.shellAlways("a'b c")).isEqualTo("\"a'b c\"");
        assertThat(Quoting.shellAlways("a'b$c")).isEqualTo("'a'\\''b$c'");
    }

    @Test
    void escapesControlCharactersAndInvalidBytes() {
        assertThat(Quoting.shellAlways("a\tb")).isEqualTo("'a'$'\\t''b'");
        assertThat(Quoting.shellAlways("\t\t")).isEqualTo("''$'\\t\\t'");
        assertThat(Quoting.shellAlways("\t'")).isEqualTo("''$'\\t'\\'''");
        String invalid = Text.decode(new byte[] {(byte) 0xe9, 't', (byte) 0xc3});
        assertThat(Quoting.shellAlways(invalid)).isEqualTo("''$'\\351''t'$'\\303'");
    }

    @Test
    void localeQuotingUsesCurlyQuotesAndCEscapes() {
        assertThat(Quoting.locale("d")).isEqualTo("‘d’");
        assertThat(Quoting.locale("a\\b")).isEqualTo("‘a\\\\b’");
        assertThat(Quoting.locale("a\nb")).isEqualTo("‘a\\nb’");
        assertThat(Quoting.locale("a’b")).isEqualTo("‘a\\’b’");
    }

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

    @Test
    void shellEscapeLeavesAColonAloneButQuotesWhatAShellReads() {
        assertThat(Quoting.shellEscape("a:b")).isEqualTo("a:b");
        assertThat(Quoting.shellEscape("a=b")).isEqualTo("'a=b'");
        assertThat(Quoting.shellEscape("it's*")).isEqualTo("'it'\\''s*'");
        assertThat(Quoting.shell("a:b")).isEqualTo("'a:b'");
    }
}
