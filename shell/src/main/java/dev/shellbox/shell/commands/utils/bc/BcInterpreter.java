package dev.shellbox.shell.commands.utils.bc;

import dev.shellbox.shell.commands.utils.bc.BcAst.Expr;
import dev.shellbox.shell.commands.utils.bc.BcAst.Stmt;
import dev.shellbox.shell.commands.utils.bc.BcNumbers.BcError;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Runs parsed bc statements. Variables and arrays are global; parameters and auto variables of a call shadow them
 * until it returns (bc's dynamic scoping). Expression statements that are not assignments print their value.
 */
final class BcInterpreter {
    /** GNU bc's BC_DIM_MAX: array subscripts run from 0 to this. */
    private static final long MAX_SUBSCRIPT = 16_777_215;

    /** Calls nested deeper than this fail (GNU bc has no limit; the interpreter's thread stack has one). */
    static final int MAX_CALL_DEPTH = 10_000;

    private final BcOutput out;
    private final OutputStream err;
    private final boolean mathLibrary;
    private final Runnable checkpoint;
    private final Supplier<String> readLine;
    private final Map<String, BigDecimal> variables = new HashMap<>();
    private final Map<String, BcArray> arrays = new HashMap<>();
    private final Map<String, BcAst.Function> functions = new HashMap<>();
    private int scale;
    private int ibase = 10;
    private int obase = 10;
    private BigDecimal last = BigDecimal.ZERO;
    private String currentFunction = "(main)";
    private int depth;

    /** An array: a sparse map from subscript to value. */
    static final class BcArray {
        final Map<Long, BigDecimal> values = new HashMap<>();

        BcArray copy() {
            BcArray c = new BcArray();
            c.values.putAll(values);
            return c;
        }
    }

    /** halt: stop bc. */
    static final class Halt extends Exception {
        Halt() {
            super(null, null, false, false);
        }
    }

    private static final class BreakSignal extends Exception {
        BreakSignal() {
            super(null, null, false, false);
        }
    }

    private static final class ContinueSignal extends Exception {
        ContinueSignal() {
            super(null, null, false, false);
        }
    }

    private static final class ReturnSignal extends Exception {
        final BigDecimal value;

        ReturnSignal(BigDecimal value) {
            super(null, null, false, false);
            this.value = value;
        }
    }

    BcInterpreter(BcOutput out, OutputStream err, boolean mathLibrary, Runnable checkpoint, Supplier<String> readLine) {
        this.out = out;
        this.err = err;
        this.mathLibrary = mathLibrary;
        this.checkpoint = checkpoint;
        this.readLine = readLine;
        if (mathLibrary) {
            scale = 20;
        }
    }

    void define(BcAst.Function f) {
        functions.put(f.name(), f);
    }

    /** Runs one line's statements; a runtime error is reported and ends the line. */
    void run(List<Stmt> statements) throws IOException, Halt {
        try {
            for (Stmt s : statements) {
                execute(s);
            }
        } catch (BcError e) {
            runtimeMessage("error", e.getMessage());
        } catch (BreakSignal | ContinueSignal | ReturnSignal e) {
            // The parser only accepts these inside loops and functions.
        } finally {
            out.flush();
        }
    }

    // ---- statements ----

    private void execute(Stmt s) throws IOException, BcError, Halt, BreakSignal, ContinueSignal, ReturnSignal {
        checkpoint.run();
        if (s instanceof BcAst.ExprStmt e) {
            BigDecimal v = evaluate(e.expr());
            if (!(e.expr() instanceof BcAst.Assign)) {
                out.print(BcNumbers.format(v, obase) + "\n");
                last = v;
            }
        } else if (s instanceof BcAst.Str str) {
            out.print(str.text());
        } else if (s instanceof BcAst.Print p) {
            for (Object item : p.items()) {
                if (item instanceof String text) {
                    out.print(unescape(text));
                } else {
                    BigDecimal v = evaluate((Expr) item);
                    out.print(BcNumbers.format(v, obase));
                    last = v;
                }
            }
        } else if (s instanceof BcAst.Block b) {
            for (Stmt inner : b.body()) {
                execute(inner);
            }
        } else if (s instanceof BcAst.If i) {
            if (isTrue(evaluate(i.condition()))) {
                execute(i.then());
            } else if (i.otherwise() != null) {
                execute(i.otherwise());
            }
        } else if (s instanceof BcAst.While w) {
            while (isTrue(evaluate(w.condition()))) {
                try {
                    execute(w.body());
                } catch (BreakSignal b) {
                    break;
                } catch (ContinueSignal c) {
                    // next iteration
                }
            }
        } else if (s instanceof BcAst.For f) {
            if (f.init() != null) {
                evaluate(f.init());
            }
            while (f.condition() == null || isTrue(evaluate(f.condition()))) {
                try {
                    execute(f.body());
                } catch (BreakSignal b) {
                    break;
                } catch (ContinueSignal c) {
                    // go on to the update
                }
                if (f.update() != null) {
                    evaluate(f.update());
                }
            }
        } else if (s instanceof BcAst.Break) {
            throw new BreakSignal();
        } else if (s instanceof BcAst.Continue) {
            throw new ContinueSignal();
        } else if (s instanceof BcAst.Return r) {
            throw new ReturnSignal(r.value() == null ? BigDecimal.ZERO : evaluate(r.value()));
        } else if (s instanceof BcAst.Halt) {
            throw new Halt();
        }
    }

    /** Escapes of print strings: \a \b \f \n \r \t \q (a double quote) and \\. */
    private static String unescape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == s.length()) {
                sb.append(c);
                continue;
            }
            char e = s.charAt(++i);
            switch (e) {
                case 'a' -> sb.append('\u0007');
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'q' -> sb.append('"');
                case '\\' -> sb.append('\\');
                default -> sb.append('\\').append(e);
            }
        }
        return sb.toString();
    }

    private static boolean isTrue(BigDecimal v) {
        return v.signum() != 0;
    }

    // ---- expressions ----

    private BigDecimal evaluate(Expr e) throws IOException, BcError, Halt {
        if (e instanceof BcAst.Num n) {
            return BcNumbers.parse(n.text(), ibase);
        }
        if (e instanceof BcAst.Var v) {
            return variables.getOrDefault(v.name(), BigDecimal.ZERO);
        }
        if (e instanceof BcAst.Elem el) {
            return array(el.name()).values.getOrDefault(subscript(el), BigDecimal.ZERO);
        }
        if (e instanceof BcAst.Special sp) {
            return switch (sp.name()) {
                case "scale" -> BigDecimal.valueOf(scale);
                case "ibase" -> BigDecimal.valueOf(ibase);
                case "obase" -> BigDecimal.valueOf(obase);
                default -> last;
            };
        }
        if (e instanceof BcAst.Unary u) {
            BigDecimal v = evaluate(u.operand());
            return u.op() == '-' ? v.negate() : BcNumbers.fromBoolean(!isTrue(v));
        }
        if (e instanceof BcAst.Binary b) {
            return binary(b);
        }
        if (e instanceof BcAst.Assign a) {
            return assign(a);
        }
        if (e instanceof BcAst.IncDec i) {
            BigDecimal old = evaluate(i.target());
            BigDecimal updated = i.increment() ? old.add(BigDecimal.ONE) : old.subtract(BigDecimal.ONE);
            store(i.target(), updated);
            return i.prefix() ? updated : old;
        }
        if (e instanceof BcAst.Call c) {
            return call(c);
        }
        BcAst.Builtin b = (BcAst.Builtin) e;
        switch (b.name()) {
            case "length" -> {
                return BigDecimal.valueOf(BcNumbers.length(evaluate(b.arg())));
            }
            case "scale" -> {
                return BigDecimal.valueOf(evaluate(b.arg()).scale());
            }
            case "sqrt" -> {
                return BcNumbers.sqrt(evaluate(b.arg()), scale);
            }
            default -> {
                String line = readLine.get();
                if (line == null) {
                    throw new BcError("read() end of file");
                }
                String text = line.strip();
                if (!text.matches("-?([0-9A-Z]+(\\.[0-9A-Z]*)?|\\.[0-9A-Z]+)")) {
                    throw new BcError("read() expected a number");
                }
                boolean negative = text.startsWith("-");
                BigDecimal v = BcNumbers.parse(negative ? text.substring(1) : text, ibase);
                return negative ? v.negate() : v;
            }
        }
    }

    private BigDecimal binary(BcAst.Binary b) throws IOException, BcError, Halt {
        switch (b.op()) {
            case "&&" -> {
                return BcNumbers.fromBoolean(isTrue(evaluate(b.left())) && isTrue(evaluate(b.right())));
            }
            case "||" -> {
                return BcNumbers.fromBoolean(isTrue(evaluate(b.left())) || isTrue(evaluate(b.right())));
            }
            default -> {}
        }
        BigDecimal l = evaluate(b.left());
        BigDecimal r = evaluate(b.right());
        return switch (b.op()) {
            case "+" -> l.add(r);
            case "-" -> l.subtract(r);
            case "*" -> BcNumbers.multiply(l, r, scale);
            case "/" -> BcNumbers.divide(l, r, scale);
            case "%" -> BcNumbers.modulo(l, r, scale);
            case "^" -> power(l, r);
            case "<" -> BcNumbers.fromBoolean(l.compareTo(r) < 0);
            case "<=" -> BcNumbers.fromBoolean(l.compareTo(r) <= 0);
            case ">" -> BcNumbers.fromBoolean(l.compareTo(r) > 0);
            case ">=" -> BcNumbers.fromBoolean(l.compareTo(r) >= 0);
            case "==" -> BcNumbers.fromBoolean(l.compareTo(r) == 0);
            default -> BcNumbers.fromBoolean(l.compareTo(r) != 0);
        };
    }

    private BigDecimal power(BigDecimal base, BigDecimal exponent) throws IOException, BcError {
        if (exponent.stripTrailingZeros().scale() > 0) {
            runtimeMessage("warning", "non-zero scale in exponent");
        }
        return BcNumbers.power(base, exponent.setScale(0, RoundingMode.DOWN).toBigInteger(), scale);
    }

    private BigDecimal assign(BcAst.Assign a) throws IOException, BcError, Halt {
        BigDecimal value = evaluate(a.value());
        if (!a.op().equals("=")) {
            BigDecimal current = evaluate(a.target());
            value = switch (a.op()) {
                case "+=" -> current.add(value);
                case "-=" -> current.subtract(value);
                case "*=" -> BcNumbers.multiply(current, value, scale);
                case "/=" -> BcNumbers.divide(current, value, scale);
                case "%=" -> BcNumbers.modulo(current, value, scale);
                default -> power(current, value);
            };
        }
        return store(a.target(), value);
    }

    /** Stores into a variable, array element or special variable; returns the value the expression yields. */
    private BigDecimal store(Expr target, BigDecimal value) throws IOException, BcError, Halt {
        if (target instanceof BcAst.Var v) {
            variables.put(v.name(), value);
            return value;
        }
        if (target instanceof BcAst.Elem el) {
            array(el.name()).values.put(subscript(el), value);
            return value;
        }
        BcAst.Special sp = (BcAst.Special) target;
        long n = value.setScale(0, RoundingMode.DOWN)
                .max(BigDecimal.valueOf(Integer.MIN_VALUE))
                .min(BigDecimal.valueOf(Integer.MAX_VALUE))
                .longValue();
        switch (sp.name()) {
            case "scale" -> {
                if (n < 0) {
                    runtimeMessage("warning", "negative scale, set to 0");
                    n = 0;
                }
                scale = (int) n;
            }
            case "ibase" -> {
                if (n < 2) {
                    runtimeMessage("warning", "ibase too small, set to 2");
                    n = 2;
                } else if (n > 36) {
                    runtimeMessage("warning", "ibase too large, set to 36");
                    n = 36;
                }
                ibase = (int) n;
            }
            case "obase" -> {
                if (n < 2) {
                    runtimeMessage("warning", "obase too small, set to 2");
                    n = 2;
                }
                obase = (int) n;
            }
            default -> last = value;
        }
        return value;
    }

    private long subscript(BcAst.Elem el) throws IOException, BcError, Halt {
        BigDecimal index = evaluate(el.index());
        if (index.signum() < 0 || index.compareTo(BigDecimal.valueOf(MAX_SUBSCRIPT)) > 0) {
            throw new BcError("Array " + el.name() + " subscript out of bounds.");
        }
        return index.longValue();
    }

    private BcArray array(String name) {
        return arrays.computeIfAbsent(name, k -> new BcArray());
    }

    // ---- calls ----

    private BigDecimal call(BcAst.Call c) throws IOException, BcError, Halt {
        BcAst.Function f = functions.get(c.name());
        if (f == null) {
            if (mathLibrary && BcMath.isLibraryFunction(c.name())) {
                BigDecimal[] args = new BigDecimal[c.args().size()];
                for (int i = 0; i < args.length; i++) {
                    args[i] = evaluate(c.args().get(i));
                }
                return BcMath.call(c.name(), args, scale);
            }
            throw new BcError("Function " + c.name() + " not defined.");
        }
        if (f.params().size() != c.args().size()) {
            throw new BcError("Parameter number mismatch");
        }
        // Evaluate the arguments first, then bind them (bc passes numbers and arrays by value).
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < f.params().size(); i++) {
            BcAst.Param p = f.params().get(i);
            Expr arg = c.args().get(i);
            boolean arrayArg = arg instanceof BcAst.Elem el && el.index() == null;
            if (p.array() != arrayArg) {
                throw new BcError("Parameter number mismatch");
            }
            if (p.array()) {
                BcArray source = array(((BcAst.Elem) arg).name());
                values.add(p.byReference() ? source : source.copy());
            } else {
                values.add(evaluate(arg));
            }
        }
        Map<String, BigDecimal> savedVariables = new HashMap<>();
        Map<String, BcArray> savedArrays = new HashMap<>();
        List<BcAst.Param> locals = new ArrayList<>(f.params());
        locals.addAll(f.autos());
        for (BcAst.Param p : locals) {
            if (p.array()) {
                savedArrays.putIfAbsent(p.name(), arrays.get(p.name()));
            } else {
                savedVariables.putIfAbsent(p.name(), variables.get(p.name()));
            }
        }
        for (int i = 0; i < f.params().size(); i++) {
            BcAst.Param p = f.params().get(i);
            if (p.array()) {
                arrays.put(p.name(), (BcArray) values.get(i));
            } else {
                variables.put(p.name(), (BigDecimal) values.get(i));
            }
        }
        for (BcAst.Param a : f.autos()) {
            if (a.array()) {
                arrays.put(a.name(), new BcArray());
            } else {
                variables.put(a.name(), BigDecimal.ZERO);
            }
        }
        if (depth >= MAX_CALL_DEPTH) {
            throw new BcError("Function call nesting too deep");
        }
        String caller = currentFunction;
        currentFunction = f.name();
        depth++;
        try {
            for (Stmt s : f.body()) {
                execute(s);
            }
            return BigDecimal.ZERO;
        } catch (ReturnSignal r) {
            return r.value;
        } catch (BreakSignal | ContinueSignal e) {
            return BigDecimal.ZERO;
        } finally {
            depth--;
            currentFunction = caller;
            savedVariables.forEach((name, value) -> {
                if (value == null) {
                    variables.remove(name);
                } else {
                    variables.put(name, value);
                }
            });
            savedArrays.forEach((name, value) -> {
                if (value == null) {
                    arrays.remove(name);
                } else {
                    arrays.put(name, value);
                }
            });
        }
    }

    /**
     * GNU's runtime diagnostics name the function and a byte-code address; there is no byte code here, so the
     * address is always 0.
     */
    private void runtimeMessage(String kind, String message) throws IOException {
        out.flush();
        String text = "Runtime " + kind + " (func=" + currentFunction + ", adr=0): " + message + "\n";
        err.write(dev.shellbox.shell.io.Text.encode(text));
        err.flush();
    }
}
