package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.interp.Variable;
import dev.shellbox.shell.syntax.Names;
import java.util.List;

/** {@code unset [-fvn] name ...}, including array elements {@code unset 'a[1]'}. */
final class UnsetBuiltin implements Builtin {
    @Override
    public int run(BuiltinContext sh, List<String> argv) {
        boolean functions = false;
        boolean variables = false;
        boolean nameref = false;
        BuiltinOptions o = new BuiltinOptions(argv, "fnv", "unset [-f] [-v] [-n] [name ...]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            switch (c) {
                case 'f' -> functions = true;
                case 'v' -> variables = true;
                case 'n' -> nameref = true;
                default -> {
                    return o.fail(sh);
                }
            }
        }
        int status = 0;
        for (String name : o.operands()) {
            if (functions && !variables) {
                if (sh.isReadonlyFunction(name)) {
                    sh.error("unset", name + ": cannot unset: readonly function");
                    status = 1;
                    continue;
                }
                sh.removeFunction(name);
                continue;
            }
            int bracket = name.indexOf('[');
            if (bracket > 0 && name.endsWith("]")) {
                String base = name.substring(0, bracket);
                if (!Names.isName(base)) {
                    sh.error("unset", "`" + name + "': not a valid identifier");
                    status = 1;
                    continue;
                }
                if (!sh.unsetElement(base, name.substring(bracket + 1, name.length() - 1))) {
                    status = 1;
                }
                continue;
            }
            if (!Names.isName(name)) {
                sh.error("unset", "`" + name + "': not a valid identifier");
                status = 1;
                continue;
            }
            if (nameref) {
                Variable v = sh.binding(name);
                if (v != null && v.has(Variable.READONLY)) {
                    sh.error("unset", name + ": cannot unset: readonly variable");
                    status = 1;
                    continue;
                }
                sh.removeBinding(name);
                continue;
            }
            Variable v = sh.binding(name);
            if (v == null && !variables && sh.hasFunction(name)) {
                sh.removeFunction(name);
                continue;
            }
            if (v != null && v.has(Variable.READONLY)) {
                sh.error("unset", name + ": cannot unset: readonly variable");
                status = 1;
                continue;
            }
            if (!sh.unset(name)) {
                status = 1;
            }
        }
        return status;
    }
}
