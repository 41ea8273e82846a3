package dev.shellbox.shell.syntax;

/** Shell names: the identifiers of variables, functions' positional names and {@code for} loops. */
public final class Names {
    private Names() {}

    /** Whether {@code s} is a name: a letter or underscore, then letters, digits and underscores. */
    public static boolean isName(CharSequence s) {
        return Lexer.isName(s);
    }
}
