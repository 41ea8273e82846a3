package dev.shellbox.shell.expand;

import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.syntax.CommandNode;
import java.util.List;

/** What expansion needs from the interpreter: variables, parameters, substitutions, options and files. */
public interface ExpansionContext {

    /** The variable {@code name} (namerefs resolved), or null when there is none. */
    ShellVariable variable(String name);

    /** The variable a nameref points to ({@code ${!ref}}), or null when {@code name} is not a nameref. */
    String namerefTarget(String name);

    /**
     * The final reference a nameref designates after following chains ({@code a}, {@code a[1]}, {@code a[@]}); null
     * when {@code name} is not a nameref or the chain is circular.
     */
    String resolvedReference(String name);

    /** Assigns a scalar (or element 0); throws ExpansionError for a readonly variable. */
    void assign(String name, String value);

    /** Assigns an element of an indexed array ({@code key == null}) or associative array. */
    void assignElement(String name, long index, String key, String value);

    /** $1, $2, ... */
    List<String> positionalParameters();

    /** {@code ? $ ! - 0 _ #} and other single-character parameters; null when unset (e.g. {@code $!}). */
    String specialParameter(String name);

    /** Names of all set variables, for {@code ${!prefix*}}. */
    List<String> variableNames();

    /** Runs {@code body} in a subshell and returns its output with trailing newlines removed. */
    String commandSubstitution(CommandNode body);

    /** Starts {@code body} asynchronously connected to a new descriptor and returns its path, {@code /dev/fd/N}. */
    String processSubstitution(CommandNode body, boolean output);

    boolean option(ExpandOption option);

    FileSystem fileSystem();

    /** The working directory (absolute). */
    String cwd();

    /** Home directory of a user for {@code ~user}, or null when unknown. */
    String homeDirectory(String user);

    /** {@code ~+N} / {@code ~-N}: an entry of the directory stack, or null. */
    String directoryStackEntry(int n);

    /** Reports a problem that does not stop the expansion, as bash does ({@code bash: line N: message}). */
    void warn(String message);

    /** Throws when the execution was cancelled or a limit hit. */
    void checkCancelled();

    /** The maximum number of words a brace expansion may produce. */
    int maxBraceExpansion();

    /** The maximum length of a string produced by expansion. */
    long maxStringLength();
}
