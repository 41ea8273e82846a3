package dev.shellbox.shell.interp;

import java.util.List;

/** {@code unset [-fvn] name ...}, including array elements {@code unset 'a[1]'}. */
final class UnsetBuiltin implements Builtin {
    @Override
    public int run(Interpreter sh, List<String> argv) {
        boolean functions = false;
        boolean variables = false;
        boolean nameref = false;
        int i = 1;
        for (; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("--")) {
                i++;
                break;
            }
            if (!a.startsWith("-") || a.length() == 1) {
                break;
            }
            for (int k = 1; k < a.length(); k++) {
                switch (a.charAt(k)) {
                    case 'f' -> functions = true;
                    case 'v' -> variables = true;
                    case 'n' -> nameref = true;
                    default -> {
                        sh.builtinError("unset", "-" + a.charAt(k) + ": invalid option");
                        sh.writeErr("unset: usage: unset [-f] [-v] [-n] [name ...]\n");
                        return 2;
                    }
                }
            }
        }
        int status = 0;
        for (; i < argv.size(); i++) {
            String name = argv.get(i);
            if (functions && !variables) {
                if (sh.readonlyFunctions().contains(name)) {
                    sh.builtinError("unset", name + ": cannot unset: readonly function");
                    status = 1;
                    continue;
                }
                sh.st.functions.remove(name);
                continue;
            }
            int bracket = name.indexOf('[');
            if (bracket > 0 && name.endsWith("]")) {
                String base = name.substring(0, bracket);
                if (!Interpreter.isValidName(base)) {
                    sh.builtinError("unset", "`" + name + "': not a valid identifier");
                    status = 1;
                    continue;
                }
                if (!unsetElement(sh, base, name.substring(bracket + 1, name.length() - 1))) {
                    status = 1;
                }
                continue;
            }
            if (!Interpreter.isValidName(name)) {
                sh.builtinError("unset", "`" + name + "': not a valid identifier");
                status = 1;
                continue;
            }
            if (nameref) {
                Variable v = sh.st.vars.get(name);
                if (v != null && v.has(Variable.READONLY)) {
                    sh.builtinError("unset", name + ": cannot unset: readonly variable");
                    status = 1;
                    continue;
                }
                sh.st.vars.removeInnermost(name);
                continue;
            }
            Variable v = sh.st.vars.get(name);
            if (v == null && !variables && sh.st.functions.containsKey(name)) {
                sh.st.functions.remove(name);
                continue;
            }
            if (v != null && v.has(Variable.READONLY)) {
                sh.builtinError("unset", name + ": cannot unset: readonly variable");
                status = 1;
                continue;
            }
            if (!Vars.unset(sh, name)) {
                status = 1;
            }
        }
        return status;
    }

    /** Unsets one element of an array; {@code @} or {@code *} unsets the whole array. */
    static boolean unsetElement(Interpreter sh, String name, String subscript) {
        name = Vars.resolveName(sh, name);
        Variable v = sh.st.vars.get(name);
        if (v == null) {
            return true;
        }
        if (v.has(Variable.READONLY)) {
            sh.builtinError("unset", name + ": cannot unset: readonly variable");
            return false;
        }
        if (subscript.equals("@") || subscript.equals("*")) {
            return Vars.unset(sh, name);
        }
        if (v.isAssociativeArray()) {
            v.associative.remove(subscript);
            return true;
        }
        long index = sh.expander.evaluateArithmetic(subscript);
        if (v.isIndexedArray()) {
            if (index < 0) {
                index += v.indexLimit();
                if (index < 0) {
                    sh.builtinError("unset", name + "[" + subscript + "]: bad array subscript");
                    return false;
                }
            }
            v.indexed.remove(index);
            return true;
        }
        if (index == 0 || index == -1) {
            return Vars.unset(sh, name);
        }
        return true;
    }
}
