package dev.shellbox.shell.interp;

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
        m.put("break", (sh, argv) -> loopControl(sh, argv, Interpreter.Control.BREAK));
        m.put("continue", (sh, argv) -> loopControl(sh, argv, Interpreter.Control.CONTINUE));
        m.put("return", ControlBuiltins::returnBuiltin);
        m.put("exit", ControlBuiltins::exit);
        m.put("logout", ControlBuiltins::exit);
        m.put("shift", ControlBuiltins::shift);
    }

    private static int loopControl(Interpreter sh, List<String> argv, Interpreter.Control kind) {
        int n = 1;
        if (argv.size() > 2) {
            sh.builtinError(argv.get(0), "too many arguments");
            throw new Interpreter.CommandAborted(1, true);
        }
        if (argv.size() > 1) {
            String a = argv.get(1);
            try {
                n = Integer.parseInt(a.strip());
            } catch (NumberFormatException e) {
                sh.builtinError(argv.get(0), a + ": numeric argument required");
                sh.requestExit(128);
                return 128;
            }
            if (n < 1) {
                sh.builtinError(argv.get(0), a + ": loop count out of range");
                return 1;
            }
        }
        if (sh.loopDepth == 0) {
            sh.builtinError(argv.get(0), "only meaningful in a `for', `while', or `until' loop");
            return 0;
        }
        sh.control = kind;
        sh.controlCount = Math.min(n, sh.loopDepth);
        return 0;
    }

    private static int returnBuiltin(Interpreter sh, List<String> argv) {
        int status = sh.st.lastStatus;
        if (argv.size() > 1) {
            String a = argv.get(1);
            Long v = parseStatus(a);
            if (v == null) {
                sh.builtinError("return", a + ": numeric argument required");
                status = 2;
            } else {
                status = (int) (v & 0xff);
            }
        }
        if (!sh.st.inFunction() && !sh.inSource()) {
            sh.builtinError("return", "can only `return' from a function or sourced script");
            return 2;
        }
        sh.control = Interpreter.Control.RETURN;
        sh.controlStatus = status;
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

    private static int exit(Interpreter sh, List<String> argv) {
        int status = sh.st.lastStatus;
        if (argv.size() > 1) {
            Long v = parseStatus(argv.get(1));
            if (v == null) {
                sh.builtinError("exit", argv.get(1) + ": numeric argument required");
                status = 2;
            } else {
                if (argv.size() > 2) {
                    sh.builtinError("exit", "too many arguments");
                    return 1;
                }
                status = (int) (v & 0xff);
            }
        }
        sh.requestExit(status);
        return status;
    }

    private static int shift(Interpreter sh, List<String> argv) {
        int n = 1;
        if (argv.size() > 2) {
            sh.builtinError("shift", "too many arguments");
            throw new Interpreter.CommandAborted(1, true);
        }
        if (argv.size() > 1) {
            try {
                n = Integer.parseInt(argv.get(1).strip());
            } catch (NumberFormatException e) {
                sh.builtinError("shift", argv.get(1) + ": numeric argument required");
                return 1;
            }
            if (n < 0) {
                sh.builtinError("shift", argv.get(1) + ": shift count out of range");
                return 1;
            }
        }
        List<String> params = sh.st.positional();
        if (n > params.size()) {
            if (sh.st.options.shopt("shift_verbose")) {
                sh.builtinError("shift", n + ": shift count out of range");
            }
            return 1;
        }
        sh.st.setPositional(new ArrayList<>(params.subList(n, params.size())));
        return 0;
    }
}
