package dev.shellbox.shell.gnu.regex;

/**
 * The POSIX character classes ({@code [:alpha:]} ...) as the body of a java.util.regex bracket expression, for the
 * translators that write a bracket expression of their own (find -regex, nl, tac, expr, awk, the shell's {@code [[ =~
 * ]]}). {@code print} and {@code graph} leave out the surrogates, so a byte that was not UTF-8 (decoded to
 * U+DC80..U+DCFF) is in no class, as in glibc. The engine writes its classes from {@link PosixClass}.
 */
public final class ClassRanges {
    private ClassRanges() {}

    /** The body for {@code [:name:]}, or null when glibc knows no class of that name. */
    public static String of(String name) {
        return switch (name) {
            case "alpha" -> "\\p{IsAlphabetic}";
            case "digit" -> "0-9";
            case "alnum" -> "\\p{IsAlphabetic}0-9";
            case "upper" -> "\\p{IsUppercase}";
            case "lower" -> "\\p{IsLowercase}";
            case "space" -> " \\t\\n\\x0B\\f\\r";
            case "blank" -> " \\t";
            case "punct" -> "\\p{Punct}";
            case "print" -> "\\x20-\\x7E\\x{A0}-\\x{D7FF}\\x{E000}-\\x{10FFFF}";
            case "graph" -> "\\x21-\\x7E\\x{A1}-\\x{D7FF}\\x{E000}-\\x{10FFFF}";
            case "cntrl" -> "\\x00-\\x1F\\x7F";
            case "xdigit" -> "0-9A-Fa-f";
            default -> null;
        };
    }
}
