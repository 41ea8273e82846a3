package dev.shellbox.shell.interp;

import dev.shellbox.shell.expand.ShellVariable;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code cd pwd pushd popd dirs}. */
final class DirectoryBuiltins {
    private DirectoryBuiltins() {}

    static void register(Map<String, Builtin> m) {
        m.put("cd", DirectoryBuiltins::cd);
        m.put("pwd", DirectoryBuiltins::pwd);
        m.put("pushd", DirectoryBuiltins::pushd);
        m.put("popd", DirectoryBuiltins::popd);
        m.put("dirs", DirectoryBuiltins::dirs);
    }

    private static String var(Interpreter sh, String name) {
        ShellVariable v = sh.variable(name);
        return v == null ? null : v.scalarValue();
    }

    private static int cd(Interpreter sh, List<String> argv) throws IOException {
        boolean physical = sh.st.options.get("physical");
        int i = 1;
        for (; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("--")) {
                i++;
                break;
            }
            if (a.equals("-L")) {
                physical = false;
            } else if (a.equals("-P")) {
                physical = true;
            } else if (a.equals("-e") || a.equals("-@")) {
                continue;
            } else if (a.startsWith("-") && a.length() > 1) {
                sh.builtinError("cd", a + ": invalid option");
                sh.writeErr("cd: usage: cd [-L|[-P [-e]] [-@]] [dir]\n");
                return 2;
            } else {
                break;
            }
        }
        List<String> rest = argv.subList(i, argv.size());
        if (rest.size() > 1) {
            sh.builtinError("cd", "too many arguments");
            return 1;
        }
        String dir;
        boolean print = false;
        if (rest.isEmpty()) {
            dir = var(sh, "HOME");
            if (dir == null) {
                sh.builtinError("cd", "HOME not set");
                return 1;
            }
            if (dir.isEmpty()) {
                return 0;
            }
        } else {
            dir = rest.get(0);
            if (dir.equals("-")) {
                dir = var(sh, "OLDPWD");
                if (dir == null) {
                    sh.builtinError("cd", "OLDPWD not set");
                    return 1;
                }
                print = true;
            }
        }
        if (dir.isEmpty()) {
            return 0;
        }
        String target = null;
        if (!dir.startsWith("/")
                && !dir.startsWith("./")
                && !dir.startsWith("../")
                && !dir.equals(".")
                && !dir.equals("..")) {
            String cdpath = var(sh, "CDPATH");
            if (cdpath != null && !cdpath.isEmpty()) {
                for (String entry : cdpath.split(":", -1)) {
                    String base = entry.isEmpty() ? "." : entry;
                    String candidate = logical(sh, base.endsWith("/") ? base + dir : base + "/" + dir);
                    if (candidate != null && isDirectory(sh, candidate)) {
                        target = candidate;
                        print |= !entry.isEmpty();
                        break;
                    }
                }
            }
        }
        if (target == null) {
            target = logical(sh, dir);
            if (target == null) {
                sh.builtinError("cd", dir + ": No such file or directory");
                return 1;
            }
        }
        try {
            FileStat st = sh.session.fs.stat(target);
            if (!st.isDirectory()) {
                sh.builtinError("cd", dir + ": Not a directory");
                return 1;
            }
            if (physical) {
                target = sh.session.fs.realPath(target, false);
            }
        } catch (FsException e) {
            sh.builtinError("cd", dir + ": " + e.errno().message());
            return 1;
        }
        String old = var(sh, "PWD");
        if (old == null) {
            old = sh.st.cwd;
        }
        sh.st.cwd = target;
        Vars.assign(sh, "OLDPWD", old);
        Vars.assign(sh, "PWD", target);
        if (print) {
            sh.writeOut(target + "\n");
        }
        return 0;
    }

    /**
     * Lexical resolution against $PWD, as cd -L does; a {@code ..} after a directory that does not exist makes the
     * path invalid (null).
     */
    private static String logical(Interpreter sh, String dir) {
        String base;
        if (dir.startsWith("/")) {
            base = "/";
        } else {
            base = var(sh, "PWD");
            if (base == null || !base.startsWith("/")) {
                base = sh.st.cwd;
            }
        }
        String current = PathNames.normalize(base);
        for (String part : dir.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (!isDirectory(sh, current)) {
                    return null;
                }
                current = PathNames.parent(current);
            } else {
                current = PathNames.join(current, part);
            }
        }
        return current;
    }

    private static boolean isDirectory(Interpreter sh, String path) {
        try {
            return sh.session.fs.stat(path).isDirectory();
        } catch (FsException e) {
            return false;
        }
    }

    private static int pwd(Interpreter sh, List<String> argv) throws IOException {
        boolean physical = sh.st.options.get("physical");
        for (int i = 1; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("-P")) {
                physical = true;
            } else if (a.equals("-L")) {
                physical = false;
            } else if (a.startsWith("-") && a.length() > 1) {
                sh.builtinError("pwd", a + ": invalid option");
                sh.writeErr("pwd: usage: pwd [-LP]\n");
                return 2;
            }
        }
        String dir = sh.st.cwd;
        if (physical) {
            try {
                dir = sh.session.fs.realPath(dir, false);
            } catch (FsException e) {
                sh.builtinError(
                        "pwd",
                        "error retrieving current directory: " + e.errno().message());
                return 1;
            }
        } else {
            String pwd = var(sh, "PWD");
            if (pwd != null && pwd.startsWith("/") && isDirectory(sh, pwd) && samePlace(sh, pwd, dir)) {
                dir = pwd;
            }
        }
        sh.writeOut(dir + "\n");
        return 0;
    }

    private static boolean samePlace(Interpreter sh, String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        try {
            return sh.session.fs.realPath(a, false).equals(sh.session.fs.realPath(b, false));
        } catch (FsException e) {
            return false;
        }
    }

    private static List<String> stack(Interpreter sh) {
        List<String> s = new ArrayList<>();
        s.add(sh.st.cwd);
        s.addAll(sh.st.dirStack);
        return s;
    }

    private static String tildeForm(Interpreter sh, String dir) {
        String home = var(sh, "HOME");
        if (home != null && !home.isEmpty() && !home.equals("/")) {
            if (dir.equals(home)) {
                return "~";
            }
            if (dir.startsWith(home + "/")) {
                return "~" + dir.substring(home.length());
            }
        }
        return dir;
    }

    private static int printStack(Interpreter sh, boolean longForm, boolean perLine, boolean numbered)
            throws IOException {
        List<String> s = stack(sh);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.size(); i++) {
            String d = longForm ? s.get(i) : tildeForm(sh, s.get(i));
            if (numbered) {
                sb.append(String.format("%2d  %s%n", i, d));
            } else if (perLine) {
                sb.append(d).append('\n');
            } else {
                if (i > 0) {
                    sb.append(' ');
                }
                sb.append(d);
            }
        }
        if (!numbered && !perLine) {
            sb.append('\n');
        }
        sh.writeOut(sb.toString());
        return 0;
    }

    private static int dirs(Interpreter sh, List<String> argv) throws IOException {
        boolean longForm = false;
        boolean perLine = false;
        boolean numbered = false;
        for (int i = 1; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.startsWith("+") || (a.startsWith("-") && a.length() > 1 && Character.isDigit(a.charAt(1)))) {
                List<String> s = stack(sh);
                int n = Integer.parseInt(a.substring(1));
                int index = a.startsWith("+") ? n : s.size() - 1 - n;
                if (index < 0 || index >= s.size()) {
                    sh.builtinError("dirs", a + ": directory stack index out of range");
                    return 1;
                }
                sh.writeOut((longForm ? s.get(index) : tildeForm(sh, s.get(index))) + "\n");
                return 0;
            }
            for (int k = 1; k < a.length(); k++) {
                switch (a.charAt(k)) {
                    case 'c' -> sh.st.dirStack.clear();
                    case 'l' -> longForm = true;
                    case 'p' -> perLine = true;
                    case 'v' -> {
                        perLine = true;
                        numbered = true;
                    }
                    default -> {
                        sh.builtinError("dirs", a + ": invalid option");
                        sh.writeErr("dirs: usage: dirs [-clpv] [+N] [-N]\n");
                        return 2;
                    }
                }
            }
            if (a.equals("-c")) {
                return 0;
            }
        }
        return printStack(sh, longForm, perLine, numbered);
    }

    private static int changeTo(Interpreter sh, String dir, String builtin) throws IOException {
        int status = cd(sh, List.of("cd", dir));
        return status;
    }

    private static int pushd(Interpreter sh, List<String> argv) throws IOException {
        boolean noChange = false;
        List<String> args = new ArrayList<>();
        for (int i = 1; i < argv.size(); i++) {
            if (argv.get(i).equals("-n")) {
                noChange = true;
            } else {
                args.add(argv.get(i));
            }
        }
        if (args.isEmpty()) {
            if (sh.st.dirStack.isEmpty()) {
                sh.builtinError("pushd", "no other directory");
                return 1;
            }
            String top = sh.st.dirStack.get(0);
            String cwd = sh.st.cwd;
            if (changeTo(sh, top, "pushd") != 0) {
                return 1;
            }
            sh.st.dirStack.set(0, cwd);
            return printStack(sh, false, false, false);
        }
        String a = args.get(0);
        if (a.length() > 1 && (a.startsWith("+") || a.startsWith("-")) && Character.isDigit(a.charAt(1))) {
            List<String> s = stack(sh);
            int n = Integer.parseInt(a.substring(1));
            int index = a.startsWith("+") ? n : s.size() - 1 - n;
            if (index < 0 || index >= s.size()) {
                sh.builtinError("pushd", a + ": directory stack index out of range");
                return 1;
            }
            List<String> rotated = new ArrayList<>(s.subList(index, s.size()));
            rotated.addAll(s.subList(0, index));
            if (changeTo(sh, rotated.get(0), "pushd") != 0) {
                return 1;
            }
            sh.st.dirStack.clear();
            sh.st.dirStack.addAll(rotated.subList(1, rotated.size()));
            return printStack(sh, false, false, false);
        }
        String cwd = sh.st.cwd;
        if (noChange) {
            sh.st.dirStack.add(0, sh.resolvePath(a));
            return printStack(sh, false, false, false);
        }
        if (changeTo(sh, a, "pushd") != 0) {
            return 1;
        }
        sh.st.dirStack.add(0, cwd);
        return printStack(sh, false, false, false);
    }

    private static int popd(Interpreter sh, List<String> argv) throws IOException {
        boolean noChange = false;
        String which = null;
        for (int i = 1; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("-n")) {
                noChange = true;
            } else if (a.length() > 1 && (a.startsWith("+") || a.startsWith("-")) && Character.isDigit(a.charAt(1))) {
                which = a;
            } else {
                sh.builtinError("popd", a + ": invalid argument");
                sh.writeErr("popd: usage: popd [-n] [+N | -N]\n");
                return 2;
            }
        }
        if (sh.st.dirStack.isEmpty()) {
            sh.builtinError("popd", "directory stack empty");
            return 1;
        }
        if (which != null) {
            List<String> s = stack(sh);
            int n = Integer.parseInt(which.substring(1));
            int index = which.startsWith("+") ? n : s.size() - 1 - n;
            if (index < 0 || index >= s.size()) {
                sh.builtinError("popd", which + ": directory stack index out of range");
                return 1;
            }
            if (index == 0) {
                String next = sh.st.dirStack.remove(0);
                if (!noChange && changeTo(sh, next, "popd") != 0) {
                    return 1;
                }
            } else {
                sh.st.dirStack.remove(index - 1);
            }
            return printStack(sh, false, false, false);
        }
        String next = sh.st.dirStack.get(0);
        if (!noChange) {
            if (changeTo(sh, next, "popd") != 0) {
                return 1;
            }
        }
        sh.st.dirStack.remove(0);
        return printStack(sh, false, false, false);
    }
}
