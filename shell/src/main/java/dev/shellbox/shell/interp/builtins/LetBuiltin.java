package dev.shellbox.shell.interp.builtins;

import java.util.List;

/** {@code let expression ...}: status 0 when the last value is non-zero. */
final class LetBuiltin implements Builtin {
    @Override
    public int run(BuiltinContext sh, List<String> argv) {
        if (argv.size() < 2) {
            sh.error("let", "expression expected");
            return 1;
        }
        long last = 0;
        for (int i = 1; i < argv.size(); i++) {
            last = sh.arithmetic(argv.get(i));
        }
        return last != 0 ? 0 : 1;
    }
}
