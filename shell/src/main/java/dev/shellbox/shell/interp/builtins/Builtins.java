package dev.shellbox.shell.interp.builtins;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** The builtins of this package by name. */
public final class Builtins {
    private static final Map<String, Builtin> ALL = new TreeMap<>();

    static {
        AliasBuiltins.register(ALL);
        ALL.put("shopt", new ShoptBuiltin());
        ALL.put("unset", new UnsetBuiltin());
    }

    private Builtins() {}

    /** The builtin of that name; null when there is none. */
    public static Builtin get(String name) {
        return ALL.get(name);
    }

    /** The names, sorted. */
    public static Set<String> names() {
        return Collections.unmodifiableSet(ALL.keySet());
    }
}
