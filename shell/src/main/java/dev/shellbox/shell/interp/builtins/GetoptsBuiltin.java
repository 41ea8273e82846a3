package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.interp.Variable;
import dev.shellbox.shell.syntax.Names;
import java.util.List;

/** {@code getopts optstring name [arg ...]}. */
final class GetoptsBuiltin implements Builtin {
    @Override
    public int run(BuiltinContext sh, List<String> argv) {
        BuiltinOptions o = new BuiltinOptions(argv, "", "getopts optstring name [arg ...]");
        if (o.next() != BuiltinOptions.END) {
            return o.fail(sh);
        }
        List<String> words = o.operands();
        if (words.size() < 2) {
            return o.usage(sh);
        }
        String optstring = words.get(0);
        String name = words.get(1);
        List<String> args = words.size() > 2 ? words.subList(2, words.size()) : sh.positionalParameters();
        boolean silent = optstring.startsWith(":");
        Variable opterr = sh.variable("OPTERR");
        boolean report = !silent && (opterr == null || !"0".equals(opterr.scalarValue()));
        int optind;
        Variable oi = sh.variable("OPTIND");
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
        int charIndex = sh.getoptsCharIndex();
        if (optind != sh.getoptsLastOptind()) {
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
                sh.writeErr(sh.shellName() + ": illegal option -- " + c + "\n");
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
                sh.writeErr(sh.shellName() + ": option requires an argument -- " + c + "\n");
            }
            if (silent) {
                return finish(sh, name, ":", String.valueOf(c), optind, 1, 0);
            }
            return finish(sh, name, "?", null, optind, 1, 0);
        }
        return finish(sh, name, String.valueOf(c), value, optind, 1, 0);
    }

    private static int finish(
            BuiltinContext sh, String name, String value, String optarg, int optind, int charIndex, int status) {
        if (optarg != null) {
            sh.assign("OPTARG", optarg);
        } else {
            sh.unset("OPTARG");
        }
        sh.assign("OPTIND", Integer.toString(optind));
        sh.setGetoptsPosition(charIndex, optind);
        // like bash, the option is consumed even when the name cannot hold it
        if (!Names.isName(name)) {
            sh.error("getopts", "`" + name + "': not a valid identifier");
            return 1;
        }
        sh.assign(name, value);
        return status;
    }
}
