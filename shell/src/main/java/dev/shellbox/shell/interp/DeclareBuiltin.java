package dev.shellbox.shell.interp;

import dev.shellbox.shell.expand.ExpansionError;
import dev.shellbox.shell.expand.Quoting;
import dev.shellbox.shell.syntax.CommandNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** {@code declare}, {@code typeset}, {@code local}, {@code export} and {@code readonly}. */
final class DeclareBuiltin implements Builtin {
    private static final String FLAGS = "aAfFgilnprtux";

    @Override
    public int run(Interpreter sh, List<String> argv) throws IOException {
        String cmd = argv.get(0);
        List<Interpreter.DeclarationArg> decl = sh.currentDeclarationArgs;
        int on = 0;
        int off = 0;
        boolean print = false;
        boolean functions = false;
        boolean functionNames = false;
        boolean global = false;
        boolean unexport = false;
        int i = 1;
        for (; i < argv.size(); i++) {
            String a = argv.get(i);
            if (decl != null && i < decl.size() && decl.get(i) != null) {
                break;
            }
            if (a.equals("--")) {
                i++;
                break;
            }
            if (a.length() < 2 || (a.charAt(0) != '-' && a.charAt(0) != '+')) {
                break;
            }
            boolean add = a.charAt(0) == '-';
            for (int k = 1; k < a.length(); k++) {
                char c = a.charAt(k);
                if (FLAGS.indexOf(c) < 0
                        || (cmd.equals("export") && "fnp".indexOf(c) < 0)
                        || (cmd.equals("readonly") && "aAfp".indexOf(c) < 0)
                        || (cmd.equals("local") && (c == 'g' || c == 'f' || c == 'F'))) {
                    sh.builtinError(cmd, "-" + c + ": invalid option");
                    sh.writeErr(usage(cmd));
                    return 2;
                }
                int bit = switch (c) {
                    case 'a' -> Variable.INDEXED;
                    case 'A' -> Variable.ASSOCIATIVE;
                    case 'i' -> Variable.INTEGER;
                    case 'l' -> Variable.LOWERCASE;
                    case 'u' -> Variable.UPPERCASE;
                    case 'n' -> cmd.equals("export") ? 0 : Variable.NAMEREF;
                    case 'r' -> Variable.READONLY;
                    case 't' -> Variable.TRACE;
                    case 'x' -> Variable.EXPORT;
                    default -> 0;
                };
                switch (c) {
                    case 'p' -> print = true;
                    case 'f' -> functions = true;
                    case 'F' -> functionNames = true;
                    case 'g' -> global = true;
                    case 'n' -> {
                        if (cmd.equals("export")) {
                            unexport = true;
                        }
                    }
                    default -> {}
                }
                if (add) {
                    on |= bit;
                } else {
                    off |= bit;
                }
            }
        }
        if (cmd.equals("export")) {
            on |= Variable.EXPORT;
            if (unexport) {
                on &= ~Variable.EXPORT;
                off |= Variable.EXPORT;
            }
        }
        if (cmd.equals("readonly")) {
            on |= Variable.READONLY;
        }
        if (cmd.equals("local") && !sh.st.inFunction()) {
            sh.builtinError("local", "can only be used in a function");
            return 1;
        }
        List<String> names = argv.subList(i, argv.size());
        if (functions || functionNames) {
            return printFunctions(sh, cmd, names, functionNames, on);
        }
        if (names.isEmpty()) {
            return listVariables(sh, cmd, print, on, off);
        }
        if (print && !(cmd.equals("export") && !print)) {
            return printNamed(sh, cmd, names);
        }
        boolean local = cmd.equals("local")
                || ((cmd.equals("declare") || cmd.equals("typeset")) && sh.st.inFunction() && !global);
        int status = 0;
        for (int k = i; k < argv.size(); k++) {
            Interpreter.DeclarationArg d = decl != null && k < decl.size() ? decl.get(k) : null;
            if (d == null) {
                d = parseArgument(argv.get(k));
            }
            if (d == null) {
                sh.builtinError(cmd, "`" + argv.get(k) + "': not a valid identifier");
                status = 1;
                continue;
            }
            try {
                if (!declareOne(sh, cmd, d, on, off, local)) {
                    status = 1;
                }
            } catch (ExpansionError e) {
                sh.errorLine(cmd + ": " + e.getMessage());
                status = 1;
            }
        }
        return status;
    }

    private static String usage(String cmd) {
        return switch (cmd) {
            case "export" -> "export: usage: export [-fn] [name[=value] ...] or export -p\n";
            case "readonly" -> "readonly: usage: readonly [-aAf] [name[=value] ...] or readonly -p\n";
            case "local" -> "local: usage: local [option] name[=value] ...\n";
            default ->
                cmd + ": usage: " + cmd + " [-aAfFgiIlnrtux] [name[=value] ...] or " + cmd + " -p [-aAfFilnrtux]"
                        + " [name ...]\n";
        };
    }

    /** Parses a {@code name[=value]} argument that was not written as an assignment word. */
    private static Interpreter.DeclarationArg parseArgument(String a) {
        int eq = a.indexOf('=');
        String lhs = eq < 0 ? a : a.substring(0, eq);
        boolean append = lhs.endsWith("+");
        if (append) {
            lhs = lhs.substring(0, lhs.length() - 1);
        }
        String index = null;
        int bracket = lhs.indexOf('[');
        if (bracket > 0 && lhs.endsWith("]")) {
            index = lhs.substring(bracket + 1, lhs.length() - 1);
            lhs = lhs.substring(0, bracket);
        }
        if (!Interpreter.isValidName(lhs)) {
            return null;
        }
        return new Interpreter.DeclarationArg(lhs, append, index, eq < 0 ? null : a.substring(eq + 1), null);
    }

    private static boolean declareOne(
            Interpreter sh, String cmd, Interpreter.DeclarationArg d, int on, int off, boolean local) {
        String name = d.name();
        Variables.Frame frame;
        Variable v;
        if (local) {
            frame = sh.st.vars.localFrame();
            v = frame.vars.get(name);
            if (v == null) {
                Variable outer = sh.st.vars.get(name);
                if (outer != null && outer.has(Variable.READONLY) && cmd.equals("local")) {
                    sh.builtinError(cmd, name + ": readonly variable");
                    return false;
                }
                v = new Variable();
                if (sh.st.options.shopt("localvar_inherit") && outer != null) {
                    v = outer.copy();
                    v.attributes &= ~Variable.READONLY;
                }
                frame.vars.put(name, v);
            }
        } else {
            String target = ((on | off) & Variable.NAMEREF) != 0 ? name : Vars.resolveName(sh, name);
            if (target == null || target.indexOf('[') >= 0) {
                target = name;
            }
            name = target;
            v = sh.st.vars.get(name);
            if (v == null) {
                v = new Variable();
                sh.st.vars.global().vars.put(name, v);
            }
        }
        if (v.has(Variable.READONLY) && (d.value() != null || d.array() != null || (off & Variable.READONLY) != 0)) {
            sh.builtinError(cmd, name + ": readonly variable");
            return false;
        }
        if ((on & Variable.NAMEREF) != 0) {
            String target = d.value() != null ? d.value() : v.value;
            if (target != null && !validNamerefTarget(target)) {
                sh.builtinError(cmd, "`" + target + "': invalid variable name for name reference");
                return false;
            }
        }
        if ((on & Variable.ASSOCIATIVE) != 0 && v.isIndexedArray()) {
            sh.builtinError(cmd, name + ": cannot convert indexed to associative array");
            return false;
        }
        if ((on & Variable.INDEXED) != 0 && v.isAssociativeArray()) {
            sh.builtinError(cmd, name + ": cannot convert associative to indexed array");
            return false;
        }
        int keep = on & ~(Variable.READONLY | Variable.INDEXED | Variable.ASSOCIATIVE);
        if ((keep & Variable.UPPERCASE) != 0) {
            v.attributes &= ~Variable.LOWERCASE;
        }
        if ((keep & Variable.LOWERCASE) != 0) {
            v.attributes &= ~Variable.UPPERCASE;
        }
        v.attributes = (v.attributes | keep) & ~(off & ~(Variable.INDEXED | Variable.ASSOCIATIVE));
        if ((on & Variable.ASSOCIATIVE) != 0) {
            v.convertToAssociative();
        } else if ((on & Variable.INDEXED) != 0) {
            v.convertToIndexed();
        }
        if (d.array() != null) {
            Vars.assignArray(
                    sh, name, d.array(), d.append(), local ? sh.st.vars.localFrame() : null, v.isAssociativeArray());
        } else if (d.value() != null) {
            String value = d.value();
            if (d.index() != null) {
                if (v.isAssociativeArray()) {
                    Vars.assignElementOrAbort(sh, name, 0, d.index(), value);
                } else {
                    Vars.assignElementOrAbort(sh, name, sh.expander.evaluateArithmetic(d.index()), null, value);
                }
            } else if (v.has(Variable.NAMEREF)) {
                v.value = value;
            } else {
                if (d.append() && v.isSet()) {
                    String old = v.scalarValue();
                    if (v.has(Variable.INTEGER)) {
                        value = Long.toString(sh.expander.evaluateArithmetic(old == null ? "0" : old)
                                + sh.expander.evaluateArithmetic(value));
                    } else {
                        value = (old == null ? "" : old) + value;
                    }
                }
                value = Vars.transform(sh, v, value);
                if (v.indexed != null) {
                    v.indexed.put(0L, value);
                } else if (v.associative != null) {
                    v.associative.put("0", value);
                } else {
                    v.value = value;
                }
            }
        }
        if ((on & Variable.READONLY) != 0) {
            v.attributes |= Variable.READONLY;
        }
        if (sh.st.options.allexport && (d.value() != null || d.array() != null)) {
            v.attributes |= Variable.EXPORT;
        }
        Vars.environmentChanged(sh);
        return true;
    }

    private static boolean validNamerefTarget(String value) {
        String name = value;
        int bracket = value.indexOf('[');
        if (bracket > 0 && value.endsWith("]")) {
            name = value.substring(0, bracket);
        }
        return value.isEmpty() || Interpreter.isValidName(name);
    }

    // ---- printing ----

    private static int listVariables(Interpreter sh, String cmd, boolean print, int on, int off) throws IOException {
        StringBuilder sb = new StringBuilder();
        Map<String, Variable> vars = new TreeMap<>(sh.st.vars.visible());
        boolean filter = on != 0 && !(cmd.equals("declare") && on == 0);
        if (cmd.equals("local")) {
            vars = new TreeMap<>(sh.st.vars.localFrame().vars);
        }
        for (Map.Entry<String, Variable> e : vars.entrySet()) {
            Variable v = e.getValue();
            if (v.has(Vars.DYNAMIC)) {
                continue;
            }
            if (filter && (v.attributes & on) != (on & ~0)) {
                continue;
            }
            if (!print && !filter && cmd.equals("declare") || cmd.equals("typeset") && !print && !filter) {
                if (v.isSet()) {
                    sb.append(SetBuiltin.assignmentText(e.getKey(), v)).append('\n');
                }
                continue;
            }
            sb.append(declaration(e.getKey(), v)).append('\n');
        }
        if (!print && !filter && (cmd.equals("declare") || cmd.equals("typeset"))) {
            for (String name : new TreeMap<>(sh.st.functions).keySet()) {
                sb.append(Printer.function(name, sh.st.functions.get(name).body()))
                        .append('\n');
            }
        }
        sh.writeOut(sb.toString());
        return 0;
    }

    private static int printNamed(Interpreter sh, String cmd, List<String> names) throws IOException {
        StringBuilder sb = new StringBuilder();
        int status = 0;
        for (String name : names) {
            Variable v = sh.st.vars.get(name);
            if (v == null || v.has(Vars.DYNAMIC) && Vars.visible(sh, name) == null) {
                sh.builtinError(cmd, name + ": not found");
                status = 1;
                continue;
            }
            if (v.has(Vars.DYNAMIC)) {
                v = Vars.visible(sh, name);
            }
            sb.append(declaration(name, v)).append('\n');
        }
        sh.writeOut(sb.toString());
        return status;
    }

    /** {@code declare -x name="value"} as declare -p prints it. */
    static String declaration(String name, Variable v) {
        String flags = v.attributeFlags();
        StringBuilder sb = new StringBuilder("declare -")
                .append(flags.isEmpty() ? "-" : flags)
                .append(' ')
                .append(name);
        if (v.isIndexedArray() || v.isAssociativeArray()) {
            String arr = dev.shellbox.shell.expand.Quoting.class.getName();
            sb.setLength(0);
            sb.append(arrayDeclaration(name, v, flags));
            return sb.toString();
        }
        if (v.value != null) {
            sb.append('=').append(Quoting.declareValue(v.value));
        }
        return sb.toString();
    }

    private static String arrayDeclaration(String name, Variable v, String flags) {
        StringBuilder sb = new StringBuilder("declare -")
                .append(flags)
                .append(' ')
                .append(name)
                .append("=(");
        List<String> keys = v.keys();
        List<String> values = v.values();
        for (int i = 0; i < keys.size(); i++) {
            if (i > 0) {
                sb.append(' ');
            }
            String key = keys.get(i);
            if (v.isAssociativeArray()) {
                key = assocKey(key);
            }
            sb.append('[').append(key).append("]=").append(Quoting.declareValue(values.get(i)));
        }
        if (v.isAssociativeArray() && !keys.isEmpty()) {
            sb.append(' ');
        }
        return sb.append(')').toString();
    }

    private static String assocKey(String key) {
        boolean plain = !key.isEmpty();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (!(Character.isLetterOrDigit(c)
                    || c == '_'
                    || c == '.'
                    || c == '-'
                    || c == '/'
                    || c == ':'
                    || c == '@'
                    || c == '%'
                    || c == '+'
                    || c == ',')) {
                plain = false;
                break;
            }
        }
        return plain ? key : Quoting.declareValue(key);
    }

    private static int printFunctions(Interpreter sh, String cmd, List<String> names, boolean namesOnly, int on)
            throws IOException {
        StringBuilder sb = new StringBuilder();
        int status = 0;
        List<String> which = names.isEmpty() ? new ArrayList<>(new TreeMap<>(sh.st.functions).keySet()) : names;
        for (String name : which) {
            CommandNode.FunctionDef f = sh.st.functions.get(name);
            if (f == null) {
                if (!names.isEmpty()) {
                    status = 1;
                    if ((on & (Variable.EXPORT | Variable.READONLY)) != 0) {
                        sh.builtinError(cmd, name + ": not a function");
                    }
                }
                continue;
            }
            if ((on & Variable.READONLY) != 0) {
                sh.readonlyFunctions().add(name);
                continue;
            }
            if ((on & Variable.EXPORT) != 0 && !names.isEmpty()) {
                continue;
            }
            if (namesOnly) {
                sb.append("declare -f ").append(name).append('\n');
            } else {
                sb.append(Printer.function(name, f.body())).append('\n');
            }
        }
        sh.writeOut(sb.toString());
        return status;
    }
}
