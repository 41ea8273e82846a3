package dev.shellbox.shell.interp;

import dev.shellbox.shell.expand.Quoting;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** {@code set}: options ({@code -e}, {@code -o pipefail}, ...), positional parameters, and the variable listing. */
final class SetBuiltin implements Builtin {
    @Override
    public int run(Interpreter sh, List<String> argv) throws IOException {
        if (argv.size() == 1) {
            return listAll(sh);
        }
        int i = 1;
        boolean setPositional = false;
        for (; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("--")) {
                i++;
                setPositional = true;
                break;
            }
            if (a.equals("-")) {
                sh.st.options.xtrace = false;
                sh.st.options.verbose = false;
                i++;
                setPositional = i < argv.size();
                break;
            }
            if (a.equals("+")) {
                continue; // a lone + is an empty flag group
            }
            if (a.length() < 2 || (a.charAt(0) != '-' && a.charAt(0) != '+')) {
                break;
            }
            boolean on = a.charAt(0) == '-';
            for (int k = 1; k < a.length(); k++) {
                char c = a.charAt(k);
                if (c == 'o') {
                    if (i + 1 < argv.size()
                            && !argv.get(i + 1).startsWith("-")
                            && !argv.get(i + 1).startsWith("+")) {
                        String name = argv.get(++i);
                        if (!Options.isSetOption(name)) {
                            sh.builtinError("set", name + ": invalid option name");
                            return 1;
                        }
                        setOption(sh, name, on);
                    } else {
                        printOptions(sh, on);
                    }
                    continue;
                }
                String name = Options.setOptionForLetter(c);
                if (name == null || c == 'i' || c == 'c' || c == 's') {
                    sh.builtinError("set", (on ? "-" : "+") + c + ": invalid option");
                    sh.writeErr("set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n");
                    return 2;
                }
                setOption(sh, name, on);
            }
        }
        if (i < argv.size() || setPositional) {
            sh.st.setPositional(new ArrayList<>(argv.subList(i, argv.size())));
        }
        return 0;
    }

    static void setOption(Interpreter sh, String name, boolean on) {
        sh.st.options.set(name, on);
    }

    private static void printOptions(Interpreter sh, boolean asTable) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String name : Options.SET_OPTIONS.keySet()) {
            boolean v = sh.st.options.get(name);
            if (asTable) {
                sb.append(String.format("%-15s\t%s%n", name, v ? "on" : "off"));
            } else {
                sb.append("set ").append(v ? "-o " : "+o ").append(name).append('\n');
            }
        }
        sh.writeOut(sb.toString());
    }

    private static int listAll(Interpreter sh) throws IOException {
        StringBuilder sb = new StringBuilder();
        Map<String, Variable> vars = new TreeMap<>(sh.st.vars.visible());
        for (Map.Entry<String, Variable> e : vars.entrySet()) {
            Variable v = e.getValue();
            if (v.has(Vars.DYNAMIC)) {
                Variable d = Vars.visible(sh, e.getKey());
                if (d == null) {
                    continue;
                }
                v = d;
            }
            if (!v.isSet()) {
                continue;
            }
            sb.append(assignmentText(e.getKey(), v)).append('\n');
        }
        for (String name : new TreeMap<>(sh.st.functions).keySet()) {
            sb.append(Printer.function(name, sh.st.functions.get(name).body())).append('\n');
        }
        sh.writeOut(sb.toString());
        return 0;
    }

    /** {@code name=value} as {@code set} prints it (arrays as {@code ([0]="a" ...)}). */
    static String assignmentText(String name, Variable v) {
        if (v.isIndexedArray() || v.isAssociativeArray()) {
            StringBuilder sb = new StringBuilder(name).append("=(");
            List<String> keys = v.keys();
            List<String> values = v.values();
            for (int i = 0; i < keys.size(); i++) {
                if (i > 0) {
                    sb.append(' ');
                }
                String key = keys.get(i);
                sb.append('[')
                        .append(v.isAssociativeArray() ? Quoting.declareValue(key) : key)
                        .append("]=")
                        .append(Quoting.declareValue(values.get(i)));
            }
            if (v.isAssociativeArray() && !keys.isEmpty()) {
                sb.append(' ');
            }
            return sb.append(')').toString();
        }
        return name + "=" + quoteForSet(v.value);
    }

    private static String quoteForSet(String s) {
        if (s.isEmpty()) {
            return "''";
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(Character.isLetterOrDigit(c) || "_-./:,+@%=^".indexOf(c) >= 0) || c > 127) {
                return Quoting.single(s);
            }
        }
        return s;
    }
}
