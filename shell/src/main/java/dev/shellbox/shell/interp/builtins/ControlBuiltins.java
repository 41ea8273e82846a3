package dev.shellbox.shell.interp.builtins;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code : true false break continue return exit shift}. */
final class ControlBuiltins {
    private ControlBuiltins() {}

    static void register(Map<String, Builtin> m) {
        m.put(":", (sh, argv) -> 0);
        m.put("true", (sh, argv) -> 0);
        m.put("false", (sh, argv) -> 1);
        m.put("break", (sh, argv) -> loopControl(sh, argv, false));
        m.put("continue", (sh, argv) -> loopControl(sh, argv, true));
        m.put("return", ControlBuiltins::returnBuiltin);
        m.put("exit", ControlBuiltins::exit);
        m.put("logout", ControlBuiltins::exit);
        m.put("shift", ControlBuiltins::shift);
    }

    private static int loopControl(BuiltinContext sh, List<String> argv, boolean next) {
        int n = 1;
        if (argv.size() > 2) {
            sh.error(argv.get(0), "too many arguments");
            throw sh.specialBuiltinError(1);
        }
        if (argv.size() > 1) {
            String a = argv.get(1);
            try {
                n = Integer.parseInt(a.strip());
            } catch (NumberFormatException e) {
                sh.error(argv.get(0), a + ": numeric argument required");
                sh.exit(128);
                return 128;
            }
            if (n < 1) {
                sh.error(argv.get(0), a + ": loop count out of range");
                return 1;
            }
        }
        if (sh.loopDepth() == 0) {
            sh.error(argv.get(0), "only meaningful in a `for', `while', or `until' loop");
            return 0;
        }
        int levels = Math.min(n, sh.loopDepth());
        if (next) {
            sh.continueLoop(levels);
        } else {
            sh.breakLoop(levels);
        }
        return 0;
    }

    private static int returnBuiltin(BuiltinContext sh, List<String> argv) {
        int status = sh.lastStatus();
        if (argv.size() > 1) {
            String a = argv.get(1);
            Long v = parseStatus(a);
            if (v == null) {
                sh.error("return", a + ": numeric argument required");
                status = 2;
            } else {
                status = (int) (v & 0xff);
            }
        }
        if (!sh.inFunction() && !sh.inSource()) {
            sh.error("return", "can only `return' from a function or sourced script");
            return 2;
        }
        sh.returnFromFunction(status);
        return status;
    }

    static Long parseStatus(String a) {
        String s = a.strip();
        try {
            return Long.parseLong(s.startsWith("+") ? s.substring(1) : s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static int exit(BuiltinContext sh, List<String> argv) {
        int status = sh.lastStatus();
        if (argv.size() > 1) {
            Long v = parseStatus(argv.get(1));
            if (v == null) {
                sh.error("exit", argv.get(1) + ": numeric argument required");
                status = 2;
            } else {
                if (argv.size() > 2) {
                    sh.error("exit", "too many arguments");
                    return 1;
                }
                status = (int) (v & 0xff);
            }
        }
        sh.exit(status);
        return status;
    }

    private static int shift(BuiltinContext sh, List<String> argv) {
        int n = 1;
        if (argv.size() > 2) {
            sh.error("shift", "too many arguments");
            throw sh.specialBuiltinError(1);
        }
        if (argv.size() > 1) {
            try {
                n = Integer.parseInt(argv.get(1).strip());
            } catch (NumberFormatException e) {
                sh.error("shift", argv.get(1) + ": numeric argument required");
                return 1;
            }
            if (n < 0) {
                sh.error("shift", argv.get(1) + ": shift count out of range");
                return 1;
            }
        }
        List<String> params = sh.positionalParameters();
        if (n > params.size()) {
            if (sh.shopt("shift_verbose")) {
                sh.error("shift", n + ": shift count out of range");
            }
            return 1;
        }
        sh.setPositionalParameters(new ArrayList<>(params.subList(n, params.size())));
        return 0;
    }
}
