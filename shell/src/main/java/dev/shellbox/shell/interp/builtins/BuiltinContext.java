package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.interp.Variable;
import java.io.IOException;
import java.util.List;
import java.util.SortedMap;

/**
 * What a builtin may ask of the shell process running it: its streams, variables, options, aliases and functions.
 * The interpreter implements it; a builtin sees nothing else of the interpreter.
 */
public interface BuiltinContext {

    // ---- messages and output ----

    /** Writes a builtin's error to stderr: {@code bash: line N: NAME: MESSAGE}. */
    void error(String builtin, String message);

    /** Writes {@code bash: line N: MESSAGE} to stderr. */
    void errorLine(String message);

    /** Writes text to stderr as it is. */
    void writeErr(String text);

    /** Writes text to stdout; false when stdout is closed. */
    boolean writeOut(String text) throws IOException;

    // ---- variables ----

    /** The innermost binding of a name, a nameref itself rather than its target; null when unbound. */
    Variable binding(String name);

    /** Removes the innermost binding of a name, a nameref itself rather than its target. */
    void removeBinding(String name);

    /** Unsets a variable (through namerefs); false, with the message printed, when it is readonly. */
    boolean unset(String name);

    /** Unsets one element of an array ({@code @} or {@code *}: all of it); false, message printed, on an error. */
    boolean unsetElement(String name, String subscript);

    // ---- functions ----

    boolean hasFunction(String name);

    void removeFunction(String name);

    boolean isReadonlyFunction(String name);

    // ---- options ----

    /** The {@code set -o} option names, sorted. */
    List<String> setOptionNames();

    boolean isSetOption(String name);

    /** A {@code set -o} option's value. */
    boolean option(String name);

    void setOption(String name, boolean on);

    /** The {@code shopt} option names, sorted. */
    List<String> shoptNames();

    boolean isShopt(String name);

    /** A {@code shopt} option's value. */
    boolean shopt(String name);

    void setShopt(String name, boolean on);

    // ---- aliases ----

    /** The aliases by name. */
    SortedMap<String, String> aliases();

    /** An alias's value; null when there is none. */
    String alias(String name);

    void setAlias(String name, String value);

    /** Removes an alias; false when there was none. */
    boolean removeAlias(String name);

    void clearAliases();
}
