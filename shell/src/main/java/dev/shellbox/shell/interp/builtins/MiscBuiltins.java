package dev.shellbox.shell.interp.builtins;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/** {@code umask times caller help enable}. */
final class MiscBuiltins {
    private MiscBuiltins() {}

    static void register(Map<String, Builtin> m) {
        m.put("umask", MiscBuiltins::umask);
        m.put("times", MiscBuiltins::times);
        m.put("caller", MiscBuiltins::caller);
        m.put("help", MiscBuiltins::help);
        m.put("enable", MiscBuiltins::enable);
    }

    private static int umask(BuiltinContext sh, List<String> argv) throws IOException {
        boolean symbolic = false;
        boolean print = false;
        BuiltinOptions o = new BuiltinOptions(argv, "Sp", "umask [-p] [-S] [mode]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            switch (c) {
                case 'S' -> symbolic = true;
                case 'p' -> print = true;
                default -> {
                    return o.fail(sh);
                }
            }
        }
        int i = o.index();
        if (i >= argv.size()) {
            int m = sh.umask();
            if (symbolic) {
                sh.writeOut((print ? "umask -S " : "") + symbolic(m) + "\n");
            } else {
                sh.writeOut((print ? "umask " : "") + String.format("%04o", m) + "\n");
            }
            return 0;
        }
        String mode = argv.get(i);
        if (!mode.isEmpty() && Character.isDigit(mode.charAt(0))) {
            try {
                int v = Integer.parseInt(mode, 8);
                if (v > 0777) {
                    throw new NumberFormatException();
                }
                sh.setUmask(v);
            } catch (NumberFormatException e) {
                sh.error("umask", mode + ": octal number out of range");
                return 1;
            }
            return 0;
        }
        Integer parsed = parseSymbolic(mode, sh.umask());
        if (parsed == null) {
            sh.error("umask", "`" + mode.charAt(mode.length() - 1) + "': invalid symbolic mode character");
            return 1;
        }
        sh.setUmask(parsed);
        return 0;
    }

    private static String symbolic(int mask) {
        int perm = ~mask & 0777;
        return "u=" + rwx(perm >> 6) + ",g=" + rwx(perm >> 3) + ",o=" + rwx(perm);
    }

    private static String rwx(int bits) {
        StringBuilder sb = new StringBuilder();
        if ((bits & 4) != 0) {
            sb.append('r');
        }
        if ((bits & 2) != 0) {
            sb.append('w');
        }
        if ((bits & 1) != 0) {
            sb.append('x');
        }
        return sb.toString();
    }

    /** Applies a symbolic mode (u=rwx,g+w,...) to the permissions the mask allows; returns the new mask. */
    private static Integer parseSymbolic(String mode, int mask) {
        int perm = ~mask & 0777;
        for (String clause : mode.split(",")) {
            int i = 0;
            int who = 0;
            while (i < clause.length() && "ugoa".indexOf(clause.charAt(i)) >= 0) {
                switch (clause.charAt(i)) {
                    case 'u' -> who |= 0700;
                    case 'g' -> who |= 0070;
                    case 'o' -> who |= 0007;
                    default -> who |= 0777;
                }
                i++;
            }
            if (who == 0) {
                who = 0777;
            }
            if (i >= clause.length()) {
                return null;
            }
            char op = clause.charAt(i++);
            if (op != '=' && op != '+' && op != '-') {
                return null;
            }
            int bits = 0;
            for (; i < clause.length(); i++) {
                switch (clause.charAt(i)) {
                    case 'r' -> bits |= 0444;
                    case 'w' -> bits |= 0222;
                    case 'x' -> bits |= 0111;
                    default -> {
                        return null;
                    }
                }
            }
            bits &= who;
            switch (op) {
                case '=' -> perm = (perm & ~who) | bits;
                case '+' -> perm |= bits;
                default -> perm &= ~bits;
            }
        }
        return ~perm & 0777;
    }

    private static int caller(BuiltinContext sh, List<String> argv) throws IOException {
        List<BuiltinContext.Call> calls = sh.calls();
        if (calls.size() <= 1) {
            return 1;
        }
        int n = 0;
        if (argv.size() > 1) {
            try {
                n = Integer.parseInt(argv.get(1));
            } catch (NumberFormatException e) {
                sh.error("caller", argv.get(1) + ": invalid number");
                return 2;
            }
        }
        int index = calls.size() - 1 - n;
        if (index < 1) {
            return 1;
        }
        BuiltinContext.Call frame = calls.get(index);
        String callerName = index - 1 == 0 ? "main" : calls.get(index - 1).function();
        if (argv.size() > 1) {
            sh.writeOut(frame.line() + " " + callerName + " " + frame.source() + "\n");
        } else {
            sh.writeOut(frame.line() + " " + frame.source() + "\n");
        }
        return 0;
    }

    private static int times(BuiltinContext sh, List<String> argv) throws IOException {
        BuiltinOptions o = new BuiltinOptions(argv, "", "times");
        if (o.next() != BuiltinOptions.END) {
            return o.fail(sh);
        }
        sh.writeOut("0m0.000s 0m0.000s\n0m0.000s 0m0.000s\n");
        return 0;
    }

    private static int help(BuiltinContext sh, List<String> argv) throws IOException {
        if (argv.size() == 1) {
            StringBuilder sb = new StringBuilder("Shell builtins:\n");
            for (String name : Builtins.names()) {
                sb.append(' ').append(name).append('\n');
            }
            sh.writeOut(sb.toString());
            return 0;
        }
        BuiltinOptions o = new BuiltinOptions(argv, "dms", "help [-dms] [pattern ...]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            if (c == BuiltinOptions.INVALID) {
                return o.fail(sh);
            }
        }
        int status = 0;
        for (String name : o.operands()) {
            if (Builtins.isBuiltin(name)) {
                sh.writeOut(name + ": " + name + " [arguments]\n    Shell builtin.\n");
            } else {
                sh.error(
                        "help",
                        "no help topics match `" + name + "'.  Try `help help' or `man -k " + name + "' or `info "
                                + name + "'.");
                status = 1;
            }
        }
        return status;
    }

    private static int enable(BuiltinContext sh, List<String> argv) throws IOException {
        BuiltinOptions o = new BuiltinOptions(argv, "adnpsf:", "enable [-a] [-dnps] [-f filename] [name ...]");
        boolean options = false;
        boolean list = false;
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            switch (c) {
                case 'a', 'p' -> list = true;
                case BuiltinOptions.INVALID -> {
                    return o.fail(sh);
                }
                default -> {}
            }
            options = true;
        }
        List<String> names = o.operands();
        if (names.isEmpty() && (list || !options)) {
            StringBuilder sb = new StringBuilder();
            for (String name : Builtins.names()) {
                sb.append("enable ").append(name).append('\n');
            }
            sh.writeOut(sb.toString());
            return 0;
        }
        int status = 0;
        for (String name : names) {
            if (!Builtins.isBuiltin(name)) {
                sh.error("enable", name + ": not a shell builtin");
                status = 1;
            }
        }
        return status;
    }
}
