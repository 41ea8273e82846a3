package dev.shellbox.shell.interp.builtins;

import java.io.IOException;
import java.util.List;

/** {@code shopt [-pqsu] [-o] [optname ...]}. */
final class ShoptBuiltin implements Builtin {
    @Override
    public int run(BuiltinContext sh, List<String> argv) throws IOException {
        boolean set = false;
        boolean unset = false;
        boolean quiet = false;
        boolean print = false;
        boolean setOptions = false;
        BuiltinOptions o = new BuiltinOptions(argv, "psuoq", "shopt [-pqsu] [-o] [optname ...]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            switch (c) {
                case 's' -> set = true;
                case 'u' -> unset = true;
                case 'q' -> quiet = true;
                case 'p' -> print = true;
                case 'o' -> setOptions = true;
                default -> {
                    return o.fail(sh);
                }
            }
        }
        if (set && unset) {
            sh.error("shopt", "cannot set and unset shell options simultaneously");
            return 1;
        }
        List<String> names = o.operands();
        StringBuilder out = new StringBuilder();
        int status = 0;
        if (names.isEmpty()) {
            for (String name : setOptions ? sh.setOptionNames() : sh.shoptNames()) {
                boolean v = setOptions ? sh.option(name) : sh.shopt(name);
                if ((set && !v) || (unset && v)) {
                    continue;
                }
                out.append(line(name, v, print || set || unset, setOptions));
            }
            if (!quiet) {
                sh.writeOut(out.toString());
            }
            return 0;
        }
        for (String name : names) {
            boolean known = setOptions ? sh.isSetOption(name) : sh.isShopt(name);
            if (!known) {
                sh.error("shopt", name + ": invalid shell option name");
                status = 1;
                continue;
            }
            if (set || unset) {
                if (setOptions) {
                    sh.setOption(name, set);
                } else {
                    sh.setShopt(name, set);
                }
                continue;
            }
            boolean v = setOptions ? sh.option(name) : sh.shopt(name);
            if (!v) {
                status = 1;
            }
            if (!quiet) {
                out.append(line(name, v, print, setOptions));
            }
        }
        sh.writeOut(out.toString());
        return status;
    }

    private static String line(String name, boolean on, boolean asCommand, boolean setOptions) {
        if (asCommand) {
            if (setOptions) {
                return "set " + (on ? "-o " : "+o ") + name + "\n";
            }
            return "shopt " + (on ? "-s " : "-u ") + name + "\n";
        }
        return String.format("%-15s\t%s%n", name, on ? "on" : "off");
    }
}
