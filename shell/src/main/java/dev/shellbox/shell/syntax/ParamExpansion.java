package dev.shellbox.shell.syntax;

/**
 * A parameter expansion. {@code $x} and {@code ${x}} have operator NONE; {@code ${#x}} is LENGTH; {@code ${!x}} sets
 * {@code indirect}; {@code ${x:-w}} is DEFAULT with {@code colon}; {@code ${x:1:2}} is SUBSTRING with the offset in
 * {@code argument} and the length in {@code argument2}; {@code ${x/a/b}} is a REPLACE_* with pattern and
 * replacement.
 *
 * @param name the parameter: a variable name, a positional number, or one of {@code @ * # ? - $ ! 0}
 * @param index the subscript word of {@code x[...]}, or null; {@code @} and {@code *} are literal subscripts
 */
public record ParamExpansion(
        String name,
        Word index,
        Operator operator,
        boolean colon,
        boolean indirect,
        Word argument,
        Word argument2,
        String source) {

    /** What is done with the value. */
    public enum Operator {
        NONE,
        LENGTH,
        DEFAULT,
        ASSIGN,
        ERROR,
        ALTERNATE,
        REMOVE_SHORT_PREFIX,
        REMOVE_LONG_PREFIX,
        REMOVE_SHORT_SUFFIX,
        REMOVE_LONG_SUFFIX,
        REPLACE_FIRST,
        REPLACE_ALL,
        REPLACE_PREFIX,
        REPLACE_SUFFIX,
        UPPER_FIRST,
        UPPER_ALL,
        LOWER_FIRST,
        LOWER_ALL,
        SUBSTRING,
        TRANSFORM,
        /** {@code ${!prefix*}} and {@code ${!prefix@}}: names of variables with a prefix. */
        NAMES_STAR,
        NAMES_AT
    }

    public static ParamExpansion simple(String name, String source) {
        return new ParamExpansion(name, null, Operator.NONE, false, false, null, null, source);
    }

    /** Whether the subscript is {@code [@]}. */
    public boolean isAtIndex() {
        return index != null && "@".equals(index.literalText());
    }

    /** Whether the subscript is {@code [*]}. */
    public boolean isStarIndex() {
        return index != null && "*".equals(index.literalText());
    }

    @Override
    public String toString() {
        return source;
    }
}
