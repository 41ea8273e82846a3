package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.expand.Quoting;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.interp.Variable;
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
    static List<String> paths(BuiltinContext sh, String name, boolean all) {
        List<String> out = new ArrayList<>();
        if (name.indexOf('/') >= 0) {
            String abs = sh.resolvePath(name);
            try {
                FileStat st = sh.fileSystem().stat(abs);
                if (!st.isDirectory() && (st.mode() & 0111) != 0) {
                    out.add(name);
                }
            } catch (FsException e) {
                // not found
            }
            return out;
        }
        Variable pathVar = sh.variable("PATH");
        String path = pathVar == null ? null : pathVar.scalarValue();
        if (path != null) {
            for (String dir : path.split(":", -1)) {
                String d = dir.isEmpty() ? "." : dir;
                String candidate = d.endsWith("/") ? d + name : d + "/" + name;
                String abs = sh.resolvePath(candidate);
                try {
                    FileStat st = sh.fileSystem().stat(abs);
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
        if (out.isEmpty() && sh.isRegisteredCommand(name)) {
            out.add("/usr/bin/" + name);
        }
        if (out.isEmpty()) {
            Optional<String> located = sh.locateProgram(name);
            located.ifPresent(out::add);
        }
        return out;
    }

    private static int type(BuiltinContext sh, List<String> argv) throws IOException {
        boolean all = false;
        boolean typeOnly = false;
        boolean pathOnly = false;
        boolean forcePath = false;
        boolean noFunctions = false;
        BuiltinOptions o = new BuiltinOptions(argv, "afptP", "type [-afptP] name [name ...]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            switch (c) {
                case 'a' -> all = true;
                case 't' -> typeOnly = true;
                case 'p' -> pathOnly = true;
                case 'P' -> forcePath = true;
                case 'f' -> noFunctions = true;
                default -> {
                    return o.fail(sh);
                }
            }
        }
        int i = o.index();
        int status = 0;
        StringBuilder out = new StringBuilder();
        for (; i < argv.size(); i++) {
            String name = argv.get(i);
            boolean found = false;
            if (!forcePath) {
                String alias = sh.alias(name);
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
                String function = noFunctions ? null : sh.functionText(name);
                if (function != null) {
                    found = true;
                    if (typeOnly) {
                        out.append("function\n");
                    } else if (!pathOnly) {
                        out.append(name)
                                .append(" is a function\n")
                                .append(function)
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
                                        Builtins.SPECIAL.contains(name) && sh.option("posix")
                                                ? " is a special shell builtin\n"
                                                : " is a shell builtin\n");
                    }
                    if (!all) {
                        continue;
                    }
                }
            }
            List<String> files = paths(sh, name, all);
            String hashed = sh.hashed(name);
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
                    sh.error("type", name + ": not found");
                }
            }
        }
        sh.writeOut(out.toString());
        return status;
    }

    private static int command(BuiltinContext sh, List<String> argv) throws IOException {
        boolean describe = false;
        boolean verbose = false;
        boolean defaultPath = false;
        BuiltinOptions o = new BuiltinOptions(argv, "pvV", "command [-pVv] command [arg ...]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            switch (c) {
                case 'v' -> describe = true;
                case 'V' -> verbose = true;
                case 'p' -> defaultPath = true;
                default -> {
                    return o.fail(sh);
                }
            }
        }
        int i = o.index();
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
                String alias = sh.alias(name);
                if (alias != null) {
                    out.append("alias ")
                            .append(name)
                            .append('=')
                            .append(Quoting.single(alias))
                            .append('\n');
                } else if (Builtins.KEYWORDS.contains(name) || sh.hasFunction(name) || Builtins.isBuiltin(name)) {
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
        Map<String, String> env = sh.environment();
        if (defaultPath) {
            env.put("PATH", "/usr/bin:/bin:/usr/sbin:/sbin");
        }
        return sh.runProgram(cmd, env, null);
    }

    private static int builtin(BuiltinContext sh, List<String> argv) {
        BuiltinOptions o = new BuiltinOptions(argv, "", "builtin [shell-builtin [arg ...]]");
        if (o.next() != BuiltinOptions.END) {
            return o.fail(sh);
        }
        List<String> words = o.operands();
        if (words.isEmpty()) {
            return 0;
        }
        String name = words.get(0);
        Builtin b = Builtins.get(name);
        if (b == null) {
            sh.error("builtin", name + ": not a shell builtin");
            return 1;
        }
        return sh.runBuiltin(b, new ArrayList<>(words));
    }

    private static int hash(BuiltinContext sh, List<String> argv) throws IOException {
        boolean reset = false;
        boolean print = false;
        boolean delete = false;
        boolean listMode = false;
        String setPath = null;
        BuiltinOptions o = new BuiltinOptions(argv, "dlp:rt", "hash [-lr] [-p pathname] [-dt] [name ...]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            switch (c) {
                case 'r' -> reset = true;
                case 't' -> print = true;
                case 'd' -> delete = true;
                case 'l' -> listMode = true;
                case 'p' -> setPath = o.argument();
                default -> {
                    return o.fail(sh);
                }
            }
        }
        if (reset) {
            sh.clearHashed();
        }
        List<String> names = o.operands();
        if (names.isEmpty()) {
            if (reset) {
                return 0;
            }
            Map<String, String> table = sh.hashedCommands();
            if (table.isEmpty()) {
                sh.error("hash", "hash table empty");
                return 0;
            }
            StringBuilder sb = new StringBuilder();
            if (listMode) {
                for (Map.Entry<String, String> e : table.entrySet()) {
                    sb.append("builtin hash -p ")
                            .append(e.getValue())
                            .append(' ')
                            .append(e.getKey())
                            .append('\n');
                }
            } else {
                sb.append("hits\tcommand\n");
                for (Map.Entry<String, String> e : table.entrySet()) {
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
                if (!sh.unhash(name)) {
                    sh.error("hash", name + ": not found");
                    status = 1;
                }
                continue;
            }
            if (setPath != null) {
                sh.hash(name, setPath);
                continue;
            }
            if (print) {
                String p = sh.hashed(name);
                if (p == null) {
                    sh.error("hash", name + ": not found");
                    status = 1;
                } else {
                    sb.append(names.size() > 1 ? name + "\t" + p : p).append('\n');
                }
                continue;
            }
            if (Builtins.isBuiltin(name) || sh.hasFunction(name)) {
                continue;
            }
            List<String> found = paths(sh, name, false);
            if (found.isEmpty()) {
                sh.error("hash", name + ": not found");
                status = 1;
            } else {
                String p = found.get(0);
                sh.hash(name, p.startsWith("/") ? p : sh.resolvePath(p));
            }
        }
        sh.writeOut(sb.toString());
        return status;
    }
}
