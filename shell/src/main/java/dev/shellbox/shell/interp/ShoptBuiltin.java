package dev.shellbox.shell.interp;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/** {@code shopt [-pqsu] [-o] [optname ...]}. */
final class ShoptBuiltin implements Builtin {
    @Override
    public int run(Interpreter sh, List<String> argv) throws IOException {
        boolean set = false;
        boolean unset = false;
        boolean quiet = false;
        boolean print = false;
        boolean setOptions = false;
        int i = 1;
        for (; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("--")) {
                i++;
                break;
            }
            if (!a.startsWith("-") || a.length() == 1) {
                break;
            }
            for (int k = 1; k < a.length(); k++) {
                switch (a.charAt(k)) {
                    case 's' -> set = true;
                    case 'u' -> unset = true;
                    case 'q' -> quiet = true;
                    case 'p' -> print = true;
                    case 'o' -> setOptions = true;
                    default -> {
                        sh.builtinError("shopt", "-" + a.charAt(k) + ": invalid option");
                        sh.writeErr("shopt: usage: shopt [-pqsu] [-o] [optname ...]\n");
                        return 2;
                    }
                }
            }
        }
        if (set && unset) {
            sh.builtinError("shopt", "cannot set and unset shell options simultaneously");
            return 1;
        }
        List<String> names = argv.subList(i, argv.size());
        Options o = sh.st.options;
        StringBuilder out = new StringBuilder();
        int status = 0;
        if (names.isEmpty()) {
            Map<String, ?> all = setOptions ? Options.SET_OPTIONS : o.shoptOptions();
            for (String name : all.keySet()) {
                boolean v = setOptions ? o.get(name) : o.shopt(name);
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
            boolean known = setOptions ? Options.isSetOption(name) : o.isShopt(name);
            if (!known) {
                sh.builtinError("shopt", name + ": invalid shell option name");
                status = 1;
                continue;
            }
            if (set || unset) {
                if (setOptions) {
                    o.set(name, set);
                } else {
                    o.setShopt(name, set);
                }
                continue;
            }
            boolean v = setOptions ? o.get(name) : o.shopt(name);
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
