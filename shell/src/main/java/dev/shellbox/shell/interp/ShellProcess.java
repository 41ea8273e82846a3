package dev.shellbox.shell.interp;

import dev.shellbox.shell.io.Cancellation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Creates a new shell process (the top-level shell, {@code bash script}, {@code bash -c}) with bash's variables. */
final class ShellProcess {
    static final String BASH_VERSION = "5.2.15(1)-release";

    private ShellProcess() {}

    static Interpreter create(Session session, Map<String, String> env, String cwd, FdTable fds, Cancellation c) {
        ShellState st = new ShellState();
        st.calls.add(new ShellState.CallFrame("main", new ArrayList<>(), "main", 0));
        st.cwd = cwd;
        st.fds = fds;
        st.pid = session.newPid();
        st.rootPid = st.pid;
        st.randomSeed = System.nanoTime() ^ st.pid;
        st.secondsBase = session.clock.millis();
        Variables.Frame g = st.vars.global();
        for (Map.Entry<String, String> e : env.entrySet()) {
            if (!Interpreter.isValidName(e.getKey())) {
                continue;
            }
            Variable v = new Variable(e.getValue());
            v.attributes = Variable.EXPORT;
            g.vars.put(e.getKey(), v);
        }
        setDefault(g, "IFS", " \t\n");
        setDefault(g, "PS4", "+ ");
        setDefault(g, "PS2", "> ");
        setDefault(g, "OPTIND", "1");
        setDefault(g, "OPTERR", "1");
        setDefault(g, "HOSTTYPE", "x86_64");
        setDefault(g, "MACHTYPE", "x86_64-pc-linux-gnu");
        setDefault(g, "OSTYPE", "linux-gnu");
        setDefault(g, "HOSTNAME", session.identity.hostname());
        setDefault(g, "BASH", "/bin/bash");
        g.vars.put("BASH_VERSION", new Variable(BASH_VERSION));
        Variable versinfo = Variable.indexedArray();
        String[] parts = {"5", "2", "15", "1", "release", "x86_64-pc-linux-gnu"};
        for (int i = 0; i < parts.length; i++) {
            versinfo.indexed.put((long) i, parts[i]);
        }
        versinfo.attributes |= Variable.READONLY;
        g.vars.put("BASH_VERSINFO", versinfo);
        if (!g.vars.containsKey("PATH")) {
            g.vars.put("PATH", new Variable("/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:."));
        }
        if (!g.vars.containsKey("HOME")) {
            g.vars.put("HOME", new Variable(session.identity.home()));
        }
        int level = 0;
        Variable shlvl = g.vars.get("SHLVL");
        if (shlvl != null && shlvl.value != null) {
            try {
                level = Integer.parseInt(shlvl.value.strip());
            } catch (NumberFormatException e) {
                level = 0;
            }
        }
        Variable newLevel = new Variable(Integer.toString(level + 1));
        newLevel.attributes = Variable.EXPORT;
        g.vars.put("SHLVL", newLevel);
        Variable pwd = new Variable(cwd);
        pwd.attributes = Variable.EXPORT;
        Variable inherited = g.vars.get("PWD");
        if (inherited != null && inherited.value != null && samePlace(session, inherited.value, cwd)) {
            pwd.value = inherited.value;
        } else {
            try {
                pwd.value = session.fs.realPath(cwd, false);
            } catch (java.io.IOException e) {
                pwd.value = cwd;
            }
        }
        st.cwd = pwd.value;
        g.vars.put("PWD", pwd);
        if (!g.vars.containsKey("OLDPWD")) {
            Variable oldpwd = new Variable();
            oldpwd.attributes = Variable.EXPORT;
            g.vars.put("OLDPWD", oldpwd);
        }
        readonlyNumber(g, "UID", session.identity.uid());
        readonlyNumber(g, "EUID", session.identity.uid());
        readonlyNumber(g, "PPID", Math.max(1, st.pid - 1));
        Variable shellopts = g.vars.get("SHELLOPTS");
        if (shellopts != null && shellopts.value != null) {
            for (String o : shellopts.value.split(":")) {
                if (Options.isSetOption(o)) {
                    st.options.set(o, true);
                }
            }
        }
        for (String name : List.of("SHELLOPTS", "BASHOPTS")) {
            Variable v = new Variable("");
            v.attributes = Vars.DYNAMIC
                    | Variable.READONLY
                    | (g.vars.containsKey(name) && g.vars.get(name).has(Variable.EXPORT) ? Variable.EXPORT : 0);
            g.vars.put(name, v);
        }
        for (String name : List.of(
                "_",
                "LINENO",
                "RANDOM",
                "SECONDS",
                "EPOCHSECONDS",
                "EPOCHREALTIME",
                "SRANDOM",
                "BASHPID",
                "BASH_SUBSHELL",
                "FUNCNAME",
                "BASH_SOURCE",
                "BASH_LINENO",
                "PIPESTATUS")) {
            Variable v = new Variable("");
            v.attributes = Vars.DYNAMIC;
            g.vars.put(name, v);
        }
        Interpreter sh = new Interpreter(session, st, c);
        sh.shellProcess = true;
        return sh;
    }

    private static boolean samePlace(Session session, String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        if (!a.startsWith("/")) {
            return false;
        }
        try {
            return session.fs.realPath(a, false).equals(session.fs.realPath(b, false));
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static void setDefault(Variables.Frame g, String name, String value) {
        if (!g.vars.containsKey(name)) {
            g.vars.put(name, new Variable(value));
        }
    }

    private static void readonlyNumber(Variables.Frame g, String name, long value) {
        Variable v = new Variable(Long.toString(value));
        v.attributes = Variable.READONLY | Variable.INTEGER;
        g.vars.put(name, v);
    }

    /** Runs a script's text as the whole process; returns its exit status (after the EXIT trap). */
    static int runScriptText(Interpreter sh, String text, String sourceName) {
        sh.st.currentCall();
        int status = sh.runText(text, sourceName, true);
        if (sh.control == Interpreter.Control.EXIT) {
            status = sh.controlStatus;
        } else if (sh.control == Interpreter.Control.RETURN) {
            status = sh.controlStatus;
        }
        sh.control = Interpreter.Control.NONE;
        if (sh.killSignal != 0) {
            // killed while its last command (a wait, say) still ended on its own: the shell died of the signal
            status = sh.killedStatus();
        }
        status = sh.runExitTrap(status);
        sh.flushStd();
        return status;
    }

    /** Makes the exported variables of a process exactly {@code env} (for commands run by env, xargs, ...). */
    static void replaceEnvironment(Interpreter sh, Map<String, String> env) {
        Variables.Frame g = sh.st.vars.global();
        for (Map.Entry<String, Variable> e : new ArrayList<>(g.vars.entrySet())) {
            if (e.getValue().has(Variable.EXPORT) && !env.containsKey(e.getKey())) {
                g.vars.remove(e.getKey());
            }
        }
        for (Map.Entry<String, String> e : env.entrySet()) {
            if (!Interpreter.isValidName(e.getKey())) {
                continue;
            }
            Variable v = sh.st.vars.get(e.getKey());
            if (v != null && e.getValue().equals(v.value) && v.has(Variable.EXPORT)) {
                continue;
            }
            Variable nv = new Variable(e.getValue());
            nv.attributes = Variable.EXPORT;
            g.vars.put(e.getKey(), nv);
        }
    }
}
