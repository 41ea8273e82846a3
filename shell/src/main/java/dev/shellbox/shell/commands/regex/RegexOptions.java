package dev.shellbox.shell.commands.regex;

/**
 * How to compile a pattern.
 *
 * @param syntax BRE, ERE or Java (PCRE-like)
 * @param dialect whose GNU syntax bits to follow where grep and glibc's POSIX syntaxes differ
 * @param ignoreCase fold case, as {@code grep -i} and {@code s///I}
 * @param newlineSensitive REG_NEWLINE ({@code sed s///M}): {@code ^} and {@code $} also match around embedded
 *     newlines, and {@code .} and non-matching lists {@code [^...]} do not match a newline
 * @param gnuOperators GNU's extensions: {@code \w \W \s \S \b \B \< \> \` \'}, and in BREs {@code \+ \? \|};
 *     off for {@code sed --posix}
 */
public record RegexOptions(
        RegexSyntax syntax, RegexDialect dialect, boolean ignoreCase, boolean newlineSensitive, boolean gnuOperators) {

    /** Options as grep compiles a pattern of this syntax. */
    public static RegexOptions grep(RegexSyntax syntax) {
        return new RegexOptions(syntax, RegexDialect.GREP, false, false, true);
    }

    /** Options as glibc's regcomp compiles it for sed, awk and bash (POSIX syntax with GNU operators). */
    public static RegexOptions posix(RegexSyntax syntax) {
        return new RegexOptions(syntax, RegexDialect.POSIX, false, false, true);
    }

    public RegexOptions withIgnoreCase(boolean value) {
        return new RegexOptions(syntax, dialect, value, newlineSensitive, gnuOperators);
    }

    public RegexOptions withNewlineSensitive(boolean value) {
        return new RegexOptions(syntax, dialect, ignoreCase, value, gnuOperators);
    }

    public RegexOptions withGnuOperators(boolean value) {
        return new RegexOptions(syntax, dialect, ignoreCase, newlineSensitive, value);
    }
}
