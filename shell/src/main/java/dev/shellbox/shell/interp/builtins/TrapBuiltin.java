package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.expand.Quoting;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** {@code trap [-lp] [[action] signal ...]}. */
final class TrapBuiltin implements Builtin {
    @Override
    public int run(BuiltinContext sh, List<String> argv) throws IOException {
        boolean list = false;
        boolean print = false;
        BuiltinOptions o = new BuiltinOptions(argv, "lp", "trap [-lp] [[arg] signal_spec ...]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            switch (c) {
                case 'l' -> list = true;
                case 'p' -> print = true;
                default -> {
                    return o.fail(sh);
                }
            }
        }
        if (list) {
            StringBuilder sb = new StringBuilder();
            for (int n = 1; n < Signals.count(); n++) {
                sb.append(String.format("%2d) SIG%s", n, Signals.name(n)));
                sb.append(n % 5 == 0 ? "\n" : "\t");
            }
            sb.append('\n');
            sh.writeOut(sb.toString());
            return 0;
        }
        List<String> rest = o.operands();
        if (rest.isEmpty() || print) {
            // a subshell shows its parent's traps until it sets one of its own ($(trap -p))
            Map<String, String> traps = sh.traps();
            if (traps.isEmpty() && sh.inheritedTraps() != null) {
                traps = sh.inheritedTraps();
            }
            StringBuilder sb = new StringBuilder();
            if (print && !rest.isEmpty()) {
                for (String spec : rest) {
                    String name = Signals.trapName(spec);
                    if (name == null) {
                        sh.error("trap", spec + ": invalid signal specification");
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
                sh.error("trap", spec + ": invalid signal specification");
                status = 1;
                continue;
            }
            if (action.equals("-")) {
                sh.removeTrap(name);
            } else {
                sh.setTrap(name, action);
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
