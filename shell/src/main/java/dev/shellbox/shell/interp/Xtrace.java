package dev.shellbox.shell.interp;

import dev.shellbox.shell.syntax.Assignment;
import dev.shellbox.shell.syntax.CondExpr;
import java.util.List;

/** {@code set -x}: prints each command, after expansion, to stderr with the PS4 prefix. */
final class Xtrace {
    private Xtrace() {}

    static String prefix(Interpreter sh) {
        dev.shellbox.shell.expand.ShellVariable v = sh.variable("PS4");
        // an unset PS4 traces without a prefix
        String ps4 = v == null || v.scalarValue() == null ? "" : v.scalarValue();
        String expanded;
        boolean saved = sh.st.options.xtrace;
        sh.st.options.xtrace = false;
        try {
            expanded = ps4.isEmpty()
                    ? ""
                    : sh.expander.expandQuoted(dev.shellbox.shell.syntax.Parser.parseArithmeticWord(ps4));
        } catch (dev.shellbox.shell.syntax.ParseError | RuntimeException e) {
            expanded = ps4;
        } finally {
            sh.st.options.xtrace = saved;
        }
        if (expanded.isEmpty()) {
            return "";
        }
        int level = sh.st.subshellLevel > 0 && sh.inCommandSubstitution ? 1 : 0;
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < level; i++) {
            sb.append(expanded.charAt(0));
        }
        return sb.append(expanded).toString();
    }

    /** Quotes a word as bash's xtrace does: single quotes when it has special characters. */
    static String quote(String s) {
        if (s.isEmpty()) {
            return "''";
        }
        boolean plain = true;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(Character.isLetterOrDigit(c) || "_-./=:,+@%^".indexOf(c) >= 0) || c > 127) {
                plain = false;
                break;
            }
        }
        if (plain) {
            return s;
        }
        boolean control = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 32 && c != '\t' && c != '\n' || c == 127) {
                control = true;
                break;
            }
        }
        if (control) {
            return dev.shellbox.shell.expand.Quoting.ansiC(s);
        }
        return "'" + s.replace("'", "'\\''") + "'";
    }

    static void command(Interpreter sh, List<Assignment> assignments, List<String> argv) {
        StringBuilder sb = new StringBuilder(prefix(sh));
        boolean first = true;
        for (Assignment a : assignments) {
            if (a.value() == null) {
                continue;
            }
            if (!first) {
                sb.append(' ');
            }
            first = false;
            sb.append(a.name())
                    .append(a.append() ? "+=" : "=")
                    .append(quote(sh.expander.expandAssignmentValue(a.value())));
        }
        for (String arg : argv) {
            if (!first) {
                sb.append(' ');
            }
            first = false;
            sb.append(quote(arg));
        }
        sh.writeErr(sb.append('\n').toString());
    }

    static void assignment(Interpreter sh, Assignment a) {
        String value;
        if (a.isArray()) {
            StringBuilder sb = new StringBuilder("(");
            List<String[]> elems = Vars.expandArrayElements(sh, a.array());
            for (int i = 0; i < elems.size(); i++) {
                if (i > 0) {
                    sb.append(' ');
                }
                String[] e = elems.get(i);
                if (e[0] != null) {
                    sb.append('[').append(e[0]).append("]=");
                }
                sb.append(quote(e[1]));
            }
            value = sb.append(')').toString();
        } else {
            value = quote(sh.expander.expandAssignmentValue(a.value()));
        }
        String index = a.index() == null ? "" : "[" + sh.expander.expandString(a.index()) + "]";
        sh.writeErr(prefix(sh) + a.name() + index + (a.append() ? "+=" : "=") + value + "\n");
    }

    static void arith(Interpreter sh, String source) {
        sh.writeErr(prefix(sh) + "(( " + source.strip() + " ))\n");
    }

    static void forLoop(Interpreter sh, String var, String item) {
        sh.writeErr(prefix(sh) + "for " + var + " in ...\n");
    }

    static void cond(Interpreter sh, CondExpr e) {
        sh.writeErr(prefix(sh) + "[[ " + Printer.cond(e) + " ]]\n");
    }
}
