package dev.shellbox.shell.commands.data.awk;

import java.util.List;

/** An awk expression: a tree node that evaluates itself. */
abstract class Expr {

    abstract Object eval(Env env);

    double num(Env env) {
        return AwkValues.toNumber(eval(env));
    }

    String str(Env env) {
        return env.rt.toStr(eval(env));
    }

    boolean bool(Env env) {
        return AwkValues.toBoolean(eval(env));
    }

    /** Something that can be assigned: a variable, a field or an array element. */
    interface LValue {
        Object get(Env env);

        void set(Env env, Object value);
    }

    /** A variable that may hold an array. */
    interface ArrayHolder {
        AwkArray array(Env env);

        /** The array when the variable already holds one, else null (no conversion). */
        AwkArray arrayIfAny(Env env);
    }

    static Double bool(boolean b) {
        return b ? AwkRuntime.ONE : AwkRuntime.ZERO;
    }

    // ---- leaves ----

    static final class NumberLit extends Expr {
        final Double value;

        NumberLit(double value) {
            this.value = value;
        }

        @Override
        Object eval(Env env) {
            return value;
        }

        @Override
        double num(Env env) {
            return value;
        }
    }

    static final class StringLit extends Expr {
        final String value;

        StringLit(String value) {
            this.value = value;
        }

        @Override
        Object eval(Env env) {
            return value;
        }
    }

    /** /re/ alone: a match against $0. */
    static final class RegexLit extends Expr {
        final AwkRegex regex;

        RegexLit(AwkRegex regex) {
            this.regex = regex;
        }

        @Override
        Object eval(Env env) {
            return bool(regex.matches(env.rt.record()));
        }

        @Override
        boolean bool(Env env) {
            return regex.matches(env.rt.record());
        }
    }

    static final class Group extends Expr {
        final Expr inner;

        Group(Expr inner) {
            this.inner = inner;
        }

        @Override
        Object eval(Env env) {
            return inner.eval(env);
        }

        @Override
        double num(Env env) {
            return inner.num(env);
        }
    }

    /** (a, b) as the left side of {@code in}, or grouping a print list. */
    static final class Grouping extends Expr {
        final List<Expr> items;

        Grouping(List<Expr> items) {
            this.items = items;
        }

        @Override
        Object eval(Env env) {
            throw new AwkRuntimeError("a parenthesized list is allowed only before 'in' or in print");
        }
    }

    static final class GlobalVar extends Expr implements LValue, ArrayHolder {
        final String name;
        final int slot;

        GlobalVar(String name, int slot) {
            this.name = name;
            this.slot = slot;
        }

        @Override
        Object eval(Env env) {
            Object v = env.rt.globals[slot];
            if (v instanceof AwkArray) {
                throw new AwkRuntimeError("attempt to use array `" + name + "' in a scalar context");
            }
            return v;
        }

        @Override
        public Object get(Env env) {
            return eval(env);
        }

        @Override
        public void set(Env env, Object value) {
            if (env.rt.globals[slot] instanceof AwkArray) {
                throw new AwkRuntimeError("attempt to use array `" + name + "' in a scalar context");
            }
            env.rt.globals[slot] = value;
        }

        @Override
        public AwkArray array(Env env) {
            Object v = env.rt.globals[slot];
            if (v instanceof AwkArray a) {
                return a;
            }
            if (v == Uninit.VALUE) {
                AwkArray a = new AwkArray();
                env.rt.globals[slot] = a;
                return a;
            }
            throw new AwkRuntimeError("attempt to use scalar `" + name + "' as an array");
        }

        @Override
        public AwkArray arrayIfAny(Env env) {
            return env.rt.globals[slot] instanceof AwkArray a ? a : null;
        }
    }

    static final class LocalVar extends Expr implements LValue, ArrayHolder {
        final String name;
        final int index;

        LocalVar(String name, int index) {
            this.name = name;
            this.index = index;
        }

        @Override
        Object eval(Env env) {
            Object v = env.locals[index];
            if (v instanceof UninitRef) {
                return Uninit.VALUE;
            }
            if (v instanceof AwkArray) {
                throw new AwkRuntimeError("attempt to use array `" + name + "' in a scalar context");
            }
            return v;
        }

        @Override
        public Object get(Env env) {
            return eval(env);
        }

        @Override
        public void set(Env env, Object value) {
            if (env.locals[index] instanceof AwkArray) {
                throw new AwkRuntimeError("attempt to use array `" + name + "' in a scalar context");
            }
            env.locals[index] = value;
        }

        @Override
        public AwkArray array(Env env) {
            Object v = env.locals[index];
            if (v instanceof AwkArray a) {
                return a;
            }
            if (v instanceof UninitRef ref) {
                AwkArray a = ref.materialize();
                env.locals[index] = a;
                return a;
            }
            if (v == Uninit.VALUE) {
                AwkArray a = new AwkArray();
                env.locals[index] = a;
                return a;
            }
            throw new AwkRuntimeError("attempt to use scalar `" + name + "' as an array");
        }

        @Override
        public AwkArray arrayIfAny(Env env) {
            return env.locals[index] instanceof AwkArray a ? a : null;
        }
    }

    /** NF, NR and FNR: kept as counters by the runtime. */
    static final class CounterVar extends Expr implements LValue {
        enum Which {
            NF,
            NR,
            FNR
        }

        final Which which;

        CounterVar(Which which) {
            this.which = which;
        }

        @Override
        Object eval(Env env) {
            return (double)
                    switch (which) {
                        case NF -> env.rt.nf();
                        case NR -> env.rt.nr;
                        case FNR -> env.rt.fnr;
                    };
        }

        @Override
        double num(Env env) {
            return switch (which) {
                case NF -> env.rt.nf();
                case NR -> env.rt.nr;
                case FNR -> env.rt.fnr;
            };
        }

        @Override
        public Object get(Env env) {
            return eval(env);
        }

        @Override
        public void set(Env env, Object value) {
            long n = (long) AwkValues.toNumber(value);
            switch (which) {
                case NF -> env.rt.setNf((int) n);
                case NR -> env.rt.nr = n;
                case FNR -> env.rt.fnr = n;
            }
        }
    }

    static final class Field extends Expr implements LValue {
        final Expr index;

        Field(Expr index) {
            this.index = index;
        }

        private int index(Env env) {
            double d = index.num(env);
            if (d < 0) {
                throw new AwkRuntimeError("attempt to access field " + (long) d);
            }
            return (int) d;
        }

        @Override
        Object eval(Env env) {
            return env.rt.field(index(env));
        }

        @Override
        public Object get(Env env) {
            return eval(env);
        }

        @Override
        public void set(Env env, Object value) {
            env.rt.setField(index(env), value);
        }
    }

    static final class Element extends Expr implements LValue {
        final ArrayHolder array;
        final List<Expr> subscripts;

        Element(ArrayHolder array, List<Expr> subscripts) {
            this.array = array;
            this.subscripts = subscripts;
        }

        String key(Env env) {
            if (subscripts.size() == 1) {
                return env.rt.toKey(subscripts.get(0).eval(env));
            }
            StringBuilder sb = new StringBuilder();
            String subsep = env.rt.subsep();
            for (int i = 0; i < subscripts.size(); i++) {
                if (i > 0) {
                    sb.append(subsep);
                }
                sb.append(env.rt.toKey(subscripts.get(i).eval(env)));
            }
            return sb.toString();
        }

        @Override
        Object eval(Env env) {
            String key = key(env);
            Object v = array.array(env).get(key);
            if (v instanceof AwkArray) {
                throw new AwkRuntimeError("attempt to use array in a scalar context");
            }
            return v;
        }

        @Override
        public Object get(Env env) {
            return eval(env);
        }

        @Override
        public void set(Env env, Object value) {
            String key = key(env);
            array.array(env).put(key, value);
        }
    }

    // ---- operators ----

    static final class Assign extends Expr {
        final LValue target;
        final Expr value;
        /** 0 for '=', else the arithmetic operator char: + - * / % ^ */
        final char op;

        Assign(LValue target, Expr value, char op) {
            this.target = target;
            this.value = value;
            this.op = op;
        }

        @Override
        Object eval(Env env) {
            Object result;
            if (op == 0) {
                result = value.eval(env);
                if (result instanceof UninitRef) {
                    result = Uninit.VALUE;
                }
            } else {
                double right = value.num(env);
                double left = AwkValues.toNumber(target.get(env));
                result = Arith.apply(op, left, right);
            }
            target.set(env, result);
            return result;
        }
    }

    static final class Conditional extends Expr {
        final Expr test;
        final Expr yes;
        final Expr no;

        Conditional(Expr test, Expr yes, Expr no) {
            this.test = test;
            this.yes = yes;
            this.no = no;
        }

        @Override
        Object eval(Env env) {
            return test.bool(env) ? yes.eval(env) : no.eval(env);
        }
    }

    static final class Logical extends Expr {
        final boolean and;
        final Expr left;
        final Expr right;

        Logical(boolean and, Expr left, Expr right) {
            this.and = and;
            this.left = left;
            this.right = right;
        }

        @Override
        boolean bool(Env env) {
            return and ? left.bool(env) && right.bool(env) : left.bool(env) || right.bool(env);
        }

        @Override
        Object eval(Env env) {
            return bool(bool(env));
        }
    }

    static final class Not extends Expr {
        final Expr operand;

        Not(Expr operand) {
            this.operand = operand;
        }

        @Override
        boolean bool(Env env) {
            return !operand.bool(env);
        }

        @Override
        Object eval(Env env) {
            return bool(bool(env));
        }
    }

    static final class Negate extends Expr {
        final Expr operand;
        final boolean minus;

        Negate(Expr operand, boolean minus) {
            this.operand = operand;
            this.minus = minus;
        }

        @Override
        double num(Env env) {
            double d = operand.num(env);
            return minus ? -d : d;
        }

        @Override
        Object eval(Env env) {
            return num(env);
        }
    }

    static final class Arith extends Expr {
        final char op;
        final Expr left;
        final Expr right;

        Arith(char op, Expr left, Expr right) {
            this.op = op;
            this.left = left;
            this.right = right;
        }

        @Override
        double num(Env env) {
            return apply(op, left.num(env), right.num(env));
        }

        @Override
        Object eval(Env env) {
            return num(env);
        }

        static double apply(char op, double a, double b) {
            switch (op) {
                case '+':
                    return a + b;
                case '-':
                    return a - b;
                case '*':
                    return a * b;
                case '/':
                    if (b == 0) {
                        throw new AwkRuntimeError("division by zero attempted");
                    }
                    return a / b;
                case '%':
                    if (b == 0) {
                        throw new AwkRuntimeError("division by zero attempted in `%'");
                    }
                    return a % b;
                default:
                    return power(a, b);
            }
        }

        static double power(double a, double b) {
            if (b == (int) b && b >= 0 && b < 1024) {
                double result = 1;
                double base = a;
                for (int n = (int) b; n > 0; n >>= 1) {
                    if ((n & 1) != 0) {
                        result *= base;
                    }
                    base *= base;
                }
                return result;
            }
            return Math.pow(a, b);
        }
    }

    static final class Concat extends Expr {
        final Expr left;
        final Expr right;

        Concat(Expr left, Expr right) {
            this.left = left;
            this.right = right;
        }

        @Override
        Object eval(Env env) {
            return str(env);
        }

        @Override
        String str(Env env) {
            String a = left.str(env);
            return a.concat(right.str(env));
        }
    }

    static final class Compare extends Expr {
        final String op;
        final Expr left;
        final Expr right;

        Compare(String op, Expr left, Expr right) {
            this.op = op;
            this.left = left;
            this.right = right;
        }

        @Override
        boolean bool(Env env) {
            int c = AwkValues.compare(left.eval(env), right.eval(env), env.rt.convfmt());
            return switch (op) {
                case "<" -> c < 0;
                case "<=" -> c <= 0;
                case ">" -> c > 0;
                case ">=" -> c >= 0;
                case "==" -> c == 0;
                default -> c != 0;
            };
        }

        @Override
        Object eval(Env env) {
            return bool(bool(env));
        }
    }

    static final class MatchOp extends Expr {
        final Expr subject;
        final Expr regex;
        final boolean negated;

        MatchOp(Expr subject, Expr regex, boolean negated) {
            this.subject = subject;
            this.regex = regex;
            this.negated = negated;
        }

        @Override
        boolean bool(Env env) {
            String s = subject.str(env);
            return env.rt.regexOf(regex, env).matches(s) != negated;
        }

        @Override
        Object eval(Env env) {
            return bool(bool(env));
        }
    }

    static final class In extends Expr {
        final List<Expr> subscripts;
        final ArrayHolder array;

        In(List<Expr> subscripts, ArrayHolder array) {
            this.subscripts = subscripts;
            this.array = array;
        }

        @Override
        boolean bool(Env env) {
            String key;
            if (subscripts.size() == 1) {
                key = env.rt.toKey(subscripts.get(0).eval(env));
            } else {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < subscripts.size(); i++) {
                    if (i > 0) {
                        sb.append(env.rt.subsep());
                    }
                    sb.append(env.rt.toKey(subscripts.get(i).eval(env)));
                }
                key = sb.toString();
            }
            return array.array(env).contains(key);
        }

        @Override
        Object eval(Env env) {
            return bool(bool(env));
        }
    }

    static final class IncDec extends Expr {
        final LValue target;
        final double delta;
        final boolean prefix;

        IncDec(LValue target, double delta, boolean prefix) {
            this.target = target;
            this.delta = delta;
            this.prefix = prefix;
        }

        @Override
        Object eval(Env env) {
            double old = AwkValues.toNumber(target.get(env));
            double updated = old + delta;
            target.set(env, updated);
            return prefix ? updated : old;
        }
    }

    /** getline in its six forms; evaluates to 1, 0 or -1. */
    static final class Getline extends Expr {
        enum Source {
            MAIN,
            FILE,
            COMMAND
        }

        final Source source;
        final Expr from;
        final LValue target;

        Getline(Source source, Expr from, LValue target) {
            this.source = source;
            this.from = from;
            this.target = target;
        }

        @Override
        Object eval(Env env) {
            return (double) env.rt.getline(env, source, from == null ? null : from.str(env), target);
        }
    }

    static final class UserCall extends Expr {
        final String name;
        final List<Expr> args;
        final int line;
        FunctionDef function;

        UserCall(String name, List<Expr> args, int line) {
            this.name = name;
            this.args = args;
            this.line = line;
        }

        @Override
        Object eval(Env env) {
            FunctionDef f = function;
            Object[] locals = new Object[Math.max(f.params.size(), args.size())];
            for (int i = 0; i < locals.length; i++) {
                if (i >= args.size()) {
                    locals[i] = Uninit.VALUE;
                    continue;
                }
                Expr arg = args.get(i);
                locals[i] = argumentValue(env, arg);
            }
            Env callee = new Env(env.rt, locals);
            env.rt.enterCall();
            try {
                f.body.exec(callee);
            } catch (Jump j) {
                if (j.kind != Jump.Kind.RETURN) {
                    throw j;
                }
            } finally {
                env.rt.leaveCall();
            }
            return callee.returnValue;
        }

        /** Arrays pass by reference, untyped variables as a reference that may become an array, scalars by value. */
        private static Object argumentValue(Env env, Expr arg) {
            if (arg instanceof GlobalVar g) {
                Object v = env.rt.globals[g.slot];
                if (v instanceof AwkArray) {
                    return v;
                }
                return v == Uninit.VALUE ? new UninitRef(env.rt.globals, g.slot) : v;
            }
            if (arg instanceof LocalVar l) {
                Object v = env.locals[l.index];
                if (v instanceof AwkArray || v instanceof UninitRef) {
                    return v;
                }
                return v == Uninit.VALUE ? new UninitRef(env.locals, l.index) : v;
            }
            return arg.eval(env);
        }
    }

    static final class BuiltinCall extends Expr {
        final Builtin builtin;
        final List<Expr> args;

        BuiltinCall(Builtin builtin, List<Expr> args) {
            this.builtin = builtin;
            this.args = args;
        }

        @Override
        Object eval(Env env) {
            return builtin.call(env, args);
        }
    }
}
