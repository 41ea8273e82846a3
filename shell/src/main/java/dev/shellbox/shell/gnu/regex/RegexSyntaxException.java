package dev.shellbox.shell.gnu.regex;

/**
 * A pattern that does not compile. The message is the text GNU tools print, e.g. {@code Unmatched ( or \(} or {@code
 * Invalid back reference}, without any program name or position.
 */
public final class RegexSyntaxException extends Exception {
    private final boolean positionless;

    RegexSyntaxException(String message) {
        this(message, false);
    }

    RegexSyntaxException(String message, boolean positionless) {
        super(message, null, false, false);
        this.positionless = positionless;
    }

    /**
     * Whether GNU reports this error on its own rather than at a position of a script: sed prints {@code sed: character
     * class syntax is [[:space:]], not [:space:]} without the {@code -e expression #1, char N:} prefix it gives
     * other regex errors.
     */
    public boolean positionless() {
        return positionless;
    }
}
