package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.interp.Variable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/**
 * What a builtin may ask of the shell process running it: its streams, variables, functions, options, working
 * directory, traps, aliases, jobs and control flow, as methods. The interpreter implements it; a builtin sees nothing
 * else of the interpreter.
 */
public interface BuiltinContext {

    /** A frame of the call stack: the function (or {@code main}), its source file and the line it was called from. */
    record Call(String function, String source, int line) {}

    // ---- messages and output ----

    /** Writes a builtin's error to stderr: {@code bash: line N: NAME: MESSAGE}. */
    void error(String builtin, String message);

    /** Writes {@code bash: line N: MESSAGE} to stderr. */
    void errorLine(String message);

    /** Writes text to stderr as it is. */
    void writeErr(String text);

    /** Writes text to stdout; false when stdout is closed. */
    boolean writeOut(String text) throws IOException;

    /** The stream a descriptor reads from; null when it is closed or open only for writing. */
    InputStream input(int fd);

    /** The stream a descriptor writes to; null when it is closed or open only for reading. */
    OutputStream output(int fd);

    /** Whether a descriptor is the session's terminal ({@code test -t}, read's prompt). */
    boolean isTerminal(int fd);

    // ---- the process ----

    /** {@code $?}. */
    int lastStatus();

    /** The call stack, outermost ({@code main}) first. */
    List<Call> calls();

    int umask();

    void setUmask(int mask);

    /** {@code $0} of the shell, the start of its messages. */
    String shellName();

    /** Throws when the execution was cancelled or ran out of time. */
    void checkCancelled();

    /** Waits, unless the execution is cancelled meanwhile. */
    void sleep(long millis);

    /** The session clock, in milliseconds since the epoch. */
    long currentTimeMillis();

    /** When the shell started, in milliseconds since the epoch ({@code printf '%(...)T' -2}). */
    long startTimeMillis();

    FileSystem fileSystem();

    /** Who the shell runs as. */
    Identity identity();

    /** The absolute form of a path relative to the working directory. */
    String resolvePath(String path);

    /** A resource limit's {soft, hard} values, in the resource's units ({@link ResourceLimits}). */
    long[] limit(char flag);

    void setLimit(char flag, long soft, long hard);

    /** Parses and runs shell text in this process, as {@code mapfile -C} runs its callback. */
    int runText(String text, String sourceName);

    // ---- running commands and control flow ----

    /** Runs shell text as {@code eval} does: one call level deeper, {@code $LINENO} kept. */
    int evaluate(String text);

    /**
     * Runs a file's text as {@code source} does: one level deeper, {@code return} ends it, and {@code args}, when
     * there are any, are the positional parameters meanwhile.
     */
    int source(String file, String text, List<String> args);

    /** Runs a builtin for {@code builtin}, {@code command} and {@code exec}. */
    int runBuiltin(Builtin builtin, List<String> argv);

    /** Runs a command that is not a builtin or function: a registered command, a script or a host program. */
    int runProgram(List<String> argv, Map<String, String> environment, String argv0);

    /** Whether a command of that name is registered (it shows in {@code /usr/bin}). */
    boolean isRegisteredCommand(String name);

    /** Where a host program of that name is, when the sandbox runs host programs. */
    Optional<String> locateProgram(String name);

    /** How many loops enclose the running command. */
    int loopDepth();

    /** {@code break}: leaves that many enclosing loops. */
    void breakLoop(int levels);

    /** {@code continue}: resumes the loop that many levels out. */
    void continueLoop(int levels);

    /** {@code return}: ends the running function or sourced file with that status. */
    void returnFromFunction(int status);

    /** Whether a sourced file is running. */
    boolean inSource();

    /** Ends this shell process with that status (modulo 256) once the builtin returns. */
    void exit(int status);

    /**
     * A special builtin's fatal usage error ({@code break 1 2}): the exception to throw. It ends the command, and in
     * {@code bash -c} the whole command string.
     */
    RuntimeException specialBuiltinError(int status);

    /** What to throw after an assignment error was reported: the rest of the command line is not run. */
    RuntimeException assignmentError(int status);

    // ---- the command hash table ----

    /** The path hashed for a name; null when none. */
    String hashed(String name);

    void hash(String name, String path);

    /** Forgets a name; false when it was not hashed. */
    boolean unhash(String name);

    void clearHashed();

    /** The hashed names with their paths, in the order they were hashed. */
    Map<String, String> hashedCommands();

    // ---- jobs and signals ----

    /** The background jobs, a subshell's parent's included, oldest first. */
    List<BackgroundJob> jobs();

    /** The jobs this process started, the ones {@code wait} waits for. */
    List<BackgroundJob> ownJobs();

    /** {@code %+}: the newest job; null when none. */
    BackgroundJob currentJob();

    /** {@code %-}: the job before the newest; null when none. */
    BackgroundJob previousJob();

    BackgroundJob jobById(int id);

    BackgroundJob jobByPid(long pid);

    void removeJob(BackgroundJob job);

    /** Sends a signal to a job (0: only checks); a job that is done ignores it. */
    void signal(BackgroundJob job, int signal);

    /** Sends a signal to a process of this session (0: only checks); false when there is no such process. */
    boolean signalProcess(long pid, int signal);

    /** A signal that was sent to this process and that it traps, waiting to be handled; 0 when none. */
    int pendingTrappedSignal();

    // ---- variables ----

    /** A variable as expansions see it: namerefs followed, dynamic values (RANDOM, LINENO) computed; or null. */
    Variable variable(String name);

    /** The variable a name designates after namerefs, without computing dynamic values; null when unset. */
    Variable lookup(String name);

    /** Assigns a scalar (through namerefs, with the variable's attributes); false, message printed, when readonly. */
    boolean assign(String name, String value);

    /**
     * Assigns one element of an array: {@code key} for an associative array, else {@code index}. A readonly variable
     * ends the command ({@code ExpansionError}), as an assignment word would.
     */
    void assignElement(String name, long index, String key, String value);

    /** Assigns a whole indexed array (read -a, mapfile), keeping an associative array associative. */
    void assignArray(String name, List<String> values);

    /** {@code test -v}: whether a variable, or the element {@code name[subscript]}, is set. */
    boolean isVariableSet(String operand);

    /** Evaluates an arithmetic expression. */
    long arithmetic(String expression);

    /** The exported variables, as a command's environment. */
    Map<String, String> environment();

    /** {@code $1 ...}: the positional parameters. */
    List<String> positionalParameters();

    /** Where {@code getopts} is inside the current argument (1 at the start of one). */
    int getoptsCharIndex();

    /** The {@code OPTIND} that {@code getopts} last set, to notice a script resetting it. */
    int getoptsLastOptind();

    void setGetoptsPosition(int charIndex, int lastOptind);

    /** The innermost binding of a name, a nameref itself rather than its target; null when unbound. */
    Variable binding(String name);

    /** Removes the innermost binding of a name, a nameref itself rather than its target. */
    void removeBinding(String name);

    /** Unsets a variable (through namerefs); false, with the message printed, when it is readonly. */
    boolean unset(String name);

    /** Unsets one element of an array ({@code @} or {@code *}: all of it); false, message printed, on an error. */
    boolean unsetElement(String name, String subscript);

    /** Sets {@code $1 ...}. */
    void setPositionalParameters(List<String> values);

    /** Every variable in scope by name, dynamic ones ({@link Variable#isDynamic()}) not computed. */
    SortedMap<String, Variable> variables();

    /** The variables of the current function's scope by name. */
    SortedMap<String, Variable> localVariables();

    /**
     * The words of the running declaration builtin that were written as assignments, by index in its argv (null at
     * the others); null when it was called with none.
     */
    List<DeclarationArg> declarationArgs();

    /**
     * Applies declare, local, export or readonly to one name: attributes {@code on} and {@code off} (Variable's bits),
     * then its value; {@code local} declares it in the function's scope. False, message printed, on an error.
     */
    boolean declare(String builtin, DeclarationArg arg, int on, int off, boolean local);

    // ---- functions ----

    /** Whether a shell function is running. */
    boolean inFunction();

    /** The functions' names, sorted. */
    List<String> functionNames();

    /** A function's definition as {@code declare -f} prints it; null when there is no such function. */
    String functionText(String name);

    void makeFunctionReadonly(String name);

    boolean hasFunction(String name);

    void removeFunction(String name);

    boolean isReadonlyFunction(String name);

    // ---- options ----

    /** The {@code set -o} option names, sorted. */
    List<String> setOptionNames();

    boolean isSetOption(String name);

    /** The {@code set -o} option of a flag letter ({@code e} is errexit); null when none. */
    String setOptionForLetter(char letter);

    /** A {@code set -o} option's value. */
    boolean option(String name);

    void setOption(String name, boolean on);

    /** The {@code shopt} option names, sorted. */
    List<String> shoptNames();

    boolean isShopt(String name);

    /** A {@code shopt} option's value. */
    boolean shopt(String name);

    void setShopt(String name, boolean on);

    // ---- working directory ----

    String cwd();

    /** Changes the working directory (an absolute path); PWD is the caller's to set. */
    void setCwd(String path);

    /** The directory stack of pushd and popd, without the working directory at its top. */
    List<String> directoryStack();

    void setDirectoryStack(List<String> directories);

    // ---- traps ----

    /** The traps of this process by signal name (EXIT, INT, ...), in the order they were set. */
    Map<String, String> traps();

    /** A subshell's parent's traps, which it shows until it sets one of its own; null outside subshells. */
    Map<String, String> inheritedTraps();

    void setTrap(String signal, String code);

    void removeTrap(String signal);

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
