package dev.shellbox.shell.commands.fileutil;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.regex.PatternSyntaxException;
import org.junit.jupiter.api.Test;

class PosixRegexTest {

    private static boolean matches(String re, PosixRegex.Syntax syntax, String text) {
        return PosixRegex.compile(re, syntax, false).matcher(text).matches();
    }

    @Test
    void basicSyntaxUsesBackslashedOperators() {
        assertThat(matches("a\\(bc\\)*d", PosixRegex.Syntax.BASIC, "abcbcd")).isTrue();
        assertThat(matches("a\\(bc\\)*d", PosixRegex.Syntax.BASIC, "abd")).isFalse();
        assertThat(matches("a(b)c", PosixRegex.Syntax.BASIC, "a(b)c")).isTrue();
        assertThat(matches("a+b", PosixRegex.Syntax.BASIC, "a+b")).isTrue();
        assertThat(matches("x\\{2\\}", PosixRegex.Syntax.BASIC, "xx")).isTrue();
        assertThat(matches("*a", PosixRegex.Syntax.BASIC, "*a")).isTrue();
        assertThat(matches("a\\|b", PosixRegex.Syntax.BASIC, "b")).isTrue();
    }

    @Test
    void extendedSyntaxUsesPlainOperators() {
        assertThat(matches("(ab)+|c{2}", PosixRegex.Syntax.EXTENDED, "abab")).isTrue();
        assertThat(matches("(ab)+|c{2}", PosixRegex.Syntax.EXTENDED, "cc")).isTrue();
        assertThat(matches("a\\+", PosixRegex.Syntax.EXTENDED, "a+")).isTrue();
    }

    @Test
    void emacsSyntaxHasNoIntervals() {
        assertThat(matches(".*/x{1}", PosixRegex.Syntax.EMACS, "./x{1}")).isTrue();
        assertThat(matches(".*/\\(a\\|b\\)+", PosixRegex.Syntax.EMACS, "./abba"))
                .isTrue();
    }

    @Test
    void translatesBracketExpressions() {
        assertThat(matches("[[:alpha:]_][[:alnum:]]*", PosixRegex.Syntax.EXTENDED, "_x9"))
                .isTrue();
        assertThat(matches("[]a]+", PosixRegex.Syntax.EXTENDED, "]a]")).isTrue();
        assertThat(matches("[a\\]+", PosixRegex.Syntax.EXTENDED, "a\\")).isTrue();
        assertThat(matches("[^[:space:]]+", PosixRegex.Syntax.EXTENDED, "no space"))
                .isFalse();
        assertThatThrownBy(() -> PosixRegex.compile("[[:nope:]]", PosixRegex.Syntax.EXTENDED, false))
                .isInstanceOf(PatternSyntaxException.class);
    }

    @Test
    void supportsWordBoundariesAndBackReferences() {
        assertThat(PosixRegex.compile("\\<cat\\>", PosixRegex.Syntax.BASIC, false)
                        .matcher("a cat sat")
                        .find())
                .isTrue();
        assertThat(PosixRegex.compile("\\<cat\\>", PosixRegex.Syntax.BASIC, false)
                        .matcher("concat")
                        .find())
                .isFalse();
        assertThat(matches("\\(ab\\)\\1", PosixRegex.Syntax.BASIC, "abab")).isTrue();
    }
}
