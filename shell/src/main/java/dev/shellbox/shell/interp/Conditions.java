package dev.shellbox.shell.interp;

import dev.shellbox.shell.expand.ExpansionError;
import dev.shellbox.shell.expand.GlobPattern;
import dev.shellbox.shell.gnu.regex.PosixMatcher;
import dev.shellbox.shell.gnu.regex.PosixRegex;
import dev.shellbox.shell.gnu.regex.RegexOptions;
import dev.shellbox.shell.gnu.regex.RegexSyntax;
import dev.shellbox.shell.gnu.regex.RegexSyntaxException;
import dev.shellbox.shell.interp.builtins.FileTests;
import dev.shellbox.shell.syntax.CondExpr;
import java.util.ArrayList;
import java.util.List;

/** Evaluates {@code [[ ... ]]}. */
final class Conditions {
    private final Interpreter sh;

    Conditions(Interpreter sh) {
        this.sh = sh;
    }

    /** 0 when true, 1 when false, 2 on error (invalid regex). */
    int evaluate(CondExpr e) {
        if (sh.st.options.xtrace) {
            Xtrace.cond(sh, e);
        }
        try {
            return eval(e) ? 0 : 1;
        } catch (BadRegex b) {
            return 2;
        }
    }

    private static final class BadRegex extends RuntimeException {
        BadRegex() {
            super(null, null, false, false);
        }
    }

    private boolean eval(CondExpr e) {
        if (e instanceof CondExpr.And a) {
            return eval(a.left()) && eval(a.right());
        }
        if (e instanceof CondExpr.Or o) {
            return eval(o.left()) || eval(o.right());
        }
        if (e instanceof CondExpr.Not n) {
            return !eval(n.operand());
        }
        if (e instanceof CondExpr.Single s) {
            return !sh.expander.expandString(s.word()).isEmpty();
        }
        if (e instanceof CondExpr.Unary u) {
            return unary(u.operator(), sh.expander.expandString(u.operand()));
        }
        CondExpr.Binary b = (CondExpr.Binary) e;
        String op = b.operator();
        switch (op) {
            case "==":
            case "=":
            case "!=": {
                String left = sh.expander.expandString(b.left());
                String pattern = sh.expander.expandPattern(b.right());
                boolean m = GlobPattern.compile(pattern, true, sh.st.options.shopt("nocasematch"))
                        .matches(left);
                return op.equals("!=") != m;
            }
            case "=~":
                return regex(sh.expander.expandString(b.left()), sh.expander.expandRegex(b.right()));
            case "<":
                return sh.expander.expandString(b.left()).compareTo(sh.expander.expandString(b.right())) < 0;
            case ">":
                return sh.expander.expandString(b.left()).compareTo(sh.expander.expandString(b.right())) > 0;
            case "-nt":
            case "-ot":
            case "-ef":
                return FileTests.binary(
                        sh.builtinContext, op, sh.expander.expandString(b.left()), sh.expander.expandString(b.right()));
            default: {
                long l = arith(b.left());
                long r = arith(b.right());
                return switch (op) {
                    case "-eq" -> l == r;
                    case "-ne" -> l != r;
                    case "-lt" -> l < r;
                    case "-le" -> l <= r;
                    case "-gt" -> l > r;
                    default -> l >= r;
                };
            }
        }
    }

    private long arith(dev.shellbox.shell.syntax.Word w) {
        String text = sh.expander.expandString(w);
        return sh.expander.evaluateArithmetic(text);
    }

    private boolean unary(String op, String operand) {
        switch (op) {
            case "-n":
                return !operand.isEmpty();
            case "-z":
                return operand.isEmpty();
            case "-v":
                return Vars.isVariableSet(sh, operand);
            case "-o":
                return Options.isSetOption(operand) && sh.st.options.get(operand);
            case "-R": {
                Variable v = sh.st.vars.get(operand);
                return v != null && v.has(Variable.NAMEREF) && v.value != null;
            }
            default:
                return FileTests.unary(sh.builtinContext, op, operand);
        }
    }

    private boolean regex(String text, String ere) {
        PosixRegex p;
        try {
            // bash hands the pattern to regcomp with REG_EXTENDED: glibc's POSIX syntax, leftmost-longest
            p = PosixRegex.compile(
                    ere, RegexOptions.posix(RegexSyntax.EXTENDED).withIgnoreCase(sh.st.options.shopt("nocasematch")));
        } catch (RegexSyntaxException e) {
            throw new BadRegex();
        }
        PosixMatcher m = p.matcher(text);
        if (!m.find()) {
            Vars.assignArray(sh, "BASH_REMATCH", List.of(), false, null, false);
            return false;
        }
        List<String[]> groups = new ArrayList<>();
        for (int i = 0; i <= m.groupCount(); i++) {
            String g = m.group(i);
            groups.add(new String[] {null, g == null ? "" : g, null});
        }
        try {
            Vars.assignArray(sh, "BASH_REMATCH", groups, false, null, false);
        } catch (ExpansionError e) {
            // BASH_REMATCH made readonly: bash ignores it
        }
        return true;
    }
}
