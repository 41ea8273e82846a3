package dev.shellbox.shell.interp.builtins;

import java.util.List;

/**
 * {@code history}: a non-interactive shell keeps no history, so listing prints nothing; options and arguments are
 * checked as bash checks them.
 */
final class HistoryBuiltin implements Builtin {
    @Override
    public int run(BuiltinContext sh, List<String> argv) {
        BuiltinOptions o = new BuiltinOptions(
                argv,
                "acd:npsrw",
                "history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]");
        boolean options = false;
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            if (c == BuiltinOptions.INVALID) {
                return o.fail(sh);
            }
            options = true;
        }
        List<String> args = o.operands();
        if (options || args.isEmpty()) {
            return 0;
        }
        if (args.size() > 1) {
            sh.error("history", "too many arguments");
            return 2;
        }
        String a = args.get(0);
        String n = a.startsWith("+") ? a.substring(1) : a;
        if (n.isEmpty() || !n.chars().allMatch(Character::isDigit)) {
            sh.error("history", a + ": numeric argument required");
            return 2;
        }
        return 0;
    }
}
