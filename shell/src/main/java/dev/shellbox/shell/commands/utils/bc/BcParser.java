package dev.shellbox.shell.commands.utils.bc;

import dev.shellbox.shell.commands.utils.bc.BcAst.Expr;
import dev.shellbox.shell.commands.utils.bc.BcAst.Stmt;
import dev.shellbox.shell.commands.utils.bc.BcLexer.Kind;
import dev.shellbox.shell.commands.utils.bc.BcLexer.Token;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser for GNU bc, one input item at a time: a function definition, or the statements of one
 * line. Precedence, lowest first: ||, &&, !, relational operators, assignment, + -, * / %, ^, unary minus, ++ --.
 */
final class BcParser {
    /** A syntax error; {@code line} is where GNU bc reports it. */
    static final class SyntaxError extends Exception {
        final int line;
        /** The token the parser stopped at, or null for errors that are not about a token. */
        final Token token;

        SyntaxError(int line, String message) {
            this(line, message, null);
        }

        SyntaxError(int line, String message, Token token) {
            super(message, null, false, false);
            this.line = line;
            this.token = token;
        }

        /** The input ended inside an item, which may continue on the next line. */
        boolean atEndOfInput() {
            return token != null && token.kind() == Kind.EOF;
        }
    }

    /** "quit" was read: bc stops as soon as it parses it. */
    static final class Quit extends Exception {
        Quit() {
            super(null, null, false, false);
        }
    }

    /** One top-level item: a function, or a line of statements. */
    record Item(BcAst.Function function, List<Stmt> statements) {}

    private final List<Token> tokens;
    private final java.util.function.Consumer<Token> illegal;
    private int pos;
    private int loopDepth;
    private boolean inFunction;

    /** @param illegal told about each unknown character as the parser reaches it, as GNU's lexer reports it */
    BcParser(List<Token> tokens, java.util.function.Consumer<Token> illegal) {
        this.tokens = tokens;
        this.illegal = illegal;
    }

    boolean atEnd() {
        skipNewlines();
        return peek().kind() == Kind.EOF;
    }

    /** The line of the next token: where the next item starts. */
    int currentLine() {
        skipNewlines();
        return peek().line();
    }

    /** After a syntax error: drop the rest of the line, unless the error was at its newline. */
    void recover(SyntaxError e) {
        if (e.token != null && e.token.kind() == Kind.NEWLINE && pos > 0 && tokens.get(pos - 1) == e.token) {
            return;
        }
        while (peek().kind() != Kind.EOF && peek().kind() != Kind.NEWLINE) {
            pos++;
        }
        if (peek().kind() == Kind.NEWLINE) {
            pos++;
        }
    }

    Item nextItem() throws SyntaxError, Quit {
        skipNewlines();
        if (peek().is("define")) {
            return new Item(function(), null);
        }
        List<Stmt> line = new ArrayList<>();
        while (true) {
            if (peek().kind() == Kind.NEWLINE || peek().kind() == Kind.EOF) {
                if (peek().kind() == Kind.NEWLINE) {
                    pos++;
                }
                return new Item(null, line);
            }
            if (peek().is(";")) {
                pos++;
                continue;
            }
            Stmt s = statement();
            if (s != null) {
                line.add(s);
            }
            if (!(peek().is(";") || peek().kind() == Kind.NEWLINE || peek().kind() == Kind.EOF)) {
                throw error(peek());
            }
        }
    }

    private BcAst.Function function() throws SyntaxError, Quit {
        pos++; // define
        Token name = expect(Kind.NAME);
        expectOp("(");
        List<BcAst.Param> params = new ArrayList<>();
        if (!peek().is(")")) {
            do {
                boolean byReference = false;
                if (peek().is("*")) {
                    pos++;
                    byReference = true;
                }
                String p = expect(Kind.NAME).text();
                boolean array = false;
                if (peek().is("[")) {
                    pos++;
                    expectOp("]");
                    array = true;
                }
                params.add(new BcAst.Param(p, array, byReference));
            } while (acceptOp(","));
        }
        expectOp(")");
        skipNewlines();
        expectOp("{");
        skipSeparators();
        List<BcAst.Param> autos = new ArrayList<>();
        if (peek().is("auto")) {
            pos++;
            do {
                String a = expect(Kind.NAME).text();
                boolean array = false;
                if (peek().is("[")) {
                    pos++;
                    expectOp("]");
                    array = true;
                }
                autos.add(new BcAst.Param(a, array, false));
            } while (acceptOp(","));
            if (!(peek().is(";") || peek().kind() == Kind.NEWLINE)) {
                throw error(peek());
            }
        }
        boolean outer = inFunction;
        inFunction = true;
        List<Stmt> body = statementList("}");
        inFunction = outer;
        expectOp("}");
        return new BcAst.Function(name.text(), params, autos, body);
    }

    /** Statements separated by ; and newlines, up to {@code end}. */
    private List<Stmt> statementList(String end) throws SyntaxError, Quit {
        List<Stmt> list = new ArrayList<>();
        while (true) {
            skipSeparators();
            if (peek().is(end)) {
                return list;
            }
            if (peek().kind() == Kind.EOF) {
                throw error(peek());
            }
            Stmt s = statement();
            if (s != null) {
                list.add(s);
            }
            if (!(peek().is(";") || peek().kind() == Kind.NEWLINE || peek().is(end))) {
                throw error(peek());
            }
        }
    }

    private Stmt statement() throws SyntaxError, Quit {
        Token t = peek();
        if (t.kind() == Kind.STRING) {
            pos++;
            return new BcAst.Str(t.text());
        }
        if (t.kind() == Kind.KEYWORD) {
            switch (t.text()) {
                case "quit" -> throw new Quit();
                case "halt" -> {
                    pos++;
                    return new BcAst.Halt();
                }
                case "break", "continue" -> {
                    pos++;
                    if (loopDepth == 0) {
                        throw new SyntaxError(
                                t.line(),
                                t.text().equals("break") ? "Break outside a for/while" : "Continue outside a for");
                    }
                    return t.text().equals("break") ? new BcAst.Break() : new BcAst.Continue();
                }
                case "return" -> {
                    pos++;
                    if (!inFunction) {
                        throw new SyntaxError(t.line(), "Return outside of a function.");
                    }
                    if (peek().is(";")
                            || peek().kind() == Kind.NEWLINE
                            || peek().is("}")
                            || peek().kind() == Kind.EOF) {
                        return new BcAst.Return(null);
                    }
                    if (peek().is("(") && tokenAt(pos + 1).is(")")) {
                        next();
                        next();
                        return new BcAst.Return(null);
                    }
                    return new BcAst.Return(expression());
                }
                case "print" -> {
                    pos++;
                    List<Object> items = new ArrayList<>();
                    do {
                        if (peek().kind() == Kind.STRING) {
                            items.add(next().text());
                        } else {
                            items.add(expression());
                        }
                    } while (acceptOp(","));
                    return new BcAst.Print(items);
                }
                case "if" -> {
                    pos++;
                    expectOp("(");
                    Expr condition = expression();
                    expectOp(")");
                    skipNewlines();
                    Stmt then = statementOrEmpty();
                    Stmt otherwise = null;
                    if (peek().is("else")) {
                        pos++;
                        skipNewlines();
                        otherwise = statementOrEmpty();
                    }
                    return new BcAst.If(condition, then, otherwise);
                }
                case "while" -> {
                    pos++;
                    expectOp("(");
                    Expr condition = expression();
                    expectOp(")");
                    skipNewlines();
                    loopDepth++;
                    Stmt body = statementOrEmpty();
                    loopDepth--;
                    return new BcAst.While(condition, body);
                }
                case "for" -> {
                    pos++;
                    expectOp("(");
                    Expr init = peek().is(";") ? null : expression();
                    expectOp(";");
                    Expr condition = peek().is(";") ? null : expression();
                    expectOp(";");
                    Expr update = peek().is(")") ? null : expression();
                    expectOp(")");
                    skipNewlines();
                    loopDepth++;
                    Stmt body = statementOrEmpty();
                    loopDepth--;
                    return new BcAst.For(init, condition, update, body);
                }
                default -> {}
            }
        }
        if (t.is("{")) {
            pos++;
            List<Stmt> body = statementList("}");
            expectOp("}");
            return new BcAst.Block(body);
        }
        return new BcAst.ExprStmt(expression());
    }

    /** The body of if/while/for, which may be empty (";"). */
    private Stmt statementOrEmpty() throws SyntaxError, Quit {
        if (peek().is(";")) {
            return new BcAst.Block(List.of());
        }
        return statement();
    }

    // ---- expressions ----

    private Expr expression() throws SyntaxError {
        Expr left = and();
        while (acceptOp("||")) {
            left = new BcAst.Binary("||", left, and());
        }
        return left;
    }

    private Expr and() throws SyntaxError {
        Expr left = not();
        while (acceptOp("&&")) {
            left = new BcAst.Binary("&&", left, not());
        }
        return left;
    }

    private Expr not() throws SyntaxError {
        if (acceptOp("!")) {
            return new BcAst.Unary('!', not());
        }
        return relational();
    }

    private Expr relational() throws SyntaxError {
        Expr left = assignment();
        while (true) {
            String op = peek().kind() == Kind.OP ? peek().text() : "";
            if (!List.of("<", "<=", ">", ">=", "==", "!=").contains(op)) {
                return left;
            }
            pos++;
            left = new BcAst.Binary(op, left, assignment());
        }
    }

    private Expr assignment() throws SyntaxError {
        Expr left = additive();
        String op = peek().kind() == Kind.OP ? peek().text() : "";
        if (List.of("=", "+=", "-=", "*=", "/=", "%=", "^=").contains(op)) {
            if (!isNamed(left)) {
                throw error(peek());
            }
            pos++;
            return new BcAst.Assign(op, left, assignment());
        }
        return left;
    }

    private Expr additive() throws SyntaxError {
        Expr left = multiplicative();
        while (peek().is("+") || peek().is("-")) {
            String op = next().text();
            left = new BcAst.Binary(op, left, multiplicative());
        }
        return left;
    }

    private Expr multiplicative() throws SyntaxError {
        Expr left = power();
        while (peek().is("*") || peek().is("/") || peek().is("%")) {
            String op = next().text();
            left = new BcAst.Binary(op, left, power());
        }
        return left;
    }

    private Expr power() throws SyntaxError {
        Expr base = unary();
        if (acceptOp("^")) {
            return new BcAst.Binary("^", base, power());
        }
        return base;
    }

    private Expr unary() throws SyntaxError {
        if (acceptOp("-")) {
            return new BcAst.Unary('-', unary());
        }
        return incDec();
    }

    private Expr incDec() throws SyntaxError {
        if (peek().is("++") || peek().is("--")) {
            boolean increment = next().text().equals("++");
            Expr target = primary();
            if (!isNamed(target)) {
                throw error(peek());
            }
            return new BcAst.IncDec(increment, true, target);
        }
        Expr e = primary();
        if ((peek().is("++") || peek().is("--")) && isNamed(e)) {
            boolean increment = next().text().equals("++");
            return new BcAst.IncDec(increment, false, e);
        }
        return e;
    }

    private Expr primary() throws SyntaxError {
        Token t = next();
        switch (t.kind()) {
            case NUMBER -> {
                return new BcAst.Num(t.text());
            }
            case NAME -> {
                if (peek().is("(")) {
                    pos++;
                    List<Expr> args = new ArrayList<>();
                    if (!peek().is(")")) {
                        do {
                            if (peek().kind() == Kind.NAME
                                    && tokenAt(pos + 1).is("[")
                                    && tokenAt(pos + 2).is("]")) {
                                args.add(new BcAst.Elem(next().text(), null));
                                next();
                                next();
                            } else {
                                args.add(expression());
                            }
                        } while (acceptOp(","));
                    }
                    expectOp(")");
                    return new BcAst.Call(t.text(), args);
                }
                if (peek().is("[")) {
                    pos++;
                    Expr index = expression();
                    expectOp("]");
                    return new BcAst.Elem(t.text(), index);
                }
                return new BcAst.Var(t.text());
            }
            case KEYWORD -> {
                switch (t.text()) {
                    case "length", "sqrt" -> {
                        expectOp("(");
                        Expr arg = expression();
                        expectOp(")");
                        return new BcAst.Builtin(t.text(), arg);
                    }
                    case "scale" -> {
                        if (acceptOp("(")) {
                            Expr arg = expression();
                            expectOp(")");
                            return new BcAst.Builtin("scale", arg);
                        }
                        return new BcAst.Special("scale");
                    }
                    case "read" -> {
                        expectOp("(");
                        expectOp(")");
                        return new BcAst.Builtin("read", null);
                    }
                    case "ibase", "obase", "last" -> {
                        return new BcAst.Special(t.text());
                    }
                    default -> throw error(t);
                }
            }
            case OP -> {
                if (t.is("(")) {
                    Expr e = expression();
                    expectOp(")");
                    return e;
                }
                if (t.is(".")) {
                    return new BcAst.Special("last");
                }
                throw error(t);
            }
            default -> throw error(t);
        }
    }

    private static boolean isNamed(Expr e) {
        return e instanceof BcAst.Var
                || e instanceof BcAst.Special
                || (e instanceof BcAst.Elem el && el.index() != null);
    }

    // ---- tokens ----

    private Token peek() {
        while (pos < tokens.size() - 1 && tokens.get(pos).kind() == Kind.ILLEGAL) {
            illegal.accept(tokens.get(pos++));
        }
        return tokenAt(pos);
    }

    /** The token {@code i} places on, for lookahead; unknown characters are not counted. */
    private Token tokenAt(int i) {
        int k = pos;
        int seen = 0;
        int wanted = i - pos;
        while (k < tokens.size() - 1) {
            if (tokens.get(k).kind() != Kind.ILLEGAL) {
                if (seen == wanted) {
                    return tokens.get(k);
                }
                seen++;
            }
            k++;
        }
        return tokens.get(tokens.size() - 1);
    }

    private Token next() {
        Token t = peek();
        if (pos < tokens.size() - 1) {
            pos++;
        }
        return t;
    }

    private boolean acceptOp(String op) {
        if (peek().is(op)) {
            pos++;
            return true;
        }
        return false;
    }

    private void expectOp(String op) throws SyntaxError {
        if (!acceptOp(op)) {
            throw error(peek());
        }
    }

    private Token expect(Kind kind) throws SyntaxError {
        if (peek().kind() != kind) {
            throw error(peek());
        }
        return next();
    }

    private void skipNewlines() {
        while (peek().kind() == Kind.NEWLINE) {
            pos++;
        }
    }

    private void skipSeparators() {
        while (peek().kind() == Kind.NEWLINE || peek().is(";")) {
            pos++;
        }
    }

    /** A syntax error at {@code t}; at a newline GNU bc has already counted the next line. */
    private static SyntaxError error(Token t) {
        return new SyntaxError(t.kind() == Kind.NEWLINE ? t.line() + 1 : t.line(), "syntax error", t);
    }
}
