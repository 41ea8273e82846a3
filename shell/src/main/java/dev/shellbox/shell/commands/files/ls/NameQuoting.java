package dev.shellbox.shell.commands.files.ls;

import dev.shellbox.shell.gnu.quotearg.Quoting;

/** The quoting styles of {@code ls --quoting-style}, {@code -Q}, {@code -b}, {@code -N} and {@code -q}. */
enum NameQuoting {
    LITERAL,
    LOCALE,
    SHELL,
    SHELL_ALWAYS,
    SHELL_ESCAPE,
    SHELL_ESCAPE_ALWAYS,
    C,
    ESCAPE;

    /** The name as ls shows it; {@code hideControl} turns unprintable characters into {@code ?} ({@code -q}). */
    String quote(String name, boolean hideControl) {
        return switch (this) {
            case LITERAL -> hideControl ? Quoting.hideUnprintable(name) : name;
            case LOCALE -> Quoting.locale(name);
            case SHELL -> Quoting.shell(Quoting.hideUnprintable(name));
            case SHELL_ALWAYS -> Quoting.shellAlways(Quoting.hideUnprintable(name));
            case SHELL_ESCAPE -> Quoting.shell(name);
            case SHELL_ESCAPE_ALWAYS -> Quoting.shellAlways(name);
            case C -> Quoting.c(name);
            case ESCAPE -> Quoting.escape(name);
        };
    }

    /** Whether names may or may not get outer quotes, so unquoted ones are indented to line up. */
    boolean variableOuterQuotes() {
        return this == SHELL || this == SHELL_ESCAPE;
    }
}
