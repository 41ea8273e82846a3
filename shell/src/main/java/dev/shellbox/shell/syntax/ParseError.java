package dev.shellbox.shell.syntax;

/**
 * A syntax error with its position. The message is bash's ({@code syntax error near unexpected token `fi'});
 * {@code sourceName} and the line let the interpreter print it as bash does.
 */
public final class ParseError extends Exception {
    private final String sourceName;
    private final int line;
    private final int column;
    private final boolean incomplete;

    public ParseError(String message, String sourceName, int line, int column, boolean incomplete) {
        super(message, null, false, false);
        this.sourceName = sourceName;
        this.line = line;
        this.column = column;
        this.incomplete = incomplete;
    }

    public String sourceName() {
        return sourceName;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** Whether the input ended in the middle of a construct (an interactive shell would read more). */
    public boolean incomplete() {
        return incomplete;
    }

    /** {@code file:line:col: message}. */
    public String location() {
        return sourceName + ":" + line + ":" + column + ": " + getMessage();
    }
}
