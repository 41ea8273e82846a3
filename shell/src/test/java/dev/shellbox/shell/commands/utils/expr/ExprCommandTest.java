package dev.shellbox.shell.commands.utils.expr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import org.junit.jupiter.api.Test;

class ExprCommandTest {

    private static CommandTester.Result expr(String... args) {
        String[] argv = new String[args.length + 1];
        argv[0] = "expr";
        System.arraycopy(args, 0, argv, 1, args.length);
        return CommandTester.create().run(argv);
    }

    @Test
    void printsInvalidUtf8BytesUnchanged() {
        String bytes = "\uDCFF\uDCFE";
        var r = expr("+", bytes);
        assertThat(r.stdout()).containsExactly(0xff, 0xfe, '\n');
    }

    @Test
    void lengthCountsAnInvalidByteAsOneCharacter() {
        assertThat(expr("length", "a\uDCFFb").out()).isEqualTo("3\n");
    }

    @Test
    void lengthCountsAnAstralCharacterOnce() {
        assertThat(expr("length", "a\uD83D\uDE00").out()).isEqualTo("2\n");
    }

    @Test
    void matchPrefersTheLongestAlternative() {
        assertThat(expr("abcd", ":", "\\(a\\|abc\\)").out()).isEqualTo("abc\n");
    }

    @Test
    void dollarDoesNotMatchBeforeATrailingNewline() {
        assertThat(expr("ab\n", ":", "ab$").out()).isEqualTo("0\n");
    }

    @Test
    void wordBoundaryLooksPastTheMatchedRegion() {
        assertThat(expr("foobar", ":", "foo\\>").out()).isEqualTo("0\n");
    }

    @Test
    void repeatedQuantifiersDoNotBreakTheTranslation() {
        assertThat(expr("aaa", ":", "a**").out()).isEqualTo("3\n");
        assertThat(expr("aaaa", ":", "a*\\{2\\}").out()).isEqualTo("4\n");
    }

    @Test
    void quantifierAfterGroupRepeatsTheGroup() {
        assertThat(expr("ababx", ":", "\\(ab\\)*").out()).isEqualTo("ab\n");
        assertThat(expr("ababx", ":", "\\(ab\\)\\{2\\}x").out()).isEqualTo("ab\n");
    }

    @Test
    void hugeIntegersMultiplyExactly() {
        assertThat(expr("123456789012345678901234567890", "*", "10").out())
                .isEqualTo("1234567890123456789012345678900\n");
    }
}
