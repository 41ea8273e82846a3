package dev.shellbox.shell.interp;

import java.util.List;

/** {@code getopts optstring name [arg ...]}. */
final class GetoptsBuiltin implements Builtin {
    @Override
    public int run(Interpreter sh, List<String> argv) {
        if (argv.size() < 3) {
            sh.builtinError("getopts", "usage: getopts optstring name [arg ...]");
            return 2;
        }
        String optstring = argv.get(1);
        String name = argv.get(2);
        List<String> args = argv.size() > 3 ? argv.subList(3, argv.size()) : sh.st.positional();
        boolean silent = optstring.startsWith(":");
        dev.shellbox.shell.expand.ShellVariable opterr = sh.variable("OPTERR");
        boolean report = !silent && (opterr == null || !"0".equals(opterr.scalarValue()));
        int optind;
        dev.shellbox.shell.expand.ShellVariable oi = sh.variable("OPTIND");
        try {
            optind = oi == null || oi.scalarValue() == null
                    ? 1
                    : Integer.parseInt(oi.scalarValue().strip());
        } catch (NumberFormatException e) {
            optind = 1;
        }
        if (optind < 1) {
            optind = 1;
        }
        int charIndex = sh.st.getoptsCharIndex;
        if (optind != sh.st.getoptsLastOptind) {
            charIndex = 1;
        }
        if (optind > args.size()) {
            // past the end (a stale OPTIND from an earlier loop): bash resets it to just past the arguments
            return finish(sh, name, "?", null, args.size() + 1, 1, 1);
        }
        String arg = args.get(optind - 1);
        if (charIndex == 1) {
            if (!arg.startsWith("-") || arg.equals("-")) {
                return finish(sh, name, "?", null, optind, 1, 1);
            }
            if (arg.equals("--")) {
                return finish(sh, name, "?", null, optind + 1, 1, 1);
            }
        }
        if (charIndex >= arg.length()) {
            charIndex = 1;
            optind++;
            return finish(sh, name, "?", null, optind, 1, 1);
        }
        char c = arg.charAt(charIndex);
        charIndex++;
        int pos = optstring.indexOf(c);
        if (c == ':' || pos < 0) {
            if (report) {
                sh.writeErr(sh.st.shellName + ": illegal option -- " + c + "\n");
            }
            if (charIndex >= arg.length()) {
                optind++;
                charIndex = 1;
            }
            return finish(sh, name, "?", silent ? String.valueOf(c) : null, optind, charIndex, 0);
        }
        boolean needsArg = pos + 1 < optstring.length() && optstring.charAt(pos + 1) == ':';
        if (!needsArg) {
            if (charIndex >= arg.length()) {
                optind++;
                charIndex = 1;
            }
            return finish(sh, name, String.valueOf(c), null, optind, charIndex, 0);
        }
        String value;
        if (charIndex < arg.length()) {
            value = arg.substring(charIndex);
            optind++;
        } else if (optind < args.size()) {
            value = args.get(optind);
            optind += 2;
        } else {
            optind++;
            if (report) {
                sh.writeErr(sh.st.shellName + ": option requires an argument -- " + c + "\n");
            }
            if (silent) {
                return finish(sh, name, ":", String.valueOf(c), optind, 1, 0);
            }
            return finish(sh, name, "?", null, optind, 1, 0);
        }
        return finish(sh, name, String.valueOf(c), value, optind, 1, 0);
    }

    private static int finish(
            Interpreter sh, String name, String value, String optarg, int optind, int charIndex, int status) {
        if (optarg != null) {
            Vars.assign(sh, "OPTARG", optarg);
        } else {
            Vars.unset(sh, "OPTARG");
        }
        Vars.assign(sh, "OPTIND", Integer.toString(optind));
        sh.st.getoptsCharIndex = charIndex;
        sh.st.getoptsLastOptind = optind;
        // like bash, the option is consumed even when the name cannot hold it
        if (!Interpreter.isValidName(name)) {
            sh.builtinError("getopts", "`" + name + "': not a valid identifier");
            return 1;
        }
        Vars.assign(sh, name, value);
        return status;
    }
}
