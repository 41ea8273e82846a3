package dev.shellbox.shell.commands.files.find;

import java.io.IOException;

/** A node of find's expression: a test, an action or an operator, evaluated for one file. */
@FunctionalInterface
interface Expr {
    boolean eval(Visit v) throws IOException;

    /** {@code A -a B}: B only when A is true. */
    record And(Expr left, Expr right) implements Expr {
        @Override
        public boolean eval(Visit v) throws IOException {
            return left.eval(v) && right.eval(v);
        }
    }

    /** {@code A -o B}: B only when A is false. */
    record Or(Expr left, Expr right) implements Expr {
        @Override
        public boolean eval(Visit v) throws IOException {
            return left.eval(v) || right.eval(v);
        }
    }

    /** {@code ! A}. */
    record Not(Expr operand) implements Expr {
        @Override
        public boolean eval(Visit v) throws IOException {
            return !operand.eval(v);
        }
    }

    /** {@code A , B}: both, the value of B. */
    record Comma(Expr left, Expr right) implements Expr {
        @Override
        public boolean eval(Visit v) throws IOException {
            left.eval(v);
            return right.eval(v);
        }
    }
}
