package dev.shellbox.shell.interp;

import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code eval}, {@code source} / {@code .} and {@code exec}. */
final class EvalBuiltins {
    private EvalBuiltins() {}

    static void register(Map<String, Builtin> m) {
        m.put("eval", EvalBuiltins::eval);
        m.put("source", EvalBuiltins::source);
        m.put(".", EvalBuiltins::source);
        m.put("exec", EvalBuiltins::exec);
    }

    private static int eval(Interpreter sh, List<String> argv) {
        int start = 1;
        if (start < argv.size() && argv.get(start).equals("--")) {
            start++;
        }
        if (start >= argv.size()) {
            return 0;
        }
        String text = String.join(" ", argv.subList(start, argv.size()));
        sh.checkDepth(sh.depth + 1);
        sh.depth++;
        int line = sh.st.lineNumber;
        try {
            return sh.runText(text, "eval", false);
        } finally {
            sh.depth--;
            sh.st.lineNumber = line;
        }
    }

    private static int source(Interpreter sh, List<String> argv) throws IOException {
        String name = argv.get(0);
        int start = 1;
        if (start < argv.size() && argv.get(start).equals("--")) {
            start++;
        }
        if (start >= argv.size()) {
            sh.builtinError(name, "filename argument required");
            sh.writeErr(name + ": usage: " + name + " filename [arguments]\n");
            return 2;
        }
        String file = argv.get(start);
        String path = null;
        if (file.indexOf('/') < 0 && sh.st.options.shopt("sourcepath")) {
            dev.shellbox.shell.expand.ShellVariable pathVar = sh.variable("PATH");
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
            FileStat st = sh.session.fs.stat(path);
            if (st.isDirectory()) {
                sh.builtinError(name, file + ": is a directory");
                return 1;
            }
            try (InputStream in = sh.session.fs.newInputStream(path)) {
                text = Text.decode(in.readAllBytes());
            }
        } catch (FsException e) {
            sh.builtinError(name, file + ": " + e.errno().message());
            return 1;
        }
        sh.checkDepth(sh.depth + 1);
        sh.depth++;
        sh.sourceDepth++;
        ShellState.CallFrame frame = sh.st.currentCall();
        List<String> savedPositional = null;
        if (start + 1 < argv.size()) {
            savedPositional = frame.positional;
            frame.positional = new ArrayList<>(argv.subList(start + 1, argv.size()));
        }
        int line = sh.st.lineNumber;
        String outerFile = sh.st.sourcingFile;
        sh.st.sourcingFile = file;
        try {
            int status = sh.runText(text, file, false);
            if (sh.control == Interpreter.Control.RETURN) {
                sh.control = Interpreter.Control.NONE;
                status = sh.controlStatus;
            }
            return status;
        } finally {
            sh.sourceDepth--;
            sh.depth--;
            sh.st.lineNumber = line;
            sh.st.sourcingFile = outerFile;
            if (savedPositional != null) {
                frame.positional = savedPositional;
            }
        }
    }

    private static String findReadable(Interpreter sh, String file, String pathVar) {
        if (pathVar == null) {
            return null;
        }
        for (String dir : pathVar.split(":", -1)) {
            String abs = sh.resolvePath((dir.isEmpty() ? "." : dir) + "/" + file);
            try {
                if (sh.session.fs.stat(abs).isRegularFile()) {
                    return abs;
                }
            } catch (FsException e) {
                // keep looking
            }
        }
        return null;
    }

    private static int exec(Interpreter sh, List<String> argv) {
        int i = 1;
        String argv0 = null;
        boolean clearEnv = false;
        for (; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("--")) {
                i++;
                break;
            }
            if (a.equals("-a") && i + 1 < argv.size()) {
                argv0 = argv.get(++i);
            } else if (a.equals("-c")) {
                clearEnv = true;
            } else if (a.equals("-l")) {
                continue;
            } else if (a.startsWith("-") && a.length() > 1) {
                sh.builtinError("exec", a + ": invalid option");
                sh.writeErr("exec: usage: exec [-cl] [-a name] [command [argument ...]] [redirection ...]\n");
                return 2;
            } else {
                break;
            }
        }
        if (i >= argv.size()) {
            return 0;
        }
        List<String> cmd = new ArrayList<>(argv.subList(i, argv.size()));
        Map<String, String> env = clearEnv ? Map.of() : Vars.environment(sh);
        int status;
        Builtin b = cmd.get(0).indexOf('/') < 0 ? Builtins.get(cmd.get(0)) : null;
        if (b != null) {
            status = sh.runBuiltin(b, cmd);
        } else {
            status = External.runWithEnv(sh, cmd, new java.util.TreeMap<>(env), argv0);
            if (status == 127 && sh.st.options.shopt("execfail")) {
                return status;
            }
        }
        sh.requestExit(status);
        return status;
    }
}
