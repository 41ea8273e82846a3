package dev.shellbox.shell.interp.builtins;

import java.util.List;

/**
 * An argument of declare, local, export or readonly that was written as an assignment ({@code name=value},
 * {@code name+=value}, {@code name[index]=value} or {@code name=(...)}), as the interpreter expanded it.
 *
 * @param array the expanded elements of {@code name=(...)}, each {@code {key, value, "+" or null}}; null otherwise
 */
public record DeclarationArg(String name, boolean append, String index, String value, List<String[]> array) {}
