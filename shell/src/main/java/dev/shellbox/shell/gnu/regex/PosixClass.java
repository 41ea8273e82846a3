package dev.shellbox.shell.gnu.regex;

import java.util.Locale;

/**
 * The character classes of bracket expressions ({@code [[:alpha:]]}) as glibc defines them in the C.UTF-8 locale,
 * each written as a java.util.regex class. glibc counts letters and digits of every script as {@code alpha} (only
 * 0-9 are {@code digit}), makes {@code punct} everything graphic that is not alphanumeric (so {@code _} and
 * {@code U+00A0} are punctuation), and leaves the no-break spaces out of {@code space} and {@code blank}.
 */
public enum PosixClass {
    ALPHA("[\\p{IsAlphabetic}\\p{Nd}&&[^0-9]]"),
    DIGIT("[0-9]"),
    ALNUM("[\\p{IsAlphabetic}\\p{Nd}]"),
    UPPER("[\\p{IsUppercase}\\p{Lt}]"),
    LOWER("[\\p{IsLowercase}\\p{Lt}]"),
    SPACE("[\\t\\n\\x0B\\f\\r\\p{Zs}\\x{2028}\\x{2029}&&[^\\x{A0}\\x{2007}\\x{202F}]]"),
    BLANK("[\\t\\p{Zs}&&[^\\x{A0}\\x{2007}\\x{202F}]]"),
    CNTRL("[\\p{Cc}]"),
    PRINT("[^\\p{Cc}\\p{Cn}\\p{Cs}]"),
    GRAPH("[[^\\p{Cc}\\p{Cn}\\p{Cs}\\p{Zs}\\x{2028}\\x{2029}]\\x{A0}\\x{2007}\\x{202F}]"),
    PUNCT(
            "[[[^\\p{Cc}\\p{Cn}\\p{Cs}\\p{Zs}\\x{2028}\\x{2029}]\\x{A0}\\x{2007}\\x{202F}]&&[^\\p{IsAlphabetic}\\p{Nd}]]"),
    XDIGIT("[0-9A-Fa-f]");

    /** The class of word constituents for {@code \w}, {@code \b}, {@code \<}: alphanumerics and underscore. */
    static final String WORD = "[\\p{IsAlphabetic}\\p{Nd}_]";

    private final String java;

    PosixClass(String java) {
        this.java = java;
    }

    /** The class as a java.util.regex bracket expression, nestable inside another one. */
    public String java() {
        return java;
    }

    /** The class named {@code name} ({@code alpha}), or null when there is none. */
    public static PosixClass named(String name) {
        for (PosixClass c : values()) {
            if (c.name().toLowerCase(Locale.ROOT).equals(name)) {
                return c;
            }
        }
        return null;
    }
}
