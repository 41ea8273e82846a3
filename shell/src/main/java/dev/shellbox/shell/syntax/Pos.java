package dev.shellbox.shell.syntax;

/** A position in the source: 1-based line and column. */
public record Pos(int line, int column) {
    public static final Pos NONE = new Pos(0, 0);

    @Override
    public String toString() {
        return line + ":" + column;
    }
}
