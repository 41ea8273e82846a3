package dev.shellbox.shell.interp;

import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an {@link Execution} lays over a session for one call (a working directory, exported variables), and how to
 * take it off again: the global bindings it replaced are kept as they were and put back.
 */
final class ExecutionOverlay {
    private final ShellState st;
    /** The global bindings replaced for the call, by name; null values for names that were unbound. */
    private final Map<String, Variable> replaced = new LinkedHashMap<>();

    private boolean directoryGiven;
    private String cwd;
    private List<String> dirStack;

    private ExecutionOverlay(ShellState st) {
        this.st = st;
    }

    /**
     * Checks the execution's directory and variables against the session, then applies them to {@code st}. Throws
     * {@link ExecutionRejectedException} before changing anything when one is not acceptable.
     */
    static ExecutionOverlay apply(Session session, ShellState st, Execution execution) {
        String directory = execution.workingDirectory() == null
                ? null
                : checkDirectory(session, st.cwd, execution.workingDirectory());
        for (Map.Entry<String, String> e : execution.environment().entrySet()) {
            checkVariable(st, e.getKey(), e.getValue());
        }
        ExecutionOverlay overlay = new ExecutionOverlay(st);
        if (directory != null) {
            overlay.enterDirectory(directory);
        }
        for (Map.Entry<String, String> e : execution.environment().entrySet()) {
            Variable v = new Variable(e.getValue());
            v.attributes = Variable.EXPORT;
            overlay.bind(e.getKey(), v);
        }
        return overlay;
    }

    /** Puts back what the call replaced. */
    void restore() {
        Variables.Frame global = st.vars.global();
        List<Map.Entry<String, Variable>> entries = new ArrayList<>(replaced.entrySet());
        for (int i = entries.size() - 1; i >= 0; i--) {
            Map.Entry<String, Variable> e = entries.get(i);
            if (e.getValue() == null) {
                global.vars.remove(e.getKey());
            } else {
                global.vars.put(e.getKey(), e.getValue());
            }
        }
        if (directoryGiven) {
            st.cwd = cwd;
            st.dirStack = new ArrayList<>(dirStack);
        }
    }

    private void enterDirectory(String directory) {
        directoryGiven = true;
        cwd = st.cwd;
        dirStack = new ArrayList<>(st.dirStack);
        save("PWD");
        save("OLDPWD");
        st.cwd = directory;
        Variable pwd = new Variable(directory);
        Variable old = st.vars.global().vars.get("PWD");
        pwd.attributes = old == null ? Variable.EXPORT : old.attributes & ~Variable.READONLY;
        st.vars.global().vars.put("PWD", pwd);
    }

    private void bind(String name, Variable v) {
        save(name);
        st.vars.global().vars.put(name, v);
    }

    private void save(String name) {
        if (!replaced.containsKey(name)) {
            // a copy: builtins such as cd assign to the bound variable in place
            Variable v = st.vars.global().vars.get(name);
            replaced.put(name, v == null ? null : v.copy());
        }
    }

    /** The directory as an absolute normalized path, after checking that it is one. */
    private static String checkDirectory(Session session, String sessionCwd, String given) {
        if (given.isEmpty()) {
            throw new ExecutionRejectedException(
                    ExecutionRejectedException.Field.WORKING_DIRECTORY,
                    given,
                    Errno.ENOENT,
                    "working directory '': " + Errno.ENOENT.message());
        }
        String path = PathNames.normalize(given.startsWith("/") ? given : sessionCwd + "/" + given);
        Errno errno;
        try {
            FileStat stat = session.fs.stat(path);
            if (stat.isDirectory()) {
                return path;
            }
            errno = Errno.ENOTDIR;
        } catch (FsException e) {
            errno = e.errno();
        }
        throw new ExecutionRejectedException(
                ExecutionRejectedException.Field.WORKING_DIRECTORY,
                given,
                errno,
                "working directory '" + given + "': " + errno.message());
    }

    private static void checkVariable(ShellState st, String name, String value) {
        String problem = null;
        if (name == null || !Interpreter.isValidName(name)) {
            problem = "not a valid variable name";
        } else if (value == null) {
            problem = "no value";
        } else {
            Variable existing = st.vars.global().vars.get(name);
            if (existing != null && existing.has(Variable.READONLY)) {
                problem = "a readonly variable";
            } else if (existing != null && existing.has(Vars.DYNAMIC)) {
                problem = "a variable the shell sets itself";
            }
        }
        if (problem != null) {
            throw new ExecutionRejectedException(
                    ExecutionRejectedException.Field.ENVIRONMENT,
                    name,
                    null,
                    "environment variable '" + name + "': " + problem);
        }
    }
}
