package dev.shellbox.shell.gnu.regex;

/**
 * How to compile a pattern. Start from {@link #grep} or {@link #posix} and adjust with the {@code with*} methods.
 *
 * @param syntax BRE, ERE, fixed strings or Java (PCRE-like)
 * @param dialect whose GNU syntax bits to follow where grep and glibc's POSIX syntaxes differ
 * @param ignoreCase fold case, as {@code grep -i} and {@code s///I}
 * @param newlineSensitive REG_NEWLINE ({@code sed s///M}): {@code ^} and {@code $} also match around embedded
 *     newlines, and {@code .} and non-matching lists {@code [^...]} do not match a newline
 * @param gnuOperators GNU's extensions: {@code \w \W \s \S \b \B \< \> \` \'}, and in BREs {@code \+ \? \|};
 *     off for {@code sed --posix}
 * @param wholeWords match only where no word character touches the match on either side ({@code grep -w})
 * @param wholeLines match only the whole subject ({@code grep -x})
 */
public record RegexOptions(
        RegexSyntax syntax,
        RegexDialect dialect,
        boolean ignoreCase,
        boolean newlineSensitive,
        boolean gnuOperators,
        boolean wholeWords,
        boolean wholeLines) {

    /** Options as grep compiles a pattern of this syntax. */
    public static RegexOptions grep(RegexSyntax syntax) {
        return new RegexOptions(syntax, RegexDialect.GREP, false, false, true, false, false);
    }

    /** Options as glibc's regcomp compiles it for sed, awk and bash (POSIX syntax with GNU operators). */
    public static RegexOptions posix(RegexSyntax syntax) {
        return new RegexOptions(syntax, RegexDialect.POSIX, false, false, true, false, false);
    }

    public RegexOptions withIgnoreCase(boolean value) {
        return new RegexOptions(syntax, dialect, value, newlineSensitive, gnuOperators, wholeWords, wholeLines);
    }

    public RegexOptions withNewlineSensitive(boolean value) {
        return new RegexOptions(syntax, dialect, ignoreCase, value, gnuOperators, wholeWords, wholeLines);
    }

    public RegexOptions withGnuOperators(boolean value) {
        return new RegexOptions(syntax, dialect, ignoreCase, newlineSensitive, value, wholeWords, wholeLines);
    }

    public RegexOptions withWholeWords(boolean value) {
        return new RegexOptions(syntax, dialect, ignoreCase, newlineSensitive, gnuOperators, value, wholeLines);
    }

    public RegexOptions withWholeLines(boolean value) {
        return new RegexOptions(syntax, dialect, ignoreCase, newlineSensitive, gnuOperators, wholeWords, value);
    }
}
