package dev.shellbox.shell.gnu.regex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.regex.PatternSyntaxException;
import org.junit.jupiter.api.Test;

class FindRegexTest {

    private static boolean matches(String re, FindRegex.Syntax syntax, String text) {
        return FindRegex.compile(re, syntax, false).matcher(text).matches();
    }

    @Test
    void basicSyntaxUsesBackslashedOperators() {
        assertThat(matches("a\\(bc\\)*d", FindRegex.Syntax.BASIC, "abcbcd")).isTrue();
        assertThat(matches("a\\(bc\\)*d", FindRegex.Syntax.BASIC, "abd")).isFalse();
        assertThat(matches("a(b)c", FindRegex.Syntax.BASIC, "a(b)c")).isTrue();
        assertThat(matches("a+b", FindRegex.Syntax.BASIC, "a+b")).isTrue();
        assertThat(matches("x\\{2\\}", FindRegex.Syntax.BASIC, "xx")).isTrue();
        assertThat(matches("*a", FindRegex.Syntax.BASIC, "*a")).isTrue();
        assertThat(matches("a\\|b", FindRegex.Syntax.BASIC, "b")).isTrue();
    }

    @Test
    void extendedSyntaxUsesPlainOperators() {
        assertThat(matches("(ab)+|c{2}", FindRegex.Syntax.EXTENDED, "abab")).isTrue();
        assertThat(matches("(ab)+|c{2}", FindRegex.Syntax.EXTENDED, "cc")).isTrue();
        assertThat(matches("a\\+", FindRegex.Syntax.EXTENDED, "a+")).isTrue();
    }

    @Test
    void emacsSyntaxHasNoIntervals() {
        assertThat(matches(".*/x{1}", FindRegex.Syntax.EMACS, "./x{1}")).isTrue();
        assertThat(matches(".*/\\(a\\|b\\)+", FindRegex.Syntax.EMACS, "./abba")).isTrue();
    }

    @Test
    void translatesBracketExpressions() {
        assertThat(matches("[[:alpha:]_][[:alnum:]]*", FindRegex.Syntax.EXTENDED, "_x9"))
                .isTrue();
        assertThat(matches("[]a]+", FindRegex.Syntax.EXTENDED, "]a]")).isTrue();
        assertThat(matches("[a\\]+", FindRegex.Syntax.EXTENDED, "a\\")).isTrue();
        assertThat(matches("[^[:space:]]+", FindRegex.Syntax.EXTENDED, "no space"))
                .isFalse();
        assertThatThrownBy(() -> FindRegex.compile("[[:nope:]]", FindRegex.Syntax.EXTENDED, false))
                .isInstanceOf(PatternSyntaxException.class);
    }

    @Test
    void supportsWordBoundariesAndBackReferences() {
        assertThat(FindRegex.compile("\\<cat\\>", FindRegex.Syntax.BASIC, false)
                        .matcher("a cat sat")
                        .find())
                .isTrue();
        assertThat(FindRegex.compile("\\<cat\\>", FindRegex.Syntax.BASIC, false)
                        .matcher("concat")
                        .find())
                .isFalse();
        assertThat(matches("\\(ab\\)\\1", FindRegex.Syntax.BASIC, "abab")).isTrue();
    }
}
