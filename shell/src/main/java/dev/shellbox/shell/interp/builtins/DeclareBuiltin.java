package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.expand.ExpansionError;
import dev.shellbox.shell.interp.Variable;
import dev.shellbox.shell.syntax.Names;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code declare}, {@code typeset}, {@code local}, {@code export} and {@code readonly}. */
final class DeclareBuiltin implements Builtin {
    private static final String FLAGS = "aAfFgilnprtux";

    @Override
    public int run(BuiltinContext sh, List<String> argv) throws IOException {
        String cmd = argv.get(0);
        List<DeclarationArg> decl = sh.declarationArgs();
        int on = 0;
        int off = 0;
        boolean print = false;
        boolean functions = false;
        boolean functionNames = false;
        boolean global = false;
        boolean unexport = false;
        BuiltinOptions o = new BuiltinOptions(argv, spec(cmd), usage(cmd));
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            if (c == BuiltinOptions.INVALID) {
                return o.fail(sh);
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
            if (o.isPlus()) {
                off |= bit;
            } else {
                on |= bit;
            }
        }
        int i = o.index();
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
        if (cmd.equals("local") && !sh.inFunction()) {
            sh.error("local", "can only be used in a function");
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
        boolean local =
                cmd.equals("local") || ((cmd.equals("declare") || cmd.equals("typeset")) && sh.inFunction() && !global);
        int status = 0;
        for (int k = i; k < argv.size(); k++) {
            DeclarationArg d = decl != null && k < decl.size() ? decl.get(k) : null;
            if (d == null) {
                d = parseArgument(argv.get(k));
            }
            // export and readonly take whole variables: a subscript is no identifier to them (declare -r takes it)
            if (d == null || d.index() != null && (cmd.equals("export") || cmd.equals("readonly"))) {
                String shown = d == null ? argv.get(k) : d.name() + "[" + d.index() + "]";
                sh.error(cmd, "`" + shown + "': not a valid identifier");
                status = 1;
                continue;
            }
            if (d.array() != null && d.name().indexOf('[') >= 0) {
                sh.errorLine(d.name() + ": cannot assign list to array member");
                throw sh.assignmentError(1);
            }
            try {
                if (!sh.declare(cmd, d, on, off, local)) {
                    status = 1;
                }
            } catch (ExpansionError e) {
                sh.errorLine(cmd + ": " + e.getMessage());
                status = 1;
            }
        }
        return status;
    }

    /** The flags each name takes (bash takes a few more: -c, -G, -I for declare, -aAn for export, -n for readonly). */
    private static String spec(String cmd) {
        return switch (cmd) {
            case "export" -> "fnp";
            case "readonly" -> "aAfp";
            case "local" -> "+aAilnprtux";
            default -> "+aAfFgilnprtux";
        };
    }

    private static String usage(String cmd) {
        return switch (cmd) {
            case "export" -> "export [-fn] [name[=value] ...] or export -p";
            case "readonly" -> "readonly [-aAf] [name[=value] ...] or readonly -p";
            case "local" -> "local [option] name[=value] ...";
            default -> cmd + " [-aAfFgiIlnrtux] [name[=value] ...] or " + cmd + " -p [-aAfFilnrtux] [name ...]";
        };
    }

    /** Parses a {@code name[=value]} argument that was not written as an assignment word. */
    private static DeclarationArg parseArgument(String a) {
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
        if (!Names.isName(lhs)) {
            return null;
        }
        return new DeclarationArg(lhs, append, index, eq < 0 ? null : a.substring(eq + 1), null);
    }

    // ---- printing ----

    private static int listVariables(BuiltinContext sh, String cmd, boolean print, int on, int off) throws IOException {
        StringBuilder sb = new StringBuilder();
        Map<String, Variable> vars = cmd.equals("local") ? sh.localVariables() : sh.variables();
        boolean filter = on != 0 && !(cmd.equals("declare") && on == 0);
        for (Map.Entry<String, Variable> e : vars.entrySet()) {
            Variable v = e.getValue();
            if (v.isDynamic()) {
                continue;
            }
            if (filter && (v.attributes() & on) != (on & ~0)) {
                continue;
            }
            if (!print && !filter && cmd.equals("declare") || cmd.equals("typeset") && !print && !filter) {
                if (v.isSet()) {
                    sb.append(VariablePrinter.assignment(e.getKey(), v)).append('\n');
                }
                continue;
            }
            sb.append(VariablePrinter.declaration(e.getKey(), v)).append('\n');
        }
        if (!print && !filter && (cmd.equals("declare") || cmd.equals("typeset"))) {
            for (String name : sh.functionNames()) {
                sb.append(sh.functionText(name)).append('\n');
            }
        }
        sh.writeOut(sb.toString());
        return 0;
    }

    private static int printNamed(BuiltinContext sh, String cmd, List<String> names) throws IOException {
        StringBuilder sb = new StringBuilder();
        int status = 0;
        for (String name : names) {
            Variable v = sh.binding(name);
            if (v == null || v.isDynamic() && sh.variable(name) == null) {
                sh.error(cmd, name + ": not found");
                status = 1;
                continue;
            }
            if (v.isDynamic()) {
                v = sh.variable(name);
            }
            sb.append(VariablePrinter.declaration(name, v)).append('\n');
        }
        sh.writeOut(sb.toString());
        return status;
    }

    private static int printFunctions(BuiltinContext sh, String cmd, List<String> names, boolean namesOnly, int on)
            throws IOException {
        StringBuilder sb = new StringBuilder();
        int status = 0;
        List<String> which = names.isEmpty() ? new ArrayList<>(sh.functionNames()) : names;
        for (String name : which) {
            String text = sh.functionText(name);
            if (text == null) {
                if (!names.isEmpty()) {
                    status = 1;
                    if ((on & (Variable.EXPORT | Variable.READONLY)) != 0) {
                        sh.error(cmd, name + ": not a function");
                    }
                }
                continue;
            }
            if ((on & Variable.READONLY) != 0) {
                sh.makeFunctionReadonly(name);
                continue;
            }
            if ((on & Variable.EXPORT) != 0 && !names.isEmpty()) {
                continue;
            }
            if (namesOnly) {
                sb.append("declare -f ").append(name).append('\n');
            } else {
                sb.append(text).append('\n');
            }
        }
        sh.writeOut(sb.toString());
        return status;
    }
}
