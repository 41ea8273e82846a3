package dev.shellbox.shell.interp;

import dev.shellbox.shell.expand.ExpansionError;
import dev.shellbox.shell.expand.Quoting;
import dev.shellbox.shell.interp.builtins.Builtins;
import dev.shellbox.shell.interp.builtins.VariablePrinter;
import dev.shellbox.shell.syntax.ArrayElement;
import dev.shellbox.shell.syntax.CommandNode;
import dev.shellbox.shell.syntax.ParseError;
import dev.shellbox.shell.syntax.Parser;
import dev.shellbox.shell.syntax.Word;
import dev.shellbox.shell.syntax.WordPart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A session's state as bash text: what {@code cd}, {@code declare -p}, {@code declare -f}, {@code alias -p}, {@code
 * pushd -n}, {@code umask}, {@code set --}, {@code trap -p}, {@code shopt -p} and {@code set +o} would print, in an
 * order that replays cleanly. Not saved: the variables the shell computes (RANDOM, SECONDS, LINENO, ...) or owns
 * (UID, EUID, PPID, BASH_VERSINFO), jobs, and the command hash table.
 *
 * <p>The replay runs no command: each line must be one of those builtins with static words (no expansion, no
 * substitution), or a function definition; anything else is skipped and reported. Builtins are called directly, so a
 * function of the same name, an alias, or an option the state turns on ({@code noexec}, {@code errexit}, {@code
 * xtrace}) does not change how the rest replays.
 */
final class SessionState {
    static final String HEADER = "# shellbox session state 1";

    /** Variables a fresh shell sets itself and keeps readonly. */
    private static final Set<String> SHELL_OWNED = Set.of("UID", "EUID", "PPID", "BASH_VERSINFO");

    /** The builtins a state may use. */
    private static final Set<String> REPLAYED =
            Set.of("cd", "declare", "alias", "pushd", "umask", "set", "shopt", "trap");

    private SessionState() {}

    static String save(ShellState st) {
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        sb.append("cd -- ").append(Quoting.plainSingle(st.cwd)).append('\n');
        for (Map.Entry<String, Variable> e : new TreeMap<>(st.vars.global().vars).entrySet()) {
            Variable v = e.getValue();
            if (v.has(Vars.DYNAMIC) || SHELL_OWNED.contains(e.getKey())) {
                continue;
            }
            declare(sb, e.getKey(), v);
        }
        for (Map.Entry<String, CommandNode.FunctionDef> e : new TreeMap<>(st.functions).entrySet()) {
            sb.append(Printer.function(e.getKey(), e.getValue().body())).append('\n');
        }
        for (Map.Entry<String, String> e : new TreeMap<>(st.aliases).entrySet()) {
            sb.append("alias ")
                    .append(e.getKey())
                    .append('=')
                    .append(Quoting.single(e.getValue()))
                    .append('\n');
        }
        for (int i = st.dirStack.size() - 1; i >= 0; i--) {
            sb.append("pushd -n ")
                    .append(Quoting.plainSingle(st.dirStack.get(i)))
                    .append('\n');
        }
        sb.append(String.format("umask %04o%n", st.umask));
        List<String> positional = st.calls.get(0).positional;
        if (!positional.isEmpty()) {
            sb.append("set --");
            for (String p : positional) {
                sb.append(' ').append(Quoting.single(p));
            }
            sb.append('\n');
        }
        for (Map.Entry<String, String> e : st.traps.entrySet()) {
            sb.append("trap -- ")
                    .append(Quoting.single(e.getValue()))
                    .append(' ')
                    .append(e.getKey())
                    .append('\n');
        }
        for (Map.Entry<String, Boolean> e : st.options.shoptOptions().entrySet()) {
            sb.append("shopt ")
                    .append(e.getValue() ? "-s " : "-u ")
                    .append(e.getKey())
                    .append('\n');
        }
        for (String name : Options.SET_OPTIONS.keySet()) {
            sb.append("set ")
                    .append(st.options.get(name) ? "-o " : "+o ")
                    .append(name)
                    .append('\n');
        }
        return sb.toString();
    }

    /**
     * A variable as {@code declare} lines. Attributes that transform what is assigned (integer, lowercase, uppercase)
     * and readonly come on a line of their own after the value, because the value may predate them: {@code x=a;
     * declare -u x} keeps {@code a}, which {@code declare -u x="a"} would not.
     */
    private static void declare(StringBuilder sb, String name, Variable v) {
        int deferred = v.has(Variable.NAMEREF)
                ? 0
                : v.attributes & (Variable.INTEGER | Variable.LOWERCASE | Variable.UPPERCASE | Variable.READONLY);
        if (deferred == 0) {
            sb.append(VariablePrinter.declaration(name, v)).append('\n');
            return;
        }
        Variable plain = v.copy();
        plain.attributes &= ~deferred;
        Variable flags = new Variable();
        flags.attributes = deferred;
        sb.append(VariablePrinter.declaration(name, plain)).append('\n');
        sb.append("declare -")
                .append(flags.attributeFlags())
                .append(' ')
                .append(name)
                .append('\n');
    }

    /**
     * Replays {@code text} into the process {@code sh} of a shell, after clearing what the state replaces (variables
     * other than readonly and computed ones, functions, aliases, traps, the directory stack, positional parameters).
     * Returns a problem per line that did not replay; messages of the builtins go to the process's stderr.
     */
    static List<String> restore(Interpreter sh, String text) {
        List<String> problems = new ArrayList<>();
        if (!text.startsWith(HEADER)) {
            problems.add("not a saved session state (the first line is not '" + HEADER + "')");
            return problems;
        }
        clear(sh.st);
        Parser parser = new Parser(text, "session state", 1, name -> null);
        while (true) {
            CommandNode node;
            try {
                node = parser.next();
            } catch (ParseError e) {
                problems.add("line " + e.line() + ": " + e.getMessage() + "; the rest was not restored");
                break;
            }
            if (node == null) {
                break;
            }
            String problem = replay(sh, node);
            if (problem != null) {
                problems.add("line " + node.pos().line() + ": " + problem);
            }
        }
        sh.st.lastStatus = 0;
        return problems;
    }

    private static void clear(ShellState st) {
        st.vars.global().vars.values().removeIf(v -> !v.has(Vars.DYNAMIC) && !v.has(Variable.READONLY));
        st.functions.clear();
        st.functionSources.clear();
        st.aliases.clear();
        st.traps.clear();
        st.dirStack.clear();
        st.calls.get(0).positional = new ArrayList<>();
    }

    /** Replays one command; a problem, or null when it replayed. */
    private static String replay(Interpreter sh, CommandNode node) {
        if (node instanceof CommandNode.FunctionDef) {
            sh.exec(node);
            return null;
        }
        if (!(node instanceof CommandNode.Simple s)
                || !s.assignments().isEmpty()
                || !s.redirects().isEmpty()
                || s.words().isEmpty()) {
            return "not a builtin command; skipped";
        }
        String name = s.words().get(0).literalText();
        if (name == null || !REPLAYED.contains(name)) {
            return "not a command a session state uses; skipped";
        }
        for (Word w : s.words()) {
            if (!isStatic(w)) {
                return "an expansion in a session state; skipped";
            }
        }
        try {
            if (name.equals("declare")) {
                // the declaration path keeps array literals whole
                if (sh.st.functions.containsKey(name)) {
                    return "a function named declare hides the builtin; skipped";
                }
                return sh.exec(node) == 0 ? null : "declare failed";
            }
            List<String> argv = sh.expander.expandWords(s.words());
            int status = sh.runBuiltin(Builtins.get(name), argv);
            if (name.equals("cd")) {
                // the declarations that follow say what PWD and OLDPWD were, set or not
                sh.st.vars.global().vars.remove("PWD");
                sh.st.vars.global().vars.remove("OLDPWD");
            }
            return status == 0 ? null : name + " failed";
        } catch (ExpansionError e) {
            return e.getMessage();
        }
    }

    private static boolean isStatic(Word w) {
        for (WordPart p : w.parts()) {
            if (p instanceof WordPart.ArrayLiteral a) {
                for (ArrayElement e : a.elements()) {
                    if ((e.key() != null && !e.key().isStatic()) || !e.value().isStatic()) {
                        return false;
                    }
                }
            } else if (!WordPart.isStatic(List.of(p))) {
                return false;
            }
        }
        return true;
    }
}
