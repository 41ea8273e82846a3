package dev.shellbox.shell.expand;

import dev.shellbox.shell.syntax.ArithExpr;
import dev.shellbox.shell.syntax.ArithParser;
import dev.shellbox.shell.syntax.ArithText;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Evaluates arithmetic in 64-bit signed integers with bash's semantics: variables hold expressions that are evaluated
 * recursively, overflow wraps, division by zero is an error. Parses of expression texts are cached.
 */
public final class Arithmetic {
    private static final int MAX_RECURSION = 1024;
    private static final int CACHE_LIMIT = 4096;
    private static final Map<String, ArithExpr> PARSES = new ConcurrentHashMap<>();

    private final ExpansionContext ctx;
    private final Expander expander;
    private int depth;

    /** An evaluation error with bash's message and error token. */
    static final class Failure extends RuntimeException {
        final String token;

        Failure(String message, String token) {
            super(message, null, false, false);
            this.token = token;
        }
    }

    Arithmetic(ExpansionContext ctx, Expander expander) {
        this.ctx = ctx;
        this.expander = expander;
    }

    /** Evaluates an arithmetic text: expands it if needed, parses (cached) and evaluates. */
    public long evaluate(ArithText text) {
        ArithExpr e = text.cached();
        String source;
        if (e == null) {
            source = text.isStatic() ? text.word().unquotedText() : expander.expandArithmeticText(text.word());
            e = parse(source);
            if (text.isStatic()) {
                text.cache(e);
            }
        } else {
            source = null;
        }
        try {
            return eval(e);
        } catch (Failure f) {
            String s = source != null ? source : text.word().unquotedText();
            throw new ExpansionError(s.strip() + ": " + f.getMessage() + " (error token is \"" + f.token + "\")");
        }
    }

    /** Evaluates a string as an arithmetic expression (let, declare -i, array subscripts). */
    public long evaluate(String source) {
        ArithExpr e = parse(source);
        try {
            return eval(e);
        } catch (Failure f) {
            throw new ExpansionError(source.strip() + ": " + f.getMessage() + " (error token is \"" + f.token + "\")");
        }
    }

    private static ArithExpr parse(String source) {
        ArithExpr e = PARSES.get(source);
        if (e != null) {
            return e;
        }
        try {
            e = ArithParser.parse(source);
        } catch (ArithParser.ArithSyntaxError err) {
            throw new ExpansionError(
                    source.strip() + ": " + err.getMessage() + " (error token is \"" + err.token() + "\")");
        }
        if (PARSES.size() > CACHE_LIMIT) {
            PARSES.clear();
        }
        PARSES.put(source, e);
        return e;
    }

    long eval(ArithExpr e) {
        if (e instanceof ArithExpr.Number n) {
            return n.value();
        }
        if (e instanceof ArithExpr.Variable v) {
            return valueOf(v);
        }
        if (e instanceof ArithExpr.Binary b) {
            return binary(b);
        }
        if (e instanceof ArithExpr.Assign a) {
            long value;
            if (a.op() == ArithExpr.Op.ASSIGN) {
                value = eval(a.value());
            } else {
                long old = valueOf(a.target());
                value = apply(a.op(), old, eval(a.value()), a.value());
            }
            store(a.target(), value);
            return value;
        }
        if (e instanceof ArithExpr.IncDec d) {
            long old = valueOf(d.target());
            long updated = d.increment() ? old + 1 : old - 1;
            store(d.target(), updated);
            return d.prefix() ? updated : old;
        }
        if (e instanceof ArithExpr.Unary u) {
            long x = eval(u.operand());
            return switch (u.op()) {
                case NEG -> -x;
                case NOT -> x == 0 ? 1 : 0;
                case BIT_NOT -> ~x;
                default -> x;
            };
        }
        if (e instanceof ArithExpr.Conditional c) {
            return eval(c.condition()) != 0 ? eval(c.then()) : eval(c.otherwise());
        }
        ArithExpr.Comma c = (ArithExpr.Comma) e;
        eval(c.left());
        return eval(c.right());
    }

    private long binary(ArithExpr.Binary b) {
        switch (b.op()) {
            case AND:
                return eval(b.left()) != 0 && eval(b.right()) != 0 ? 1 : 0;
            case OR:
                return eval(b.left()) != 0 || eval(b.right()) != 0 ? 1 : 0;
            default:
                long l = eval(b.left());
                long r = eval(b.right());
                return apply(b.op(), l, r, b.right());
        }
    }

    private long apply(ArithExpr.Op op, long l, long r, ArithExpr right) {
        switch (op) {
            case ADD:
                return l + r;
            case SUB:
                return l - r;
            case MUL:
                return l * r;
            case DIV:
                if (r == 0) {
                    throw new Failure("division by 0", tokenOf(right));
                }
                if (l == Long.MIN_VALUE && r == -1) {
                    return Long.MIN_VALUE;
                }
                return l / r;
            case MOD:
                if (r == 0) {
                    throw new Failure("division by 0", tokenOf(right));
                }
                if (r == -1) {
                    return 0;
                }
                return l % r;
            case POW: {
                if (r < 0) {
                    throw new Failure("exponent less than 0", tokenOf(right));
                }
                long result = 1;
                long base = l;
                long exp = r;
                while (exp > 0) {
                    if ((exp & 1) != 0) {
                        result *= base;
                    }
                    base *= base;
                    exp >>= 1;
                }
                return result;
            }
            case SHL:
                return l << r;
            case SHR:
                return l >> r;
            case LT:
                return l < r ? 1 : 0;
            case LE:
                return l <= r ? 1 : 0;
            case GT:
                return l > r ? 1 : 0;
            case GE:
                return l >= r ? 1 : 0;
            case EQ:
                return l == r ? 1 : 0;
            case NE:
                return l != r ? 1 : 0;
            case BIT_AND:
                return l & r;
            case BIT_XOR:
                return l ^ r;
            case BIT_OR:
                return l | r;
            default:
                throw new Failure("syntax error: invalid arithmetic operator", op.text());
        }
    }

    private static String tokenOf(ArithExpr e) {
        if (e instanceof ArithExpr.Number n) {
            return Long.toString(n.value());
        }
        if (e instanceof ArithExpr.Variable v) {
            return v.name();
        }
        return "";
    }

    private long valueOf(ArithExpr.Variable v) {
        String text = expander.arithmeticVariable(v.name(), v.index(), v.indexText());
        if (text == null) {
            if (ctx.option(ExpandOption.NOUNSET)) {
                String shown = v.indexText() == null ? v.name() : v.name() + "[" + v.indexText() + "]";
                throw new ExpansionError(shown + ": unbound variable", true);
            }
            return 0;
        }
        return valueOfText(text);
    }

    /** The numeric value of a variable's text: a number, or an expression evaluated recursively. */
    long valueOfText(String text) {
        long fast = parseDecimal(text);
        if (fast != Long.MIN_VALUE || text.equals("-9223372036854775808")) {
            return fast;
        }
        String t = text.strip();
        if (t.isEmpty()) {
            return 0;
        }
        if (++depth > MAX_RECURSION) {
            depth = 0;
            throw new Failure("expression recursion level exceeded", t);
        }
        try {
            ArithExpr e;
            try {
                e = PARSES.get(t);
                if (e == null) {
                    e = ArithParser.parse(t);
                    PARSES.put(t, e);
                }
            } catch (ArithParser.ArithSyntaxError err) {
                throw new ExpansionError(t + ": " + err.getMessage() + " (error token is \"" + err.token() + "\")");
            }
            return eval(e);
        } finally {
            depth--;
        }
    }

    /** Parses a plain decimal integer (optional sign); Long.MIN_VALUE when the text is not one. */
    static long parseDecimal(String s) {
        int n = s.length();
        if (n == 0 || n > 19) {
            return Long.MIN_VALUE;
        }
        int i = 0;
        boolean negative = false;
        char c0 = s.charAt(0);
        if (c0 == '-' || c0 == '+') {
            negative = c0 == '-';
            i = 1;
            if (n == 1) {
                return Long.MIN_VALUE;
            }
        }
        if (s.charAt(i) == '0' && n - i > 1) {
            return Long.MIN_VALUE; // octal or hex
        }
        long v = 0;
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return Long.MIN_VALUE;
            }
            v = v * 10 + (c - '0');
        }
        return negative ? -v : v;
    }

    private void store(ArithExpr.Variable v, long value) {
        expander.assignArithmeticVariable(v.name(), v.index(), v.indexText(), value);
    }
}
