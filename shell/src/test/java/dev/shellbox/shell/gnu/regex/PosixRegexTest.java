package dev.shellbox.shell.gnu.regex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;

class PosixRegexTest {
    private static final RegexOptions BRE = RegexOptions.grep(RegexSyntax.BASIC);
    private static final RegexOptions ERE = RegexOptions.grep(RegexSyntax.EXTENDED);

    private static List<String> allMatches(String pattern, RegexOptions options, String text) throws Exception {
        PosixMatcher m = PosixRegex.compile(pattern, options).matcher(text);
        List<String> found = new ArrayList<>();
        int from = 0;
        while (from <= text.length() && m.find(from)) {
            if (m.end() > m.start()) { // empty matches are skipped, as grep -o does
                found.add(text.substring(m.start(), m.end()));
            }
            from = m.end() > m.start() ? m.end() : m.end() + 1;
        }
        return found;
    }

    @Test
    void alternationPrefersTheLongestMatchLikeGnu() throws Exception {
        assertThat(allMatches("ab|abcd", ERE, "abcd")).containsExactly("abcd");
        assertThat(allMatches("\\(a\\|ab\\)\\(c\\|bcd\\)", BRE, "abcd")).containsExactly("abcd");
        assertThat(allMatches("a*(ab)?b*", ERE, "aab")).containsExactly("aab");
    }

    @Test
    void groupsAreFilledForTheLongestSpan() throws Exception {
        PosixMatcher m = PosixRegex.compile("(fo|foo)(o|bar)", ERE).matcher("foobar");
        assertThat(m.find(0)).isTrue();
        assertThat(m.group(0)).isEqualTo("foobar");
        assertThat(m.group(1)).isEqualTo("foo");
        assertThat(m.group(2)).isEqualTo("bar");
    }

    @Test
    void backReferencePatternsAlsoMatchLongest() throws Exception {
        assertThat(allMatches("(a|ab)\\1", ERE, "abab aa")).containsExactly("abab", "aa");
        assertThat(allMatches("\\(ab\\)\\1", BRE, "xababx")).containsExactly("abab");
    }

    @Test
    void breTreatsContextDependentCharactersAsLiterals() throws Exception {
        assertThat(allMatches("*a", BRE, "x*a")).containsExactly("*a");
        assertThat(allMatches("a^b$c", BRE, "a^b$c")).containsExactly("a^b$c");
        assertThat(allMatches("\\(^a\\)", BRE, "aa")).containsExactly("a");
        assertThat(allMatches("a\\{2\\}", BRE, "aaaaa")).containsExactly("aa", "aa");
        assertThat(allMatches("a\\+b\\?", BRE, "aab")).containsExactly("aab");
    }

    @Test
    void emacsSyntaxHasUnescapedPlusAndNoIntervals() throws Exception {
        RegexOptions emacs = RegexOptions.posix(RegexSyntax.EMACS);
        assertThat(allMatches(".*/a+b?\\(c\\|d\\)", emacs, "x/aabd")).containsExactly("x/aabd");
        assertThat(allMatches("x\\{2\\}", emacs, "x{2}")).containsExactly("x{2}");
        assertThat(allMatches("+a", emacs, "+a")).containsExactly("+a");
        assertThat(allMatches("[[:alpha:]]", emacs, "a:]")).containsExactly(":]");
    }

    @Test
    void ereSkipsLeadingRepetitionWithAWarningInGrepDialect() throws Exception {
        PosixRegex re = PosixRegex.compile("*b", ERE);
        assertThat(re.warnings()).containsExactly("* at start of expression");
        assertThat(allMatches("*b", ERE, "ab")).containsExactly("b");
        assertThatThrownBy(() -> PosixRegex.compile("*b", RegexOptions.posix(RegexSyntax.EXTENDED)))
                .hasMessage("Invalid preceding regular expression");
    }

    @Test
    void ereBraceThatIsNoIntervalIsLiteralForGrep() throws Exception {
        assertThat(allMatches("a{1", ERE, "a{1")).containsExactly("a{1");
        assertThat(allMatches("a{,2}", ERE, "aaa")).containsExactly("aa", "a");
        assertThatThrownBy(() -> PosixRegex.compile("a{1", RegexOptions.posix(RegexSyntax.EXTENDED)))
                .hasMessage("Unmatched \\{");
    }

    @Test
    void reportsGnuErrorMessages() {
        assertError("\\(", BRE, "Unmatched ( or \\(");
        assertError("\\)", BRE, "Unmatched ) or \\)");
        assertError("(", ERE, "Unmatched ( or \\(");
        assertError("[a", BRE, "Unmatched [, [^, [:, [., or [=");
        assertError("[", BRE, "Invalid regular expression");
        assertError("[[:foo:]]", BRE, "Invalid character class name");
        assertError("[z-a]", BRE, "Invalid range end");
        assertError("[a-c-e]", BRE, "Invalid range end");
        assertError("[[.ab.]]", BRE, "Invalid collation character");
        assertError("x\\", BRE, "Trailing backslash");
        assertError("a\\{2,1\\}", BRE, "Invalid content of \\{\\}");
        assertError("a\\{1", BRE, "Unmatched \\{");
        assertError("a\\{99999\\}", BRE, "Regular expression too big");
        assertError("a{}", ERE, "Invalid content of \\{\\}");
        assertError("\\1", BRE, "Invalid back reference");
        assertError("(a)\\2", ERE, "Invalid back reference");
        assertError("(a)|b\\1", ERE, "Invalid back reference");
        assertError("[:space:]", BRE, "character class syntax is [[:space:]], not [:space:]");
    }

    private static void assertError(String pattern, RegexOptions options, String message) {
        assertThatThrownBy(() -> PosixRegex.compile(pattern, options))
                .isInstanceOf(RegexSyntaxException.class)
                .hasMessage(message);
    }

    @Test
    void bracketExpressionsFollowGlibc() throws Exception {
        assertThat(allMatches("[]a-]+", ERE, "a]-b")).containsExactly("a]-");
        assertThat(allMatches("[^]a]", BRE, "a]b")).containsExactly("b");
        assertThat(allMatches("[--/]", BRE, ".-x")).containsExactly(".", "-");
        assertThat(allMatches("[[:alpha:]]+", ERE, "héllo 123 wörld")).containsExactly("héllo", "wörld");
        assertThat(allMatches("[[:punct:]]", ERE, "a_b")).containsExactly("_");
        assertThat(allMatches("[[=a=][.-.]]", BRE, "ba-")).containsExactly("a", "-");
        assertThat(allMatches("[\\n]", BRE, "a\\n")).containsExactly("\\", "n");
    }

    @Test
    void dotAndListsNeverMatchUndecodableBytes() throws Exception {
        String text = "a\uDCFFb";
        assertThat(allMatches("a.b", BRE, text)).isEmpty();
        assertThat(allMatches("a[^x]b", BRE, text)).isEmpty();
        assertThat(allMatches("a\uDCFFb", BRE, text)).containsExactly(text);
    }

    @Test
    void wordOperatorsUseGnuWordCharacters() throws Exception {
        assertThat(allMatches("\\<w[a-z]*", ERE, "hello world wide")).containsExactly("world", "wide");
        assertThat(allMatches("\\bo|o\\b", ERE, "foo bar o")).containsExactly("o", "o");
        assertThat(allMatches("\\w+", ERE, "foo_1 bär")).containsExactly("foo_1", "bär");
        assertThat(allMatches("o\\B.", ERE, "foo")).containsExactly("oo");
        assertThat(allMatches("\\`a", ERE, "aa")).containsExactly("a");
    }

    @Test
    void newlineSensitiveAnchorsMatchAroundNewlines() throws Exception {
        RegexOptions multiline = RegexOptions.posix(RegexSyntax.BASIC).withNewlineSensitive(true);
        assertThat(allMatches("^.", multiline, "ab\ncd\n")).containsExactly("a", "c");
        assertThat(allMatches(".$", multiline, "ab\ncd")).containsExactly("b", "d");
        assertThat(allMatches("^.", RegexOptions.posix(RegexSyntax.BASIC), "ab\ncd"))
                .containsExactly("a");
        assertThat(allMatches("b.c", RegexOptions.posix(RegexSyntax.BASIC), "ab\ncd"))
                .containsExactly("b\nc");
    }

    @Test
    void ignoreCaseFoldsLiteralsClassesAndBackReferences() throws Exception {
        RegexOptions ci = ERE.withIgnoreCase(true);
        assertThat(allMatches("ab|abcd", ci, "ABCD")).containsExactly("ABCD");
        assertThat(allMatches("(a)\\1", ci, "aA")).containsExactly("aA");
        assertThat(allMatches("[a-c]+", ci, "xAbCx")).containsExactly("AbC");
    }

    @Test
    void multiplePatternsKeepTheirOwnBackReferences() throws Exception {
        PosixRegex re = PosixRegex.compile(List.of("\\(a\\)\\1", "\\(b\\)\\1"), BRE);
        assertThat(re.groupCount()).isEqualTo(2);
        assertThat(re.matchesIn("xbb")).isTrue();
        assertThat(re.matchesIn("ab")).isFalse();
    }

    @Test
    void lookingAtMatchesTheLongestPrefix() throws Exception {
        PosixMatcher m = PosixRegex.compile("a|ab", ERE).matcher("abc");
        assertThat(m.lookingAt(0)).isTrue();
        assertThat(m.end()).isEqualTo(2);
        assertThat(m.lookingAt(1)).isFalse();
    }

    @Test
    void requiredLiteralsAreTheLongestMandatoryRuns() throws Exception {
        assertThat(PosixRegex.compile("^foo.*barbaz[0-9]", ERE).requiredLiterals())
                .containsExactly("barbaz");
        assertThat(PosixRegex.compile("ab|c(de)+", ERE).requiredLiterals()).containsExactly("ab", "de");
        assertThat(PosixRegex.compile("ab|c*", ERE).requiredLiterals()).isEmpty();
        assertThat(PosixRegex.compile("x*", ERE).requiredLiterals()).isEmpty();
        assertThat(PosixRegex.compile("ab|cd", ERE).isLiteralSet()).isTrue();
        assertThat(PosixRegex.compile("ab|c.", ERE).isLiteralSet()).isFalse();
    }

    /** The NFA's longest end must agree with trying every end with Java, on random patterns and texts. */
    @Test
    void longestMatchAgreesWithExhaustiveSearchOnRandomPatterns() throws Exception {
        Random random = new Random(42);
        String[] atoms = {
            "a", "b", "ab", ".", "[ab]", "(a|ab)", "(b|ba|a)", "a*", "b?", "(ab)*", "\\<", "$", "^", "x{0,2}"
        };
        for (int round = 0; round < 2000; round++) {
            StringBuilder p = new StringBuilder();
            int n = 1 + random.nextInt(4);
            for (int i = 0; i < n; i++) {
                if (i > 0 && random.nextInt(5) == 0) {
                    p.append('|');
                }
                p.append(atoms[random.nextInt(atoms.length)]);
                if (random.nextInt(4) == 0) {
                    p.append("*+?".charAt(random.nextInt(3)));
                }
            }
            StringBuilder t = new StringBuilder();
            for (int i = random.nextInt(8); i > 0; i--) {
                t.append("abx ".charAt(random.nextInt(4)));
            }
            PosixRegex re;
            try {
                re = PosixRegex.compile(p.toString(), ERE);
            } catch (RegexSyntaxException e) {
                continue;
            }
            String text = t.toString();
            PosixMatcher m = re.matcher(text);
            Matcher java =
                    re.javaPattern().matcher(text).useTransparentBounds(true).useAnchoringBounds(false);
            for (int start = 0; start <= text.length(); start++) {
                int longest = -1;
                for (int end = text.length(); end >= start; end--) {
                    java.region(start, end);
                    if (java.matches()) {
                        longest = end;
                        break;
                    }
                }
                if (longest >= 0 && m.find(start) && m.start() == start) {
                    assertThat(m.end())
                            .as("pattern %s on '%s' from %d", p, text, start)
                            .isEqualTo(longest);
                }
            }
        }
    }
}
