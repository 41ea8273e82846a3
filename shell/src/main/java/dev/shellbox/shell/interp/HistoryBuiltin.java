package dev.shellbox.shell.interp;

import java.util.List;

/**
 * {@code history}: a non-interactive shell keeps no history, so listing prints nothing; options and arguments are
 * checked as bash checks them.
 */
final class HistoryBuiltin implements Builtin {
    @Override
    public int run(Interpreter sh, List<String> argv) {
        if (argv.size() == 1) {
            return 0;
        }
        String a = argv.get(1);
        if (a.startsWith("-") && a.length() > 1) {
            for (int k = 1; k < a.length(); k++) {
                if ("cdanrwps".indexOf(a.charAt(k)) < 0) {
                    sh.builtinError("history", a + ": invalid option");
                    sh.writeErr(
                            "history: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps"
                                    + " arg [arg...]\n");
                    return 2;
                }
            }
            return 0;
        }
        if (argv.size() > 2) {
            sh.builtinError("history", "too many arguments");
            return 2;
        }
        String n = a.startsWith("+") ? a.substring(1) : a;
        if (n.isEmpty() || !n.chars().allMatch(Character::isDigit)) {
            sh.builtinError("history", a + ": numeric argument required");
            return 2;
        }
        return 0;
    }
}
