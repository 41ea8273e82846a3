package dev.shellbox.shell.interp;

import dev.shellbox.shell.expand.Quoting;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** {@code alias} and {@code unalias}. */
final class AliasBuiltins {
    private AliasBuiltins() {}

    static void register(Map<String, Builtin> m) {
        m.put("alias", AliasBuiltins::alias);
        m.put("unalias", AliasBuiltins::unalias);
    }

    private static int alias(Interpreter sh, List<String> argv) throws IOException {
        int i = 1;
        boolean print = false;
        while (i < argv.size() && argv.get(i).startsWith("-") && argv.get(i).length() > 1) {
            String a = argv.get(i);
            if (a.equals("--")) {
                i++;
                break;
            }
            if (a.equals("-p")) {
                print = true;
                i++;
                continue;
            }
            sh.builtinError("alias", a + ": invalid option");
            sh.writeErr("alias: usage: alias [-p] [name[=value] ... ]\n");
            return 2;
        }
        StringBuilder out = new StringBuilder();
        if (i >= argv.size() || print) {
            for (Map.Entry<String, String> e : new TreeMap<>(sh.st.aliases).entrySet()) {
                out.append("alias ")
                        .append(e.getKey())
                        .append('=')
                        .append(Quoting.single(e.getValue()))
                        .append('\n');
            }
        }
        int status = 0;
        for (; i < argv.size(); i++) {
            String a = argv.get(i);
            int eq = a.indexOf('=');
            if (eq > 0) {
                String name = a.substring(0, eq);
                if (name.contains("/")
                        || name.contains("$")
                        || name.contains("`")
                        || name.contains("=")
                        || name.chars()
                                .anyMatch(c -> c == ' ' || c == '\t' || c == '\n' || c == '\'' || c == '"' || c == ';'
                                        || c == '|' || c == '&' || c == '(' || c == ')' || c == '<' || c == '>')) {
                    sh.builtinError("alias", "`" + name + "': invalid alias name");
                    status = 1;
                    continue;
                }
                sh.st.aliases.put(name, a.substring(eq + 1));
            } else {
                String v = sh.st.aliases.get(a);
                if (v == null) {
                    sh.builtinError("alias", a + ": not found");
                    status = 1;
                } else {
                    out.append("alias ")
                            .append(a)
                            .append('=')
                            .append(Quoting.single(v))
                            .append('\n');
                }
            }
        }
        sh.writeOut(out.toString());
        return status;
    }

    private static int unalias(Interpreter sh, List<String> argv) {
        if (argv.size() < 2) {
            sh.writeErr("unalias: usage: unalias [-a] name [name ...]\n");
            return 2;
        }
        int status = 0;
        for (int i = 1; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("-a")) {
                sh.st.aliases.clear();
                continue;
            }
            if (a.equals("--")) {
                continue;
            }
            if (sh.st.aliases.remove(a) == null) {
                sh.builtinError("unalias", a + ": not found");
                status = 1;
            }
        }
        return status;
    }
}
