package dev.shellbox.shell.commands.data.awk;

import dev.shellbox.shell.commands.data.awk.Token.Kind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Recursive-descent parser from awk source to an {@link AwkProgram} of evaluating nodes. */
final class AwkParser {
    private final List<Token> tokens = new ArrayList<>();
    private final SourceLines lines;
    private final AwkProgram program = new AwkProgram();
    private final Map<String, Integer> globalSlots = new HashMap<>();
    private final List<Expr.UserCall> calls = new ArrayList<>();
    private int pos;
    /** Parameters of the function being parsed, or null at top level. */
    private List<String> params;

    private int loopDepth;
    private boolean inFunction;

    private AwkParser(String src, SourceLines lines) throws AwkSyntaxException {
        this.lines = lines;
        AwkLexer lexer = new AwkLexer(src, lines);
        Token t;
        do {
            t = lexer.next();
            tokens.add(t);
        } while (t.kind() != Kind.EOF);
        for (String name : AwkRuntime.SPECIAL_NAMES) {
            slot(name);
        }
    }

    static AwkProgram parse(String src, SourceLines lines) throws AwkSyntaxException {
        AwkParser p = new AwkParser(src, lines);
        p.program();
        return p.program;
    }

    // ---- token helpers ----

    private Token peek() {
        return tokens.get(pos);
    }

    private Kind kind() {
        return tokens.get(pos).kind();
    }

    private Kind kindAt(int offset) {
        int i = Math.min(pos + offset, tokens.size() - 1);
        return tokens.get(i).kind();
    }

    private Token advance() {
        Token t = tokens.get(pos);
        if (t.kind() != Kind.EOF) {
            pos++;
        }
        return t;
    }

    private boolean accept(Kind k) {
        if (kind() == k) {
            advance();
            return true;
        }
        return false;
    }

    private Token expect(Kind k) throws AwkSyntaxException {
        if (kind() != k) {
            throw unexpected();
        }
        return advance();
    }

    private AwkSyntaxException unexpected() {
        Token t = peek();
        String message = t.kind() == Kind.EOF || t.kind() == Kind.NEWLINE
                ? "unexpected newline or end of string"
                : "syntax error";
        return lines.error(t.line(), t.column(), message);
    }

    private void optNewlines() {
        while (kind() == Kind.NEWLINE) {
            advance();
        }
    }

    private void skipTerminators() {
        while (kind() == Kind.NEWLINE || kind() == Kind.SEMICOLON) {
            advance();
        }
    }

    private int slot(String name) {
        return globalSlots.computeIfAbsent(name, n -> {
            program.globals.add(n);
            return program.globals.size() - 1;
        });
    }

    // ---- program structure ----

    private void program() throws AwkSyntaxException {
        skipTerminators();
        while (kind() != Kind.EOF) {
            switch (kind()) {
                case FUNCTION -> function();
                case BEGIN -> {
                    advance();
                    program.begin.add(braceBlock());
                }
                case END -> {
                    advance();
                    program.end.add(braceBlock());
                }
                case BEGINFILE -> {
                    advance();
                    program.beginFile.add(braceBlock());
                }
                case ENDFILE -> {
                    advance();
                    program.endFile.add(braceBlock());
                }
                case LBRACE -> program.rules.add(new AwkProgram.Rule(null, null, block()));
                default -> {
                    Expr pattern = expression();
                    Expr rangeEnd = null;
                    if (accept(Kind.COMMA)) {
                        optNewlines();
                        rangeEnd = expression();
                    }
                    Stmt action = kind() == Kind.LBRACE ? block() : null;
                    if (action == null && kind() != Kind.NEWLINE && kind() != Kind.SEMICOLON && kind() != Kind.EOF) {
                        throw unexpected();
                    }
                    program.rules.add(new AwkProgram.Rule(pattern, rangeEnd, action));
                }
            }
            skipTerminators();
        }
        for (Expr.UserCall call : calls) {
            call.function = program.functions.get(call.name);
            if (call.function == null) {
                throw new AwkSyntaxException(
                        lines.prefix(call.line) + "fatal: function `" + call.name + "' not defined");
            }
        }
    }

    private Stmt braceBlock() throws AwkSyntaxException {
        if (kind() != Kind.LBRACE) {
            throw unexpected();
        }
        return block();
    }

    private void function() throws AwkSyntaxException {
        advance();
        Token name = advance();
        if (name.kind() != Kind.NAME && name.kind() != Kind.FUNC_NAME) {
            throw lines.error(name.line(), name.column(), "syntax error");
        }
        if (program.functions.containsKey(name.text())) {
            throw lines.error(name.line(), name.column(), "function `" + name.text() + "' previously defined");
        }
        expect(Kind.LPAREN);
        List<String> names = new ArrayList<>();
        optNewlines();
        while (kind() != Kind.RPAREN) {
            names.add(expect(Kind.NAME).text());
            optNewlines();
            if (!accept(Kind.COMMA)) {
                break;
            }
            optNewlines();
        }
        expect(Kind.RPAREN);
        optNewlines();
        FunctionDef def = new FunctionDef(name.text(), names);
        program.functions.put(name.text(), def);
        params = names;
        inFunction = true;
        def.body = braceBlock();
        params = null;
        inFunction = false;
    }

    // ---- statements ----

    private Stmt block() throws AwkSyntaxException {
        expect(Kind.LBRACE);
        List<Stmt> body = new ArrayList<>();
        skipTerminators();
        while (kind() != Kind.RBRACE) {
            if (kind() == Kind.EOF) {
                throw unexpected();
            }
            body.add(statement());
            skipTerminators();
        }
        advance();
        return body.size() == 1 ? body.get(0) : new Stmt.Block(body);
    }

    /** A statement as the body of if/while/for: a newline may come first. */
    private Stmt body() throws AwkSyntaxException {
        optNewlines();
        if (accept(Kind.SEMICOLON)) {
            return new Stmt.Block(List.of());
        }
        return statement();
    }

    private Stmt statement() throws AwkSyntaxException {
        switch (kind()) {
            case LBRACE:
                return block();
            case IF: {
                advance();
                expect(Kind.LPAREN);
                Expr test = expression();
                expect(Kind.RPAREN);
                Stmt then = body();
                int save = pos;
                skipTerminators();
                if (accept(Kind.ELSE)) {
                    return new Stmt.If(test, then, body());
                }
                pos = save;
                return new Stmt.If(test, then, null);
            }
            case WHILE: {
                advance();
                expect(Kind.LPAREN);
                Expr test = expression();
                expect(Kind.RPAREN);
                if (kind() == Kind.SEMICOLON) {
                    advance();
                    return new Stmt.While(test, new Stmt.Block(List.of()), true);
                }
                loopDepth++;
                Stmt loopBody = body();
                loopDepth--;
                return new Stmt.While(test, loopBody, true);
            }
            case DO: {
                advance();
                loopDepth++;
                Stmt loopBody = body();
                loopDepth--;
                skipTerminators();
                expect(Kind.WHILE);
                expect(Kind.LPAREN);
                Expr test = expression();
                expect(Kind.RPAREN);
                endSimple();
                return new Stmt.While(test, loopBody, false);
            }
            case FOR:
                return forStatement();
            case SEMICOLON:
                advance();
                return new Stmt.Block(List.of());
            default: {
                Stmt s = simpleStatement();
                endSimple();
                return s;
            }
        }
    }

    private void endSimple() throws AwkSyntaxException {
        if (kind() == Kind.NEWLINE || kind() == Kind.SEMICOLON) {
            advance();
        } else if (kind() != Kind.RBRACE && kind() != Kind.EOF) {
            throw unexpected();
        }
    }

    private Stmt forStatement() throws AwkSyntaxException {
        advance();
        expect(Kind.LPAREN);
        if (kind() == Kind.NAME && kindAt(1) == Kind.IN && kindAt(2) == Kind.NAME && kindAt(3) == Kind.RPAREN) {
            Expr.LValue variable = (Expr.LValue) variable(advance().text());
            advance();
            Expr.ArrayHolder array = (Expr.ArrayHolder) variable(advance().text());
            advance();
            loopDepth++;
            Stmt loopBody = body();
            loopDepth--;
            return new Stmt.ForIn(variable, array, loopBody);
        }
        Stmt init = kind() == Kind.SEMICOLON ? null : simpleStatement();
        expect(Kind.SEMICOLON);
        optNewlines();
        Expr test = kind() == Kind.SEMICOLON ? null : expression();
        expect(Kind.SEMICOLON);
        optNewlines();
        Stmt step = kind() == Kind.RPAREN ? null : simpleStatement();
        expect(Kind.RPAREN);
        if (kind() == Kind.SEMICOLON) {
            advance();
            return new Stmt.For(init, test, step, new Stmt.Block(List.of()));
        }
        loopDepth++;
        Stmt loopBody = body();
        loopDepth--;
        return new Stmt.For(init, test, step, loopBody);
    }

    private Stmt simpleStatement() throws AwkSyntaxException {
        Token t = peek();
        switch (t.kind()) {
            case PRINT:
            case PRINTF:
                return print();
            case DELETE: {
                advance();
                Token name = expect(Kind.NAME);
                Expr v = variable(name.text());
                if (!(v instanceof Expr.ArrayHolder holder)) {
                    throw lines.error(name.line(), name.column(), "syntax error");
                }
                if (accept(Kind.LBRACKET)) {
                    List<Expr> subscripts = expressionList(Kind.RBRACKET);
                    expect(Kind.RBRACKET);
                    return new Stmt.Delete(holder, new Expr.Element(holder, subscripts));
                }
                return new Stmt.Delete(holder, null);
            }
            case NEXT:
                advance();
                return new Stmt.Simple(Jump.NEXT);
            case NEXTFILE:
                advance();
                return new Stmt.Simple(Jump.NEXTFILE);
            case EXIT: {
                advance();
                Expr status = startsExpression() ? expression() : null;
                return new Stmt.Exit(status);
            }
            case RETURN: {
                if (!inFunction) {
                    throw lines.error(t.line(), t.column(), "`return' used outside function context");
                }
                advance();
                Expr value = startsExpression() ? expression() : null;
                return new Stmt.Return(value);
            }
            case BREAK:
                advance();
                if (loopDepth == 0) {
                    throw lines.error(t.line(), t.column(), "`break' is not allowed outside a loop or switch");
                }
                return new Stmt.Simple(Jump.BREAK);
            case CONTINUE:
                advance();
                if (loopDepth == 0) {
                    throw lines.error(t.line(), t.column(), "`continue' is not allowed outside a loop");
                }
                return new Stmt.Simple(Jump.CONTINUE);
            default:
                return new Stmt.ExprStmt(expression());
        }
    }

    private boolean startsExpression() {
        return switch (kind()) {
            case NEWLINE, SEMICOLON, RBRACE, EOF -> false;
            default -> true;
        };
    }

    private Stmt print() throws AwkSyntaxException {
        boolean formatted = advance().kind() == Kind.PRINTF;
        List<Expr> args = new ArrayList<>();
        if (startsExpression() && kind() != Kind.GT && kind() != Kind.APPEND && kind() != Kind.PIPE) {
            args.add(expression(true, false));
            while (accept(Kind.COMMA)) {
                optNewlines();
                args.add(expression(true, false));
            }
        }
        if (args.size() == 1 && args.get(0) instanceof Expr.Grouping g) {
            args = g.items;
        }
        String redirect = null;
        Expr target = null;
        if (kind() == Kind.GT || kind() == Kind.APPEND || kind() == Kind.PIPE) {
            redirect = advance().text();
            target = concatenation(true);
        }
        return new Stmt.Print(formatted, args, redirect, target);
    }

    // ---- expressions ----

    private List<Expr> expressionList(Kind end) throws AwkSyntaxException {
        List<Expr> list = new ArrayList<>();
        optNewlines();
        if (kind() == end) {
            return list;
        }
        list.add(expression());
        optNewlines();
        while (accept(Kind.COMMA)) {
            optNewlines();
            list.add(expression());
            optNewlines();
        }
        return list;
    }

    private Expr expression() throws AwkSyntaxException {
        return expression(false, false);
    }

    /**
     * @param noGt inside an unparenthesized print list, where '>' redirects
     * @param noIn in a for head, where 'in' belongs to the loop
     */
    private Expr expression(boolean noGt, boolean noIn) throws AwkSyntaxException {
        Expr left = ternary(noGt, noIn);
        Kind k = kind();
        char op = switch (k) {
            case ASSIGN -> '=';
            case ADD_ASSIGN -> '+';
            case SUB_ASSIGN -> '-';
            case MUL_ASSIGN -> '*';
            case DIV_ASSIGN -> '/';
            case MOD_ASSIGN -> '%';
            case POW_ASSIGN -> '^';
            default -> 0;
        };
        if (op == 0) {
            return left;
        }
        if (!(left instanceof Expr.LValue target)) {
            throw unexpected();
        }
        advance();
        optNewlines();
        Expr value = expression(noGt, noIn);
        return new Expr.Assign(target, value, op == '=' ? 0 : op);
    }

    private Expr ternary(boolean noGt, boolean noIn) throws AwkSyntaxException {
        Expr test = or(noGt, noIn);
        if (!accept(Kind.QUESTION)) {
            return test;
        }
        optNewlines();
        Expr yes = expression(noGt, noIn);
        optNewlines();
        expect(Kind.COLON);
        optNewlines();
        Expr no = expression(noGt, noIn);
        return new Expr.Conditional(test, yes, no);
    }

    private Expr or(boolean noGt, boolean noIn) throws AwkSyntaxException {
        Expr left = and(noGt, noIn);
        while (accept(Kind.OR)) {
            optNewlines();
            left = new Expr.Logical(false, left, and(noGt, noIn));
        }
        return left;
    }

    private Expr and(boolean noGt, boolean noIn) throws AwkSyntaxException {
        Expr left = in(noGt, noIn);
        while (accept(Kind.AND)) {
            optNewlines();
            left = new Expr.Logical(true, left, in(noGt, noIn));
        }
        return left;
    }

    private Expr in(boolean noGt, boolean noIn) throws AwkSyntaxException {
        Expr left = match(noGt, noIn);
        while (!noIn && kind() == Kind.IN) {
            advance();
            Token name = expect(Kind.NAME);
            Expr array = variable(name.text());
            List<Expr> subscripts = left instanceof Expr.Grouping g ? g.items : List.of(left);
            left = new Expr.In(subscripts, (Expr.ArrayHolder) array);
        }
        return left;
    }

    private Expr match(boolean noGt, boolean noIn) throws AwkSyntaxException {
        Expr left = comparison(noGt, noIn);
        while (kind() == Kind.MATCH || kind() == Kind.NOMATCH) {
            boolean negated = advance().kind() == Kind.NOMATCH;
            left = new Expr.MatchOp(left, comparison(noGt, noIn), negated);
        }
        return left;
    }

    private Expr comparison(boolean noGt, boolean noIn) throws AwkSyntaxException {
        Expr left = concatenation(noGt);
        String op = switch (kind()) {
            case LT -> "<";
            case LE -> "<=";
            case NE -> "!=";
            case EQ -> "==";
            case GE -> ">=";
            case GT -> noGt ? null : ">";
            default -> null;
        };
        if (op == null) {
            return left;
        }
        advance();
        return new Expr.Compare(op, left, concatenation(noGt));
    }

    private Expr concatenation(boolean noGt) throws AwkSyntaxException {
        Expr left = additive();
        while (true) {
            if (kind() == Kind.PIPE && kindAt(1) == Kind.GETLINE) {
                advance();
                advance();
                Expr.LValue target = lvalueAfterGetline();
                left = new Expr.Getline(Expr.Getline.Source.COMMAND, left, target);
                continue;
            }
            if (!startsConcatenationOperand()) {
                return left;
            }
            left = new Expr.Concat(left, additive());
        }
    }

    private boolean startsConcatenationOperand() {
        return switch (kind()) {
            case NUMBER, STRING, ERE, FUNC_NAME, NAME, BUILTIN, DOLLAR, NOT, LPAREN, INCR, DECR -> true;
            default -> false;
        };
    }

    private Expr additive() throws AwkSyntaxException {
        Expr left = multiplicative();
        while (kind() == Kind.PLUS || kind() == Kind.MINUS) {
            char op = advance().kind() == Kind.PLUS ? '+' : '-';
            left = new Expr.Arith(op, left, multiplicative());
        }
        return left;
    }

    private Expr multiplicative() throws AwkSyntaxException {
        Expr left = unary();
        while (kind() == Kind.STAR || kind() == Kind.SLASH || kind() == Kind.PERCENT) {
            Kind k = advance().kind();
            char op = k == Kind.STAR ? '*' : k == Kind.SLASH ? '/' : '%';
            left = new Expr.Arith(op, left, unary());
        }
        return left;
    }

    private Expr unary() throws AwkSyntaxException {
        switch (kind()) {
            case NOT:
                advance();
                return new Expr.Not(unary());
            case MINUS:
                advance();
                return new Expr.Negate(unary(), true);
            case PLUS:
                advance();
                return new Expr.Negate(unary(), false);
            default:
                return power();
        }
    }

    private Expr power() throws AwkSyntaxException {
        Expr base = postfix();
        if (kind() == Kind.CARET) {
            advance();
            Expr exponent = kind() == Kind.MINUS || kind() == Kind.PLUS || kind() == Kind.NOT ? unary() : power();
            return new Expr.Arith('^', base, exponent);
        }
        return base;
    }

    private Expr postfix() throws AwkSyntaxException {
        Expr e = primary();
        if (e instanceof Expr.LValue lv && (kind() == Kind.INCR || kind() == Kind.DECR)) {
            double delta = advance().kind() == Kind.INCR ? 1 : -1;
            return new Expr.IncDec(lv, delta, false);
        }
        return e;
    }

    private Expr primary() throws AwkSyntaxException {
        Token t = peek();
        switch (t.kind()) {
            case NUMBER:
                advance();
                return new Expr.NumberLit(AwkValues.parseNumberPrefix(t.text()));
            case STRING:
                advance();
                return new Expr.StringLit(t.text());
            case ERE:
                advance();
                return new Expr.RegexLit(compile(t));
            case DOLLAR: {
                advance();
                Expr index;
                if (kind() == Kind.INCR || kind() == Kind.DECR) {
                    index = primary();
                } else if (kind() == Kind.MINUS || kind() == Kind.PLUS || kind() == Kind.NOT) {
                    index = unary();
                } else {
                    index = primary();
                }
                return new Expr.Field(index);
            }
            case INCR:
            case DECR: {
                advance();
                Expr target = primary();
                if (!(target instanceof Expr.LValue lv)) {
                    throw unexpected();
                }
                return new Expr.IncDec(lv, t.kind() == Kind.INCR ? 1 : -1, true);
            }
            case LPAREN: {
                advance();
                List<Expr> items = expressionList(Kind.RPAREN);
                expect(Kind.RPAREN);
                if (items.size() == 1) {
                    return new Expr.Group(items.get(0));
                }
                if (items.isEmpty()) {
                    throw unexpected();
                }
                return new Expr.Grouping(items);
            }
            case NOT:
            case MINUS:
            case PLUS:
                return unary();
            case GETLINE: {
                advance();
                Expr.LValue target = lvalueAfterGetline();
                if (accept(Kind.LT)) {
                    Expr file = primaryForRedirect();
                    return new Expr.Getline(Expr.Getline.Source.FILE, file, target);
                }
                return new Expr.Getline(Expr.Getline.Source.MAIN, null, target);
            }
            case FUNC_NAME: {
                advance();
                expect(Kind.LPAREN);
                List<Expr> args = expressionList(Kind.RPAREN);
                expect(Kind.RPAREN);
                Expr.UserCall call = new Expr.UserCall(t.text(), args, t.line());
                calls.add(call);
                return call;
            }
            case BUILTIN:
                return builtinCall();
            case NAME: {
                advance();
                Expr v = variable(t.text());
                if (kind() == Kind.LBRACKET) {
                    advance();
                    List<Expr> subscripts = expressionList(Kind.RBRACKET);
                    expect(Kind.RBRACKET);
                    if (!(v instanceof Expr.ArrayHolder holder)) {
                        throw lines.error(t.line(), t.column(), "syntax error");
                    }
                    return new Expr.Element(holder, subscripts);
                }
                return v;
            }
            default:
                throw unexpected();
        }
    }

    /** The file after "getline <": a primary, so that comparisons and concatenation stay outside. */
    private Expr primaryForRedirect() throws AwkSyntaxException {
        return primary();
    }

    private Expr.LValue lvalueAfterGetline() throws AwkSyntaxException {
        if (kind() == Kind.NAME) {
            Token t = advance();
            Expr v = variable(t.text());
            if (kind() == Kind.LBRACKET) {
                advance();
                List<Expr> subscripts = expressionList(Kind.RBRACKET);
                expect(Kind.RBRACKET);
                return new Expr.Element((Expr.ArrayHolder) v, subscripts);
            }
            return (Expr.LValue) v;
        }
        if (kind() == Kind.DOLLAR) {
            advance();
            return new Expr.Field(primary());
        }
        return null;
    }

    private Expr builtinCall() throws AwkSyntaxException {
        Token t = advance();
        Builtin builtin = Builtin.named(t.text());
        List<Expr> args;
        if (kind() == Kind.LPAREN) {
            advance();
            args = expressionList(Kind.RPAREN);
            expect(Kind.RPAREN);
        } else if (builtin == Builtin.LENGTH) {
            args = List.of();
        } else {
            throw unexpected();
        }
        checkArity(t, builtin, args);
        return new Expr.BuiltinCall(builtin, args);
    }

    private void checkArity(Token t, Builtin builtin, List<Expr> args) throws AwkSyntaxException {
        int min;
        int max;
        switch (builtin) {
            case LENGTH, SRAND, SYSTIME, RAND, FFLUSH -> {
                min = 0;
                max = builtin == Builtin.RAND || builtin == Builtin.SYSTIME ? 0 : 1;
            }
            case SUBSTR -> {
                min = 2;
                max = 3;
            }
            case SPLIT -> {
                min = 2;
                max = 4;
            }
            case SUB, GSUB, MATCH -> {
                min = 2;
                max = 3;
            }
            case GENSUB -> {
                min = 3;
                max = 4;
            }
            case INDEX, ATAN2, LSHIFT, RSHIFT -> {
                min = 2;
                max = 2;
            }
            case SPRINTF, AND, OR, XOR -> {
                min = 1;
                max = Integer.MAX_VALUE;
            }
            case STRFTIME -> {
                min = 0;
                max = 3;
            }
            case ASORT, ASORTI -> {
                min = 1;
                max = 3;
            }
            case CLOSE -> {
                min = 1;
                max = 2;
            }
            default -> {
                min = 1;
                max = 1;
            }
        }
        if (args.size() < min || args.size() > max) {
            throw lines.error(t.line(), t.column(), t.text() + ": called with " + args.size() + " arguments");
        }
        boolean needsArray = switch (builtin) {
            case SPLIT, ASORT, ASORTI -> true;
            default -> false;
        };
        if (needsArray && !(args.get(builtin == Builtin.SPLIT ? 1 : 0) instanceof Expr.ArrayHolder)) {
            throw lines.error(t.line(), t.column(), t.text() + ": argument is not an array");
        }
        if ((builtin == Builtin.SUB || builtin == Builtin.GSUB)
                && args.size() == 3
                && !(args.get(2) instanceof Expr.LValue)) {
            throw lines.error(t.line(), t.column(), t.text() + " third parameter is not a changeable object");
        }
        if (builtin == Builtin.MATCH && args.size() == 3 && !(args.get(2) instanceof Expr.ArrayHolder)) {
            throw lines.error(t.line(), t.column(), "match: third argument is not an array");
        }
    }

    private AwkRegex compile(Token t) throws AwkSyntaxException {
        try {
            return AwkRegex.compile(t.text());
        } catch (AwkRuntimeError e) {
            throw lines.error(t.line(), t.column(), e.getMessage());
        }
    }

    /** A variable reference: a parameter of the current function, NF/NR/FNR, or a global. */
    private Expr variable(String name) {
        if (params != null) {
            int index = params.indexOf(name);
            if (index >= 0) {
                return new Expr.LocalVar(name, index);
            }
        }
        switch (name) {
            case "NF":
                return new Expr.CounterVar(Expr.CounterVar.Which.NF);
            case "NR":
                return new Expr.CounterVar(Expr.CounterVar.Which.NR);
            case "FNR":
                return new Expr.CounterVar(Expr.CounterVar.Which.FNR);
            default:
                return new Expr.GlobalVar(name, slot(name));
        }
    }
}
