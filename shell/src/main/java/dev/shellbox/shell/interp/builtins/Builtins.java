package dev.shellbox.shell.interp.builtins;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** The shell's builtins by name. */
public final class Builtins {
    /** POSIX special builtins (their errors are fatal in POSIX mode; {@code type} calls them special). */
    public static final Set<String> SPECIAL = Set.of(
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
    public static final Set<String> KEYWORDS = Set.of(
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
        ControlBuiltins.register(ALL);
        EvalBuiltins.register(ALL);
        TypeBuiltins.register(ALL);
        JobBuiltins.register(ALL);
        MiscBuiltins.register(ALL);
        AliasBuiltins.register(ALL);
        ALL.put("shopt", new ShoptBuiltin());
        ALL.put("unset", new UnsetBuiltin());
        ALL.put("echo", new EchoBuiltin());
        ALL.put("printf", new PrintfBuiltin());
        ALL.put("read", new ReadBuiltin());
        MapfileBuiltin mapfile = new MapfileBuiltin();
        ALL.put("mapfile", mapfile);
        ALL.put("readarray", mapfile);
        TestBuiltin test = new TestBuiltin();
        ALL.put("test", test);
        ALL.put("[", test);
        ALL.put("let", new LetBuiltin());
        ALL.put("getopts", new GetoptsBuiltin());
        ALL.put("ulimit", new UlimitBuiltin());
        ALL.put("history", new HistoryBuiltin());
        DirectoryBuiltins.register(ALL);
        DeclareBuiltin declare = new DeclareBuiltin();
        ALL.put("declare", declare);
        ALL.put("typeset", declare);
        ALL.put("local", declare);
        ALL.put("export", declare);
        ALL.put("readonly", declare);
        ALL.put("set", new SetBuiltin());
        ALL.put("trap", new TrapBuiltin());
    }

    private Builtins() {}

    /** The builtin of that name; null when there is none. */
    public static Builtin get(String name) {
        return ALL.get(name);
    }

    public static boolean isBuiltin(String name) {
        return ALL.containsKey(name);
    }

    /** The names, sorted. */
    public static Set<String> names() {
        return Collections.unmodifiableSet(ALL.keySet());
    }
}
