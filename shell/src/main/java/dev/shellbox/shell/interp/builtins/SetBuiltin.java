package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.interp.Variable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code set}: options ({@code -e}, {@code -o pipefail}, ...), positional parameters, and the variable listing. */
final class SetBuiltin implements Builtin {
    private static final String USAGE = "set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]";

    @Override
    public int run(BuiltinContext sh, List<String> argv) throws IOException {
        if (argv.size() == 1) {
            return listAll(sh);
        }
        // as bash does, every flag is checked before any is applied
        BuiltinOptions check = new BuiltinOptions(argv, "+abefhkmno;ptuvxBCEHPT", USAGE);
        for (int c = check.next(); c != BuiltinOptions.END; c = check.next()) {
            if (c == BuiltinOptions.INVALID) {
                return check.fail(sh);
            }
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
                sh.setOption("xtrace", false);
                sh.setOption("verbose", false);
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
                        if (!sh.isSetOption(name)) {
                            sh.error("set", name + ": invalid option name");
                            return 1;
                        }
                        sh.setOption(name, on);
                    } else {
                        printOptions(sh, on);
                    }
                    continue;
                }
                String name = sh.setOptionForLetter(c);
                if (name == null || c == 'i' || c == 'c' || c == 's') {
                    // a letter the check took for -o's argument (set -oQ pipefail)
                    sh.error("set", (on ? "-" : "+") + c + ": invalid option");
                    BuiltinOptions.usage(sh, "set", USAGE);
                    return 1;
                }
                sh.setOption(name, on);
            }
        }
        if (i < argv.size() || setPositional) {
            sh.setPositionalParameters(new ArrayList<>(argv.subList(i, argv.size())));
        }
        return 0;
    }

    private static void printOptions(BuiltinContext sh, boolean asTable) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String name : sh.setOptionNames()) {
            boolean v = sh.option(name);
            if (asTable) {
                sb.append(String.format("%-15s\t%s%n", name, v ? "on" : "off"));
            } else {
                sb.append("set ").append(v ? "-o " : "+o ").append(name).append('\n');
            }
        }
        sh.writeOut(sb.toString());
    }

    private static int listAll(BuiltinContext sh) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Variable> e : sh.variables().entrySet()) {
            Variable v = e.getValue();
            if (v.isDynamic()) {
                Variable d = sh.variable(e.getKey());
                if (d == null) {
                    continue;
                }
                v = d;
            }
            if (!v.isSet()) {
                continue;
            }
            sb.append(VariablePrinter.assignment(e.getKey(), v)).append('\n');
        }
        for (String name : sh.functionNames()) {
            sb.append(sh.functionText(name)).append('\n');
        }
        sh.writeOut(sb.toString());
        return 0;
    }
}
