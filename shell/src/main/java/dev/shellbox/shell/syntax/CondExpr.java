package dev.shellbox.shell.syntax;

/** An expression of {@code [[ ... ]]}. */
public sealed interface CondExpr {

    /** {@code -f file}, {@code -n str}, {@code -v name}, ... */
    record Unary(String operator, Word operand) implements CondExpr {}

    /** {@code a == pattern}, {@code a =~ regex}, {@code a -lt b}, {@code a -nt b}, ... */
    record Binary(String operator, Word left, Word right) implements CondExpr {}

    record Not(CondExpr operand) implements CondExpr {}

    record And(CondExpr left, CondExpr right) implements CondExpr {}

    record Or(CondExpr left, CondExpr right) implements CondExpr {}

    /** A lone word: true when not empty. */
    record Single(Word word) implements CondExpr {}
}
