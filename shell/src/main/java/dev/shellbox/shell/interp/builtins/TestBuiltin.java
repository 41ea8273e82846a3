package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.interp.Variable;
import java.util.List;
import java.util.Set;

/** {@code test} and {@code [}: POSIX rules for 0 to 4 arguments, a recursive parser beyond. */
final class TestBuiltin implements Builtin {
    private static final Set<String> BINARY =
            Set.of("=", "==", "!=", "<", ">", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef");

    /** A usage error: message printed by the caller, status 2. */
    private static final class TestError extends RuntimeException {
        TestError(String message) {
            super(message, null, false, false);
        }
    }

    @Override
    public int run(BuiltinContext sh, List<String> argv) {
        String name = argv.get(0);
        List<String> args = argv.subList(1, argv.size());
        if (name.equals("[")) {
            if (args.isEmpty() || !args.get(args.size() - 1).equals("]")) {
                sh.error("[", "missing `]'");
                return 2;
            }
            args = args.subList(0, args.size() - 1);
        }
        try {
            return new Evaluation(sh, args).evaluate() ? 0 : 1;
        } catch (TestError e) {
            sh.error(name, e.getMessage());
            return 2;
        }
    }

    private static final class Evaluation {
        private final BuiltinContext sh;
        private final List<String> a;
        private int pos;

        Evaluation(BuiltinContext sh, List<String> a) {
            this.sh = sh;
            this.a = a;
        }

        boolean evaluate() {
            switch (a.size()) {
                case 0:
                    return false;
                case 1:
                    return !a.get(0).isEmpty();
                case 2:
                    return two(0);
                case 3:
                    return three(0);
                case 4:
                    if (a.get(0).equals("!")) {
                        return !three(1);
                    }
                    if (a.get(0).equals("(") && a.get(3).equals(")")) {
                        return two(1);
                    }
                    break;
                default:
                    break;
            }
            boolean r = or();
            if (pos < a.size()) {
                throw new TestError(a.get(pos) + ": unexpected argument");
            }
            return r;
        }

        private boolean two(int i) {
            String op = a.get(i);
            if (op.equals("!")) {
                return a.get(i + 1).isEmpty();
            }
            if (isUnary(op)) {
                return unary(op, a.get(i + 1));
            }
            throw new TestError(op + ": unary operator expected");
        }

        private boolean three(int i) {
            String mid = a.get(i + 1);
            if (BINARY.contains(mid)) {
                return binary(a.get(i), mid, a.get(i + 2));
            }
            if (mid.equals("-a")) {
                return !a.get(i).isEmpty() && !a.get(i + 2).isEmpty();
            }
            if (mid.equals("-o")) {
                return !a.get(i).isEmpty() || !a.get(i + 2).isEmpty();
            }
            if (a.get(i).equals("!")) {
                return !two(i + 1);
            }
            if (a.get(i).equals("(") && a.get(i + 2).equals(")")) {
                return !mid.isEmpty();
            }
            throw new TestError(mid + ": binary operator expected");
        }

        private boolean or() {
            boolean r = and();
            while (pos < a.size() && a.get(pos).equals("-o")) {
                pos++;
                boolean right = and();
                r = r || right;
            }
            return r;
        }

        private boolean and() {
            boolean r = not();
            while (pos < a.size() && a.get(pos).equals("-a")) {
                pos++;
                boolean right = not();
                r = r && right;
            }
            return r;
        }

        private boolean not() {
            if (pos < a.size() && a.get(pos).equals("!")) {
                pos++;
                return !not();
            }
            return primary();
        }

        private boolean primary() {
            if (pos >= a.size()) {
                throw new TestError("argument expected");
            }
            String t = a.get(pos);
            if (t.equals("(")) {
                pos++;
                boolean r = or();
                if (pos >= a.size() || !a.get(pos).equals(")")) {
                    throw new TestError("`)' expected");
                }
                pos++;
                return r;
            }
            if (pos + 2 < a.size() + 0 && pos + 1 < a.size() && BINARY.contains(a.get(pos + 1)) && pos + 2 < a.size()) {
                boolean r = binary(t, a.get(pos + 1), a.get(pos + 2));
                pos += 3;
                return r;
            }
            if (isUnary(t) && pos + 1 < a.size()) {
                boolean r = unary(t, a.get(pos + 1));
                pos += 2;
                return r;
            }
            pos++;
            return !t.isEmpty();
        }

        private static boolean isUnary(String op) {
            return op.equals("-n")
                    || op.equals("-z")
                    || op.equals("-v")
                    || op.equals("-o")
                    || op.equals("-R")
                    || op.equals("-t")
                    || FileTests.isUnaryFileOperator(op);
        }

        private boolean unary(String op, String operand) {
            switch (op) {
                case "-n":
                    return !operand.isEmpty();
                case "-z":
                    return operand.isEmpty();
                case "-v":
                    return sh.isVariableSet(operand);
                case "-o":
                    return sh.isSetOption(operand) && sh.option(operand);
                case "-R": {
                    Variable v = sh.binding(operand);
                    return v != null && v.has(Variable.NAMEREF);
                }
                default:
                    return FileTests.unary(sh, op, operand);
            }
        }

        private boolean binary(String l, String op, String r) {
            switch (op) {
                case "=":
                case "==":
                    return l.equals(r);
                case "!=":
                    return !l.equals(r);
                case "<":
                    return l.compareTo(r) < 0;
                case ">":
                    return l.compareTo(r) > 0;
                case "-nt":
                case "-ot":
                case "-ef":
                    return FileTests.binary(sh, op, l, r);
                default: {
                    long x = integer(l);
                    long y = integer(r);
                    return switch (op) {
                        case "-eq" -> x == y;
                        case "-ne" -> x != y;
                        case "-lt" -> x < y;
                        case "-le" -> x <= y;
                        case "-gt" -> x > y;
                        default -> x >= y;
                    };
                }
            }
        }

        private static long integer(String s) {
            String t = s.strip();
            try {
                if (t.startsWith("+")) {
                    t = t.substring(1);
                }
                if (t.isEmpty() || !t.chars().allMatch(c -> Character.isDigit(c) || c == '-')) {
                    throw new NumberFormatException();
                }
                return Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw new TestError(s + ": integer expression expected");
            }
        }
    }
}
