package dev.shellbox.shell.commands.utils.bc;

import java.util.List;

/** The syntax tree of bc programs. */
final class BcAst {
    private BcAst() {}

    /** Expressions. */
    sealed interface Expr permits Num, Var, Elem, Special, Unary, Binary, Assign, IncDec, Call, Builtin {}

    /** A numeric literal, converted with the ibase in effect when it runs. */
    record Num(String text) implements Expr {}

    record Var(String name) implements Expr {}

    record Elem(String name, Expr index) implements Expr {}

    /** scale, ibase, obase or last. */
    record Special(String name) implements Expr {}

    /** Unary minus ('-') or logical not ('!'). */
    record Unary(char op, Expr operand) implements Expr {}

    /** + - * / % ^ and the relational and logical operators ("<=", "&&", ...). */
    record Binary(String op, Expr left, Expr right) implements Expr {}

    /** Assignment; {@code op} is "=" or a compound operator such as "+=". */
    record Assign(String op, Expr target, Expr value) implements Expr {}

    /** ++ or --, before or after the operand. */
    record IncDec(boolean increment, boolean prefix, Expr target) implements Expr {}

    /** A call of a user function; array arguments are passed as Elem with a null index. */
    record Call(String name, List<Expr> args) implements Expr {}

    /** length, sqrt, scale (of an expression) and read. */
    record Builtin(String name, Expr arg) implements Expr {}

    /** Statements. */
    sealed interface Stmt permits ExprStmt, Str, Print, Block, If, While, For, Break, Continue, Return, Halt {}

    record ExprStmt(Expr expr) implements Stmt {}

    /** A string statement: printed as is. */
    record Str(String text) implements Stmt {}

    /** print with its items: strings (with escapes) and expressions. */
    record Print(List<Object> items) implements Stmt {}

    record Block(List<Stmt> body) implements Stmt {}

    record If(Expr condition, Stmt then, Stmt otherwise) implements Stmt {}

    record While(Expr condition, Stmt body) implements Stmt {}

    record For(Expr init, Expr condition, Expr update, Stmt body) implements Stmt {}

    record Break() implements Stmt {}

    record Continue() implements Stmt {}

    /** return, with a null value for "return" and "return ()". */
    record Return(Expr value) implements Stmt {}

    record Halt() implements Stmt {}

    /** A parameter or auto variable; arrays are marked, by-reference arrays too (GNU's *name[]). */
    record Param(String name, boolean array, boolean byReference) {}

    record Function(String name, List<Param> params, List<Param> autos, List<Stmt> body) {}
}
