package dev.shellbox.shell.syntax;

/**
 * The text of an arithmetic context ({@code $((...))}, {@code ((...))}, C-style for, subscripts). It is expanded like
 * a double-quoted word and then parsed; when it contains no expansion the parse is done once and kept here.
 */
public final class ArithText {
    private final Word word;
    private final String source;
    private final boolean isStatic;
    private volatile ArithExpr parsed;

    public ArithText(Word word, String source) {
        this.word = word;
        this.source = source;
        this.isStatic = word.isStatic();
    }

    /** The word to expand before parsing. */
    public Word word() {
        return word;
    }

    /** The text as written. */
    public String source() {
        return source;
    }

    /** Whether the text has no expansions, so {@link #source()} (unquoted) is the expression. */
    public boolean isStatic() {
        return isStatic;
    }

    /** The cached parse of a static text, or null. */
    public ArithExpr cached() {
        return parsed;
    }

    public void cache(ArithExpr expr) {
        parsed = expr;
    }

    @Override
    public String toString() {
        return source;
    }
}
