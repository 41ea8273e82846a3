package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.interp.Variable;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** {@code eval}, {@code source} / {@code .} and {@code exec}. */
final class EvalBuiltins {
    private EvalBuiltins() {}

    static void register(Map<String, Builtin> m) {
        m.put("eval", EvalBuiltins::eval);
        m.put("source", EvalBuiltins::source);
        m.put(".", EvalBuiltins::source);
        m.put("exec", EvalBuiltins::exec);
    }

    private static int eval(BuiltinContext sh, List<String> argv) {
        BuiltinOptions o = new BuiltinOptions(argv, "", "eval [arg ...]");
        if (o.next() != BuiltinOptions.END) {
            return o.fail(sh);
        }
        if (o.operands().isEmpty()) {
            return 0;
        }
        return sh.evaluate(String.join(" ", o.operands()));
    }

    private static int source(BuiltinContext sh, List<String> argv) throws IOException {
        String name = argv.get(0);
        BuiltinOptions o = new BuiltinOptions(argv, "", name + " filename [arguments]");
        if (o.next() != BuiltinOptions.END) {
            return o.fail(sh);
        }
        List<String> words = o.operands();
        if (words.isEmpty()) {
            sh.error(name, "filename argument required");
            return o.usage(sh);
        }
        String file = words.get(0);
        String path = null;
        if (file.indexOf('/') < 0 && sh.shopt("sourcepath")) {
            Variable pathVar = sh.variable("PATH");
            String found = pathVar == null ? null : findReadable(sh, file, pathVar.scalarValue());
            if (found != null) {
                path = found;
            }
        }
        if (path == null) {
            path = sh.resolvePath(file);
        }
        String text;
        try {
            FileStat st = sh.fileSystem().stat(path);
            if (st.isDirectory()) {
                sh.error(name, file + ": is a directory");
                return 1;
            }
            try (InputStream in = sh.fileSystem().newInputStream(path)) {
                text = Text.decode(in.readAllBytes());
            }
        } catch (FsException e) {
            sh.error(name, file + ": " + e.errno().message());
            return 1;
        }
        return sh.source(file, text, words.subList(1, words.size()));
    }

    private static String findReadable(BuiltinContext sh, String file, String pathVar) {
        if (pathVar == null) {
            return null;
        }
        for (String dir : pathVar.split(":", -1)) {
            String abs = sh.resolvePath((dir.isEmpty() ? "." : dir) + "/" + file);
            try {
                if (sh.fileSystem().stat(abs).isRegularFile()) {
                    return abs;
                }
            } catch (FsException e) {
                // keep looking
            }
        }
        return null;
    }

    private static int exec(BuiltinContext sh, List<String> argv) {
        String argv0 = null;
        boolean clearEnv = false;
        BuiltinOptions o =
                new BuiltinOptions(argv, "cla:", "exec [-cl] [-a name] [command [argument ...]] [redirection ...]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            switch (c) {
                case 'a' -> argv0 = o.argument();
                case 'c' -> clearEnv = true;
                case 'l' -> {}
                default -> {
                    return o.fail(sh);
                }
            }
        }
        if (o.operands().isEmpty()) {
            return 0;
        }
        List<String> cmd = new ArrayList<>(o.operands());
        Map<String, String> env = clearEnv ? Map.of() : sh.environment();
        int status;
        Builtin b = cmd.get(0).indexOf('/') < 0 ? Builtins.get(cmd.get(0)) : null;
        if (b != null) {
            status = sh.runBuiltin(b, cmd);
        } else {
            status = sh.runProgram(cmd, new TreeMap<>(env), argv0);
            if (status == 127 && sh.shopt("execfail")) {
                return status;
            }
        }
        sh.exit(status);
        return status;
    }
}
