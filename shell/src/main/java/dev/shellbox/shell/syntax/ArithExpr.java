package dev.shellbox.shell.syntax;

/** An arithmetic expression, as parsed by {@link ArithParser} after expansion. */
public sealed interface ArithExpr {

    /** Binary and assignment operators, with their source spelling. */
    enum Op {
        ADD("+"),
        SUB("-"),
        MUL("*"),
        DIV("/"),
        MOD("%"),
        POW("**"),
        SHL("<<"),
        SHR(">>"),
        LT("<"),
        LE("<="),
        GT(">"),
        GE(">="),
        EQ("=="),
        NE("!="),
        BIT_AND("&"),
        BIT_XOR("^"),
        BIT_OR("|"),
        AND("&&"),
        OR("||"),
        ASSIGN("="),
        NEG("-"),
        PLUS("+"),
        NOT("!"),
        BIT_NOT("~");

        private final String text;

        Op(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    record Number(long value) implements ArithExpr {}

    /**
     * A variable, maybe subscripted ({@code a[i+1]}); {@code indexText} keeps the subscript's source for associative
     * arrays, whose keys are strings.
     */
    record Variable(String name, ArithExpr index, String indexText) implements ArithExpr {}

    record Unary(Op op, ArithExpr operand) implements ArithExpr {}

    record IncDec(boolean prefix, boolean increment, Variable target) implements ArithExpr {}

    record Binary(Op op, ArithExpr left, ArithExpr right) implements ArithExpr {}

    /** {@code target op= value}; op is ASSIGN for plain {@code =}. */
    record Assign(Op op, Variable target, ArithExpr value) implements ArithExpr {}

    record Conditional(ArithExpr condition, ArithExpr then, ArithExpr otherwise) implements ArithExpr {}

    record Comma(ArithExpr left, ArithExpr right) implements ArithExpr {}
}
