package dev.shellbox.shell.syntax;

import dev.shellbox.shell.syntax.ArithExpr.Op;

/**
 * Parses the (already expanded) text of an arithmetic expression with bash's operators and precedence: comma,
 * assignments, {@code ?:}, {@code || && | ^ &}, equality, relations, shifts, {@code + -}, {@code * / %}, {@code **},
 * unary operators and increments.
 */
public final class ArithParser {
    private final String s;
    private int pos;

    /** A syntax error in arithmetic text, reported by bash as {@code text: message (error token is "tok")}. */
    public static final class ArithSyntaxError extends Exception {
        private final String token;

        public ArithSyntaxError(String message, String token) {
            super(message, null, false, false);
            this.token = token;
        }

        /** The remaining text where the error was found. */
        public String token() {
            return token;
        }
    }

    private ArithParser(String s) {
        this.s = s;
    }

    /** Parses a whole expression; empty (or blank) text is 0. */
    public static ArithExpr parse(String text) throws ArithSyntaxError {
        ArithParser p = new ArithParser(text);
        p.skipSpace();
        if (p.pos >= text.length()) {
            return new ArithExpr.Number(0);
        }
        ArithExpr e = p.comma();
        p.skipSpace();
        if (p.pos < text.length()) {
            if (text.charAt(p.pos) == ')') {
                throw p.error("syntax error in expression");
            }
            throw p.error("syntax error in expression");
        }
        return e;
    }

    private ArithSyntaxError error(String message) {
        return new ArithSyntaxError(message, s.substring(Math.min(pos, s.length())));
    }

    private void skipSpace() {
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                pos++;
            } else {
                break;
            }
        }
    }

    private boolean at(String op) {
        skipSpace();
        return s.startsWith(op, pos);
    }

    private char peekChar() {
        skipSpace();
        return pos < s.length() ? s.charAt(pos) : '\0';
    }

    private char charAt(int i) {
        return i < s.length() ? s.charAt(i) : '\0';
    }

    private ArithExpr comma() throws ArithSyntaxError {
        ArithExpr left = assignment();
        while (peekChar() == ',') {
            pos++;
            left = new ArithExpr.Comma(left, assignment());
        }
        return left;
    }

    private static final String[] ASSIGN_OPS = {"<<=", ">>=", "**=", "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "="
    };
    private static final Op[] ASSIGN_KINDS = {
        Op.SHL, Op.SHR, Op.POW, Op.MUL, Op.DIV, Op.MOD, Op.ADD, Op.SUB, Op.BIT_AND, Op.BIT_XOR, Op.BIT_OR, Op.ASSIGN
    };

    private ArithExpr assignment() throws ArithSyntaxError {
        int start = pos;
        ArithExpr left = conditional();
        skipSpace();
        for (int i = 0; i < ASSIGN_OPS.length; i++) {
            String op = ASSIGN_OPS[i];
            if (s.startsWith(op, pos)) {
                if (op.equals("=") && charAt(pos + 1) == '=') {
                    break;
                }
                if (!(left instanceof ArithExpr.Variable v)) {
                    throw new ArithSyntaxError("attempted assignment to non-variable", s.substring(pos));
                }
                pos += op.length();
                ArithExpr value = assignment();
                return new ArithExpr.Assign(ASSIGN_KINDS[i], v, value);
            }
        }
        return left;
    }

    private ArithExpr conditional() throws ArithSyntaxError {
        ArithExpr cond = binary(0);
        if (peekChar() == '?') {
            pos++;
            ArithExpr then = comma();
            if (peekChar() != ':') {
                throw error("`:' expected for conditional expression");
            }
            pos++;
            ArithExpr otherwise = conditional();
            skipSpace();
            // an assignment in the last operand binds to it: a ? b : c = 1
            return new ArithExpr.Conditional(cond, then, otherwise);
        }
        return cond;
    }

    // precedence levels, lowest first
    private static final int LEVELS = 10;

    private Op binaryOperator(int level) {
        skipSpace();
        char c = charAt(pos);
        char n = charAt(pos + 1);
        switch (level) {
            case 0:
                return c == '|' && n == '|' ? Op.OR : null;
            case 1:
                return c == '&' && n == '&' ? Op.AND : null;
            case 2:
                return c == '|' && n != '|' && n != '=' ? Op.BIT_OR : null;
            case 3:
                return c == '^' && n != '=' ? Op.BIT_XOR : null;
            case 4:
                return c == '&' && n != '&' && n != '=' ? Op.BIT_AND : null;
            case 5:
                if (c == '=' && n == '=') {
                    return Op.EQ;
                }
                return c == '!' && n == '=' ? Op.NE : null;
            case 6:
                if (c == '<' && n != '<') {
                    return n == '=' ? Op.LE : Op.LT;
                }
                if (c == '>' && n != '>') {
                    return n == '=' ? Op.GE : Op.GT;
                }
                return null;
            case 7:
                if (c == '<' && n == '<' && charAt(pos + 2) != '=') {
                    return Op.SHL;
                }
                if (c == '>' && n == '>' && charAt(pos + 2) != '=') {
                    return Op.SHR;
                }
                return null;
            case 8:
                if (c == '+' && n != '+' && n != '=') {
                    return Op.ADD;
                }
                if (c == '-' && n != '-' && n != '=') {
                    return Op.SUB;
                }
                // "a++b" and "a--b" are not valid, but "1 - -1" and "a+ +b" are handled by unary
                return null;
            case 9:
                if (c == '*' && n != '*' && n != '=') {
                    return Op.MUL;
                }
                if (c == '/' && n != '=') {
                    return Op.DIV;
                }
                if (c == '%' && n != '=') {
                    return Op.MOD;
                }
                return null;
            default:
                return null;
        }
    }

    private ArithExpr binary(int level) throws ArithSyntaxError {
        if (level >= LEVELS) {
            return power();
        }
        ArithExpr left = binary(level + 1);
        while (true) {
            Op op = binaryOperator(level);
            if (op == null) {
                return left;
            }
            pos += op.text().length();
            ArithExpr right = binary(level + 1);
            left = new ArithExpr.Binary(op, left, right);
        }
    }

    private ArithExpr power() throws ArithSyntaxError {
        ArithExpr base = unary();
        skipSpace();
        if (charAt(pos) == '*' && charAt(pos + 1) == '*' && charAt(pos + 2) != '=') {
            pos += 2;
            ArithExpr exponent = power();
            return new ArithExpr.Binary(Op.POW, base, exponent);
        }
        return base;
    }

    private ArithExpr unary() throws ArithSyntaxError {
        skipSpace();
        char c = charAt(pos);
        char n = charAt(pos + 1);
        if ((c == '+' && n == '+') || (c == '-' && n == '-')) {
            int save = pos;
            pos += 2;
            skipSpace();
            if (Lexer.isNameStart(charAt(pos))) {
                ArithExpr target = primary();
                if (target instanceof ArithExpr.Variable v) {
                    return new ArithExpr.IncDec(true, c == '+', v);
                }
                throw error("syntax error: operand expected");
            }
            pos = save + 1;
            ArithExpr operand = unary();
            return new ArithExpr.Unary(c == '+' ? Op.PLUS : Op.NEG, operand);
        }
        switch (c) {
            case '-':
                pos++;
                return new ArithExpr.Unary(Op.NEG, unary());
            case '+':
                pos++;
                return new ArithExpr.Unary(Op.PLUS, unary());
            case '!':
                pos++;
                return new ArithExpr.Unary(Op.NOT, unary());
            case '~':
                pos++;
                return new ArithExpr.Unary(Op.BIT_NOT, unary());
            default:
                return postfix();
        }
    }

    private ArithExpr postfix() throws ArithSyntaxError {
        ArithExpr e = primary();
        if (e instanceof ArithExpr.Variable v) {
            skipSpace();
            char c = charAt(pos);
            if ((c == '+' || c == '-') && charAt(pos + 1) == c) {
                pos += 2;
                return new ArithExpr.IncDec(false, c == '+', v);
            }
        }
        return e;
    }

    private ArithExpr primary() throws ArithSyntaxError {
        skipSpace();
        if (pos >= s.length()) {
            throw error("syntax error: operand expected");
        }
        char c = s.charAt(pos);
        if (c == '(') {
            pos++;
            ArithExpr inner = comma();
            if (peekChar() != ')') {
                throw error("missing `)'");
            }
            pos++;
            return inner;
        }
        if (Lexer.isDigit(c)) {
            return number();
        }
        if (Lexer.isNameStart(c)) {
            int start = pos;
            while (pos < s.length() && Lexer.isNameChar(s.charAt(pos))) {
                pos++;
            }
            String name = s.substring(start, pos);
            if (pos < s.length() && s.charAt(pos) == '[') {
                int open = pos;
                int depth = 0;
                int i = pos;
                for (; i < s.length(); i++) {
                    char ch = s.charAt(i);
                    if (ch == '[') {
                        depth++;
                    } else if (ch == ']') {
                        if (--depth == 0) {
                            break;
                        }
                    }
                }
                if (i >= s.length()) {
                    pos = open;
                    throw error("missing `]'");
                }
                String indexText = s.substring(open + 1, i);
                ArithExpr index;
                try {
                    index = parse(indexText);
                } catch (ArithSyntaxError e) {
                    index = null;
                }
                pos = i + 1;
                return new ArithExpr.Variable(name, index, indexText);
            }
            return new ArithExpr.Variable(name, null, null);
        }
        if (c == ')') {
            throw error("syntax error: operand expected");
        }
        if ("+-*/%<>=!&|^~?:,".indexOf(c) >= 0) {
            throw error("syntax error: operand expected");
        }
        throw error("syntax error: operand expected");
    }

    private ArithExpr number() throws ArithSyntaxError {
        int start = pos;
        while (pos < s.length()) {
            char ch = s.charAt(pos);
            if (Lexer.isNameChar(ch) || ch == '#' || ch == '@') {
                pos++;
            } else {
                break;
            }
        }
        String text = s.substring(start, pos);
        try {
            return new ArithExpr.Number(parseNumber(text));
        } catch (NumberFormatException e) {
            pos = start;
            throw error(e.getMessage());
        }
    }

    /**
     * Parses an integer constant: decimal, {@code 0x} hex, leading-zero octal or {@code base#digits}. Overflow wraps
     * as in bash. Throws NumberFormatException with bash's message.
     */
    public static long parseNumber(String text) {
        int hash = text.indexOf('#');
        int base;
        String digits;
        if (hash >= 0) {
            String b = text.substring(0, hash);
            digits = text.substring(hash + 1);
            try {
                base = Integer.parseInt(b);
            } catch (NumberFormatException e) {
                throw new NumberFormatException("invalid number");
            }
            if (base < 2 || base > 64) {
                throw new NumberFormatException("invalid arithmetic base");
            }
            if (digits.isEmpty()) {
                throw new NumberFormatException("invalid integer constant");
            }
        } else if (text.length() > 1 && text.charAt(0) == '0' && (text.charAt(1) == 'x' || text.charAt(1) == 'X')) {
            base = 16;
            digits = text.substring(2);
            if (digits.isEmpty()) {
                throw new NumberFormatException("invalid integer constant");
            }
        } else if (text.length() > 1 && text.charAt(0) == '0') {
            base = 8;
            digits = text.substring(1);
        } else {
            base = 10;
            digits = text;
        }
        long value = 0;
        for (int i = 0; i < digits.length(); i++) {
            char ch = digits.charAt(i);
            int d;
            if (ch >= '0' && ch <= '9') {
                d = ch - '0';
            } else if (ch >= 'a' && ch <= 'z') {
                d = ch - 'a' + 10;
            } else if (ch >= 'A' && ch <= 'Z') {
                d = base <= 36 ? ch - 'A' + 10 : ch - 'A' + 36;
            } else if (ch == '@') {
                d = 62;
            } else if (ch == '_') {
                d = 63;
            } else {
                throw new NumberFormatException("invalid number");
            }
            if (d >= base) {
                throw new NumberFormatException("value too great for base");
            }
            value = value * base + d;
        }
        return value;
    }
}
