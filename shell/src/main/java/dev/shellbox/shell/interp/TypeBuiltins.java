package dev.shellbox.shell.interp;

import dev.shellbox.shell.expand.Quoting;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.syntax.CommandNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code type}, {@code command}, {@code builtin} and {@code hash}: questions about command names. */
final class TypeBuiltins {
    private TypeBuiltins() {}

    static void register(Map<String, Builtin> m) {
        m.put("type", TypeBuiltins::type);
        m.put("command", TypeBuiltins::command);
        m.put("builtin", TypeBuiltins::builtin);
        m.put("hash", TypeBuiltins::hash);
    }

    /** Every path a name runs from: PATH entries (including the registered commands' directories). */
    static List<String> paths(Interpreter sh, String name, boolean all) {
        List<String> out = new ArrayList<>();
        if (name.indexOf('/') >= 0) {
            String abs = sh.resolvePath(name);
            try {
                FileStat st = sh.session.fs.stat(abs);
                if (!st.isDirectory() && (st.mode() & 0111) != 0) {
                    out.add(name);
                }
            } catch (FsException e) {
                // not found
            }
            return out;
        }
        dev.shellbox.shell.expand.ShellVariable pathVar = sh.variable("PATH");
        String path = pathVar == null ? null : pathVar.scalarValue();
        if (path != null) {
            for (String dir : path.split(":", -1)) {
                String d = dir.isEmpty() ? "." : dir;
                String candidate = d.endsWith("/") ? d + name : d + "/" + name;
                String abs = sh.resolvePath(candidate);
                try {
                    FileStat st = sh.session.fs.stat(abs);
                    if (!st.isDirectory() && (st.mode() & 0111) != 0) {
                        out.add(candidate);
                        if (!all) {
                            return out;
                        }
                    }
                } catch (FsException e) {
                    // not here
                }
            }
        }
        if (out.isEmpty() && sh.session.registry.contains(name)) {
            out.add("/usr/bin/" + name);
        }
        if (out.isEmpty()) {
            Optional<String> located = sh.session.escalator.locate(name, Vars.environment(sh));
            located.ifPresent(out::add);
        }
        return out;
    }

    private static int type(Interpreter sh, List<String> argv) throws IOException {
        boolean all = false;
        boolean typeOnly = false;
        boolean pathOnly = false;
        boolean forcePath = false;
        boolean noFunctions = false;
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
                    case 'a' -> all = true;
                    case 't' -> typeOnly = true;
                    case 'p' -> pathOnly = true;
                    case 'P' -> forcePath = true;
                    case 'f' -> noFunctions = true;
                    default -> {
                        sh.builtinError("type", "-" + a.charAt(k) + ": invalid option");
                        sh.writeErr("type: usage: type [-afptP] name [name ...]\n");
                        return 2;
                    }
                }
            }
        }
        int status = 0;
        StringBuilder out = new StringBuilder();
        for (; i < argv.size(); i++) {
            String name = argv.get(i);
            boolean found = false;
            if (!forcePath) {
                String alias = sh.st.options.shopt("expand_aliases") || true ? sh.st.aliases.get(name) : null;
                if (alias != null) {
                    found = true;
                    if (typeOnly) {
                        out.append("alias\n");
                    } else if (!pathOnly) {
                        out.append(name)
                                .append(" is aliased to `")
                                .append(alias)
                                .append("'\n");
                    }
                    if (!all) {
                        continue;
                    }
                }
                if (Builtins.KEYWORDS.contains(name)) {
                    found = true;
                    if (typeOnly) {
                        out.append("keyword\n");
                    } else if (!pathOnly) {
                        out.append(name).append(" is a shell keyword\n");
                    }
                    if (!all) {
                        continue;
                    }
                }
                CommandNode.FunctionDef f = noFunctions ? null : sh.st.functions.get(name);
                if (f != null) {
                    found = true;
                    if (typeOnly) {
                        out.append("function\n");
                    } else if (!pathOnly) {
                        out.append(name)
                                .append(" is a function\n")
                                .append(Printer.function(name, f.body()))
                                .append('\n');
                    }
                    if (!all) {
                        continue;
                    }
                }
                if (Builtins.isBuiltin(name)) {
                    found = true;
                    if (typeOnly) {
                        out.append("builtin\n");
                    } else if (!pathOnly) {
                        out.append(name)
                                .append(
                                        Builtins.SPECIAL.contains(name) && sh.st.options.get("posix")
                                                ? " is a special shell builtin\n"
                                                : " is a shell builtin\n");
                    }
                    if (!all) {
                        continue;
                    }
                }
            }
            List<String> files = paths(sh, name, all);
            String hashed = sh.st.hashed.get(name);
            if (!all && hashed != null && !forcePath) {
                files = List.of(hashed);
            }
            for (String p : files) {
                found = true;
                if (typeOnly) {
                    out.append("file\n");
                } else if (pathOnly || forcePath) {
                    out.append(p).append('\n');
                } else if (hashed != null && p.equals(hashed) && !all) {
                    out.append(name).append(" is hashed (").append(p).append(")\n");
                } else {
                    out.append(name).append(" is ").append(p).append('\n');
                }
            }
            if (!found) {
                status = 1;
                if (!typeOnly && !pathOnly && !forcePath) {
                    sh.writeOut(out.toString());
                    out.setLength(0);
                    sh.builtinError("type", name + ": not found");
                }
            }
        }
        sh.writeOut(out.toString());
        return status;
    }

    private static int command(Interpreter sh, List<String> argv) throws IOException {
        boolean describe = false;
        boolean verbose = false;
        boolean defaultPath = false;
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
                    case 'v' -> describe = true;
                    case 'V' -> verbose = true;
                    case 'p' -> defaultPath = true;
                    default -> {
                        sh.builtinError("command", "-" + a.charAt(k) + ": invalid option");
                        sh.writeErr("command: usage: command [-pVv] command [arg ...]\n");
                        return 2;
                    }
                }
            }
        }
        if (i >= argv.size()) {
            return 0;
        }
        if (verbose) {
            List<String> args = new ArrayList<>();
            args.add("type");
            args.addAll(argv.subList(i, argv.size()));
            return type(sh, args);
        }
        if (describe) {
            boolean anyFound = false;
            StringBuilder out = new StringBuilder();
            for (; i < argv.size(); i++) {
                String name = argv.get(i);
                String alias = sh.st.aliases.get(name);
                if (alias != null) {
                    out.append("alias ")
                            .append(name)
                            .append('=')
                            .append(Quoting.single(alias))
                            .append('\n');
                } else if (Builtins.KEYWORDS.contains(name)
                        || sh.st.functions.containsKey(name)
                        || Builtins.isBuiltin(name)) {
                    out.append(name).append('\n');
                } else {
                    List<String> files = paths(sh, name, false);
                    if (files.isEmpty()) {
                        continue;
                    }
                    // a name with a slash is shown as given; one found in PATH as an absolute path
                    String p = files.get(0);
                    out.append(p.startsWith("/") || name.indexOf('/') >= 0 ? p : sh.resolvePath(p))
                            .append('\n');
                }
                anyFound = true;
            }
            sh.writeOut(out.toString());
            // like bash: success when any name was found
            return anyFound ? 0 : 1;
        }
        List<String> cmd = new ArrayList<>(argv.subList(i, argv.size()));
        Builtin b = cmd.get(0).indexOf('/') < 0 ? Builtins.get(cmd.get(0)) : null;
        if (b != null) {
            return sh.runBuiltin(b, cmd);
        }
        Map<String, String> env = Vars.environment(sh);
        if (defaultPath) {
            env.put("PATH", "/usr/bin:/bin:/usr/sbin:/sbin");
        }
        return External.runWithEnv(sh, cmd, env);
    }

    private static int builtin(Interpreter sh, List<String> argv) {
        int first = argv.size() > 1 && argv.get(1).equals("--") ? 2 : 1;
        if (argv.size() <= first) {
            return 0;
        }
        String name = argv.get(first);
        Builtin b = Builtins.get(name);
        if (b == null) {
            sh.builtinError("builtin", name + ": not a shell builtin");
            return 1;
        }
        return sh.runBuiltin(b, new ArrayList<>(argv.subList(first, argv.size())));
    }

    private static int hash(Interpreter sh, List<String> argv) throws IOException {
        boolean reset = false;
        boolean print = false;
        boolean delete = false;
        boolean listMode = false;
        String setPath = null;
        int i = 1;
        for (; i < argv.size(); i++) {
            String a = argv.get(i);
            if (!a.startsWith("-") || a.length() == 1) {
                break;
            }
            switch (a) {
                case "-r" -> reset = true;
                case "-t" -> print = true;
                case "-d" -> delete = true;
                case "-l" -> listMode = true;
                case "-p" -> {
                    if (i + 1 < argv.size()) {
                        setPath = argv.get(++i);
                    }
                }
                default -> {
                    sh.builtinError("hash", a + ": invalid option");
                    sh.writeErr("hash: usage: hash [-lr] [-p pathname] [-dt] [name ...]\n");
                    return 2;
                }
            }
        }
        if (reset) {
            sh.st.hashed.clear();
        }
        List<String> names = argv.subList(i, argv.size());
        if (names.isEmpty()) {
            if (reset) {
                return 0;
            }
            if (sh.st.hashed.isEmpty()) {
                sh.builtinError("hash", "hash table empty");
                return 0;
            }
            StringBuilder sb = new StringBuilder();
            if (listMode) {
                for (Map.Entry<String, String> e : sh.st.hashed.entrySet()) {
                    sb.append("builtin hash -p ")
                            .append(e.getValue())
                            .append(' ')
                            .append(e.getKey())
                            .append('\n');
                }
            } else {
                sb.append("hits\tcommand\n");
                for (Map.Entry<String, String> e : sh.st.hashed.entrySet()) {
                    sb.append("   1\t").append(e.getValue()).append('\n');
                }
            }
            sh.writeOut(sb.toString());
            return 0;
        }
        int status = 0;
        StringBuilder sb = new StringBuilder();
        for (String name : names) {
            if (delete) {
                if (sh.st.hashed.remove(name) == null) {
                    sh.builtinError("hash", name + ": not found");
                    status = 1;
                }
                continue;
            }
            if (setPath != null) {
                sh.st.hashed.put(name, setPath);
                continue;
            }
            if (print) {
                String p = sh.st.hashed.get(name);
                if (p == null) {
                    sh.builtinError("hash", name + ": not found");
                    status = 1;
                } else {
                    sb.append(names.size() > 1 ? name + "\t" + p : p).append('\n');
                }
                continue;
            }
            if (Builtins.isBuiltin(name) || sh.st.functions.containsKey(name)) {
                continue;
            }
            List<String> found = paths(sh, name, false);
            if (found.isEmpty()) {
                sh.builtinError("hash", name + ": not found");
                status = 1;
            } else {
                String p = found.get(0);
                sh.st.hashed.put(name, p.startsWith("/") ? p : sh.resolvePath(p));
            }
        }
        sh.writeOut(sb.toString());
        return status;
    }
}
