package dev.shellbox.shell.expand;

/** The POSIX character classes of bracket expressions ({@code [[:alpha:]]}), as in the C.UTF-8 locale. */
public final class CharClasses {
    private CharClasses() {}

    /** Whether {@code name} is a known class. */
    public static boolean isClass(String name) {
        return switch (name) {
            case "alpha",
                    "digit",
                    "alnum",
                    "upper",
                    "lower",
                    "space",
                    "blank",
                    "punct",
                    "print",
                    "graph",
                    "cntrl",
                    "xdigit",
                    "word" -> true;
            default -> false;
        };
    }

    public static boolean matches(String name, char c) {
        return switch (name) {
            case "alpha" -> Character.isLetter(c);
            case "digit" -> c >= '0' && c <= '9';
            case "alnum" -> Character.isLetterOrDigit(c);
            case "upper" -> Character.isUpperCase(c);
            case "lower" -> Character.isLowerCase(c);
            case "space" -> c == ' ' || (c >= '\t' && c <= '\r');
            case "blank" -> c == ' ' || c == '\t';
            case "punct" -> c < 128 && c > 32 && c != 127 && !Character.isLetterOrDigit(c);
            case "print" -> c >= 32 && c != 127 && !(c >= 0x80 && c < 0xa0) && !isEscapedByte(c);
            case "graph" -> c > 32 && c != 127 && !(c >= 0x80 && c <= 0xa0) && !isEscapedByte(c);
            case "cntrl" -> c < 32 || c == 127;
            case "xdigit" -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            case "word" -> Character.isLetterOrDigit(c) || c == '_';
            default -> false;
        };
    }

    private static boolean isEscapedByte(char c) {
        return c >= 0xDC80 && c <= 0xDCFF;
    }
}
