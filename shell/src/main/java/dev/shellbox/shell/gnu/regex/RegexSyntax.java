package dev.shellbox.shell.gnu.regex;

/** Which regular expression language a pattern is written in. */
public enum RegexSyntax {
    /** POSIX basic regular expressions ({@code grep}, {@code sed}), with GNU's {@code \+ \? \|}. */
    BASIC,
    /** POSIX extended regular expressions ({@code grep -E}, {@code sed -E}, {@code awk}, {@code [[ =~ ]]}). */
    EXTENDED,
    /**
     * GNU's "emacs" syntax, the default of {@code find -regex}: like BASIC, but {@code +} and {@code ?} are operators
     * unescaped, there are no intervals and no {@code [:class:]} in brackets.
     */
    EMACS,
    /** Each pattern is a literal string ({@code grep -F}). */
    FIXED,
    /** java.util.regex syntax as is, standing in for PCRE ({@code grep -P}); leftmost-first, like PCRE. */
    PERL
}
