package dev.shellbox.shell.syntax;

/**
 * A token of the shell grammar: a word, an operator, a redirection operator (with its explicit descriptor or {@code
 * {var}}), a newline or the end of input. {@code text} is the operator as written.
 */
record Token(
        Kind kind,
        Pos pos,
        String text,
        Word word,
        Redirect.Operator redirect,
        int fd,
        String fdVariable,
        ArithText arith) {

    enum Kind {
        WORD,
        NEWLINE,
        EOF,
        SEMI,
        DSEMI,
        SEMI_AMP,
        DSEMI_AMP,
        AMP,
        AND_IF,
        PIPE,
        OR_IF,
        PIPE_AMP,
        LPAREN,
        RPAREN,
        /** {@code ((...))} read whole, for arithmetic commands and C-style for loops. */
        DPAREN,
        REDIRECT
    }

    static Token of(Kind kind, Pos pos, String text) {
        return new Token(kind, pos, text, null, null, -1, null, null);
    }

    static Token word(Word word, Pos pos) {
        return new Token(Kind.WORD, pos, null, word, null, -1, null, null);
    }

    /** The unquoted literal text of a word token, or null. */
    String literal() {
        return kind == Kind.WORD ? word.literalText() : null;
    }

    boolean isWord(String s) {
        return s.equals(literal());
    }

    /** How bash names the token in "syntax error near unexpected token `X'". */
    String describe() {
        return switch (kind) {
            case WORD -> word.toString();
            case NEWLINE -> "newline";
            case EOF -> "end of file";
            default -> text;
        };
    }
}
