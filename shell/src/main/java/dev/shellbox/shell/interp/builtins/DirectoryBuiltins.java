package dev.shellbox.shell.interp.builtins;

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

    private static String var(BuiltinContext sh, String name) {
        ShellVariable v = sh.variable(name);
        return v == null ? null : v.scalarValue();
    }

    private static int cd(BuiltinContext sh, List<String> argv) throws IOException {
        boolean physical = sh.option("physical");
        BuiltinOptions o = new BuiltinOptions(argv, "eLP", "cd [-L|[-P [-e]] [-@]] [dir]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            switch (c) {
                case 'L' -> physical = false;
                case 'P' -> physical = true;
                case 'e' -> {}
                default -> {
                    return o.fail(sh);
                }
            }
        }
        List<String> rest = o.operands();
        if (rest.size() > 1) {
            sh.error("cd", "too many arguments");
            return 1;
        }
        String dir;
        boolean print = false;
        if (rest.isEmpty()) {
            dir = var(sh, "HOME");
            if (dir == null) {
                sh.error("cd", "HOME not set");
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
                    sh.error("cd", "OLDPWD not set");
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
                sh.error("cd", dir + ": No such file or directory");
                return 1;
            }
        }
        try {
            FileStat st = sh.fileSystem().stat(target);
            if (!st.isDirectory()) {
                sh.error("cd", dir + ": Not a directory");
                return 1;
            }
            if (physical) {
                target = sh.fileSystem().realPath(target, false);
            }
        } catch (FsException e) {
            sh.error("cd", dir + ": " + e.errno().message());
            return 1;
        }
        String old = var(sh, "PWD");
        if (old == null) {
            old = sh.cwd();
        }
        sh.setCwd(target);
        sh.assign("OLDPWD", old);
        sh.assign("PWD", target);
        if (print) {
            sh.writeOut(target + "\n");
        }
        return 0;
    }

    /**
     * Lexical resolution against $PWD, as cd -L does; a {@code ..} after a directory that does not exist makes the
     * path invalid (null).
     */
    private static String logical(BuiltinContext sh, String dir) {
        String base;
        if (dir.startsWith("/")) {
            base = "/";
        } else {
            base = var(sh, "PWD");
            if (base == null || !base.startsWith("/")) {
                base = sh.cwd();
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

    private static boolean isDirectory(BuiltinContext sh, String path) {
        try {
            return sh.fileSystem().stat(path).isDirectory();
        } catch (FsException e) {
            return false;
        }
    }

    private static int pwd(BuiltinContext sh, List<String> argv) throws IOException {
        boolean physical = sh.option("physical");
        BuiltinOptions o = new BuiltinOptions(argv, "LP", "pwd [-LP]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            switch (c) {
                case 'L' -> physical = false;
                case 'P' -> physical = true;
                default -> {
                    return o.fail(sh);
                }
            }
        }
        String dir = sh.cwd();
        if (physical) {
            try {
                dir = sh.fileSystem().realPath(dir, false);
            } catch (FsException e) {
                sh.error(
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

    private static boolean samePlace(BuiltinContext sh, String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        try {
            return sh.fileSystem().realPath(a, false).equals(sh.fileSystem().realPath(b, false));
        } catch (FsException e) {
            return false;
        }
    }

    private static List<String> stack(BuiltinContext sh) {
        List<String> s = new ArrayList<>();
        s.add(sh.cwd());
        s.addAll(sh.directoryStack());
        return s;
    }

    private static String tildeForm(BuiltinContext sh, String dir) {
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

    private static int printStack(BuiltinContext sh, boolean longForm, boolean perLine, boolean numbered)
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

    private static int dirs(BuiltinContext sh, List<String> argv) throws IOException {
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
                    sh.error("dirs", a + ": directory stack index out of range");
                    return 1;
                }
                sh.writeOut((longForm ? s.get(index) : tildeForm(sh, s.get(index))) + "\n");
                return 0;
            }
            for (int k = 1; k < a.length(); k++) {
                switch (a.charAt(k)) {
                    case 'c' -> sh.setDirectoryStack(List.of());
                    case 'l' -> longForm = true;
                    case 'p' -> perLine = true;
                    case 'v' -> {
                        perLine = true;
                        numbered = true;
                    }
                    default -> {
                        sh.error("dirs", a + ": invalid option");
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

    private static int changeTo(BuiltinContext sh, String dir, String builtin) throws IOException {
        int status = cd(sh, List.of("cd", dir));
        return status;
    }

    private static int pushd(BuiltinContext sh, List<String> argv) throws IOException {
        boolean noChange = false;
        List<String> args = new ArrayList<>();
        for (int i = 1; i < argv.size(); i++) {
            if (argv.get(i).equals("-n")) {
                noChange = true;
            } else {
                args.add(argv.get(i));
            }
        }
        List<String> dirStack = sh.directoryStack();
        if (args.isEmpty()) {
            if (dirStack.isEmpty()) {
                sh.error("pushd", "no other directory");
                return 1;
            }
            String top = dirStack.get(0);
            String cwd = sh.cwd();
            if (changeTo(sh, top, "pushd") != 0) {
                return 1;
            }
            dirStack.set(0, cwd);
            sh.setDirectoryStack(dirStack);
            return printStack(sh, false, false, false);
        }
        String a = args.get(0);
        if (a.length() > 1 && (a.startsWith("+") || a.startsWith("-")) && Character.isDigit(a.charAt(1))) {
            List<String> s = stack(sh);
            int n = Integer.parseInt(a.substring(1));
            int index = a.startsWith("+") ? n : s.size() - 1 - n;
            if (index < 0 || index >= s.size()) {
                sh.error("pushd", a + ": directory stack index out of range");
                return 1;
            }
            List<String> rotated = new ArrayList<>(s.subList(index, s.size()));
            rotated.addAll(s.subList(0, index));
            if (changeTo(sh, rotated.get(0), "pushd") != 0) {
                return 1;
            }
            sh.setDirectoryStack(rotated.subList(1, rotated.size()));
            return printStack(sh, false, false, false);
        }
        String cwd = sh.cwd();
        if (noChange) {
            dirStack.add(0, sh.resolvePath(a));
            sh.setDirectoryStack(dirStack);
            return printStack(sh, false, false, false);
        }
        if (changeTo(sh, a, "pushd") != 0) {
            return 1;
        }
        dirStack.add(0, cwd);
        sh.setDirectoryStack(dirStack);
        return printStack(sh, false, false, false);
    }

    private static int popd(BuiltinContext sh, List<String> argv) throws IOException {
        boolean noChange = false;
        String which = null;
        for (int i = 1; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("-n")) {
                noChange = true;
            } else if (a.length() > 1 && (a.startsWith("+") || a.startsWith("-")) && Character.isDigit(a.charAt(1))) {
                which = a;
            } else {
                sh.error("popd", a + ": invalid argument");
                sh.writeErr("popd: usage: popd [-n] [+N | -N]\n");
                return 2;
            }
        }
        List<String> dirStack = sh.directoryStack();
        if (dirStack.isEmpty()) {
            sh.error("popd", "directory stack empty");
            return 1;
        }
        if (which != null) {
            List<String> s = stack(sh);
            int n = Integer.parseInt(which.substring(1));
            int index = which.startsWith("+") ? n : s.size() - 1 - n;
            if (index < 0 || index >= s.size()) {
                sh.error("popd", which + ": directory stack index out of range");
                return 1;
            }
            if (index == 0) {
                String next = dirStack.remove(0);
                sh.setDirectoryStack(dirStack);
                if (!noChange && changeTo(sh, next, "popd") != 0) {
                    return 1;
                }
            } else {
                dirStack.remove(index - 1);
                sh.setDirectoryStack(dirStack);
            }
            return printStack(sh, false, false, false);
        }
        String next = dirStack.get(0);
        if (!noChange) {
            if (changeTo(sh, next, "popd") != 0) {
                return 1;
            }
        }
        dirStack.remove(0);
        sh.setDirectoryStack(dirStack);
        return printStack(sh, false, false, false);
    }
}
