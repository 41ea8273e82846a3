package dev.shellbox.shell.gnu.regex;

/**
 * The GNU tools compile POSIX patterns with slightly different syntax bits; the dialect picks which set a pattern
 * follows where they differ.
 */
public enum RegexDialect {
    /**
     * grep's: a repetition operator with nothing to repeat is skipped in an ERE (with a warning) and literal in a BRE,
     * an unmatched {@code )} is an ordinary character, an ERE brace that does not start a valid interval is literal, and
     * {@code .} matches NUL.
     */
    GREP,
    /**
     * glibc's POSIX syntax as sed, awk and bash use it: a repetition operator with nothing to repeat is an error
     * ({@code Invalid preceding regular expression}), as are an unmatched {@code )} and a malformed interval; {@code .}
     * does not match NUL.
     */
    POSIX
}
