package dev.shellbox.shell.interp;

import dev.shellbox.shell.expand.Quoting;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** {@code trap [-lp] [[action] signal ...]}. */
final class TrapBuiltin implements Builtin {
    @Override
    public int run(Interpreter sh, List<String> argv) throws IOException {
        int i = 1;
        boolean print = false;
        while (i < argv.size() && argv.get(i).startsWith("-") && argv.get(i).length() > 1) {
            String a = argv.get(i);
            if (a.equals("--")) {
                i++;
                break;
            }
            if (a.equals("-l")) {
                StringBuilder sb = new StringBuilder();
                for (int n = 1; n < Signals.count(); n++) {
                    sb.append(String.format("%2d) SIG%s", n, Signals.name(n)));
                    sb.append(n % 5 == 0 ? "\n" : "\t");
                }
                sb.append('\n');
                sh.writeOut(sb.toString());
                return 0;
            }
            if (a.equals("-p")) {
                print = true;
                i++;
                continue;
            }
            if (a.equals("-")) {
                break;
            }
            sh.builtinError("trap", a + ": invalid option");
            sh.writeErr("trap: usage: trap [-lp] [[arg] signal_spec ...]\n");
            return 2;
        }
        List<String> rest = argv.subList(i, argv.size());
        if (rest.isEmpty() || print) {
            Map<String, String> traps =
                    sh.st.traps.isEmpty() && sh.st.parentTraps != null ? sh.st.parentTraps : sh.st.traps;
            StringBuilder sb = new StringBuilder();
            if (print && !rest.isEmpty()) {
                for (String spec : rest) {
                    String name = Signals.trapName(spec);
                    if (name == null) {
                        sh.builtinError("trap", spec + ": invalid signal specification");
                        return 1;
                    }
                    String code = traps.get(name);
                    if (code != null) {
                        sb.append(line(name, code));
                    }
                }
            } else {
                for (String name : order(traps)) {
                    sb.append(line(name, traps.get(name)));
                }
            }
            sh.writeOut(sb.toString());
            return 0;
        }
        String action = rest.get(0);
        List<String> specs = rest.subList(1, rest.size());
        if (specs.isEmpty() || (Signals.number(action) >= 0 && isUnsignedInteger(action))) {
            // trap SIG ... : reset
            specs = rest;
            action = "-";
        }
        int status = 0;
        for (String spec : specs) {
            String name = Signals.trapName(spec);
            if (name == null) {
                sh.builtinError("trap", spec + ": invalid signal specification");
                status = 1;
                continue;
            }
            if (action.equals("-")) {
                sh.st.traps.remove(name);
            } else {
                sh.st.traps.put(name, action);
            }
        }
        return status;
    }

    private static boolean isUnsignedInteger(String s) {
        return !s.isEmpty() && s.chars().allMatch(Character::isDigit);
    }

    private static String line(String name, String code) {
        String shown = name.equals("EXIT") || name.equals("ERR") || name.equals("DEBUG") || name.equals("RETURN")
                ? name
                : "SIG" + name;
        return "trap -- " + Quoting.plainSingle(code) + " " + shown + "\n";
    }

    private static List<String> order(Map<String, String> traps) {
        List<String> names = new java.util.ArrayList<>(traps.keySet());
        names.sort((a, b) -> rank(a) - rank(b));
        return names;
    }

    private static int rank(String name) {
        int n = Signals.number(name);
        return switch (n) {
            case -2 -> 1000;
            case -3 -> 1001;
            case -4 -> 1002;
            default -> n;
        };
    }
}
