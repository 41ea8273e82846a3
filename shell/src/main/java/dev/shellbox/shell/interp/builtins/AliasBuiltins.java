package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.expand.Quoting;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** {@code alias} and {@code unalias}. */
final class AliasBuiltins {
    private AliasBuiltins() {}

    static void register(Map<String, Builtin> m) {
        m.put("alias", AliasBuiltins::alias);
        m.put("unalias", AliasBuiltins::unalias);
    }

    private static int alias(BuiltinContext sh, List<String> argv) throws IOException {
        BuiltinOptions o = new BuiltinOptions(argv, "p", "alias [-p] [name[=value] ... ]");
        boolean print = false;
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            if (c == 'p') {
                print = true;
            } else {
                return o.fail(sh);
            }
        }
        int i = o.index();
        StringBuilder out = new StringBuilder();
        if (i >= argv.size() || print) {
            for (Map.Entry<String, String> e : sh.aliases().entrySet()) {
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
                    sh.error("alias", "`" + name + "': invalid alias name");
                    status = 1;
                    continue;
                }
                sh.setAlias(name, a.substring(eq + 1));
            } else {
                String v = sh.alias(a);
                if (v == null) {
                    sh.error("alias", a + ": not found");
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

    private static int unalias(BuiltinContext sh, List<String> argv) {
        BuiltinOptions o = new BuiltinOptions(argv, "a", "unalias [-a] name [name ...]");
        boolean all = false;
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            if (c == 'a') {
                all = true;
            } else {
                return o.fail(sh);
            }
        }
        if (all) {
            sh.clearAliases();
            return 0;
        }
        if (o.operands().isEmpty()) {
            return o.usage(sh);
        }
        int status = 0;
        for (String a : o.operands()) {
            if (!sh.removeAlias(a)) {
                sh.error("unalias", a + ": not found");
                status = 1;
            }
        }
        return status;
    }
}
