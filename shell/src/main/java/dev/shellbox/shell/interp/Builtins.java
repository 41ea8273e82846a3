package dev.shellbox.shell.interp;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** The shell builtins by name. */
final class Builtins {
    /** POSIX special builtins (their errors are fatal in POSIX mode; {@code type} calls them special). */
    static final Set<String> SPECIAL = Set.of(
            ":",
            ".",
            "break",
            "continue",
            "eval",
            "exec",
            "exit",
            "export",
            "readonly",
            "return",
            "set",
            "shift",
            "times",
            "trap",
            "unset",
            "source");

    /** Reserved words, for {@code type} and {@code command -v}. */
    static final Set<String> KEYWORDS = Set.of(
            "if",
            "then",
            "else",
            "elif",
            "fi",
            "case",
            "esac",
            "for",
            "select",
            "while",
            "until",
            "do",
            "done",
            "in",
            "function",
            "time",
            "{",
            "}",
            "!",
            "[[",
            "]]",
            "coproc");

    private static final Map<String, Builtin> ALL = new TreeMap<>();

    static {
        for (String name : dev.shellbox.shell.interp.builtins.Builtins.names()) {
            dev.shellbox.shell.interp.builtins.Builtin b = dev.shellbox.shell.interp.builtins.Builtins.get(name);
            ALL.put(name, (sh, argv) -> b.run(sh.builtinContext, argv));
        }
        ControlBuiltins.register(ALL);
        EvalBuiltins.register(ALL);
        TypeBuiltins.register(ALL);
        JobBuiltins.register(ALL);
        MiscBuiltins.register(ALL);
    }

    private Builtins() {}

    static Builtin get(String name) {
        return ALL.get(name);
    }

    static boolean isBuiltin(String name) {
        return ALL.containsKey(name);
    }

    static Set<String> names() {
        return ALL.keySet();
    }
}
