package dev.shellbox.shell.interp;

import dev.shellbox.shell.syntax.CommandNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The state of one shell process: variables, functions, aliases, options, positional parameters, traps, working
 * directory, descriptors, jobs. A subshell starts from a {@link #copyForSubshell() copy}.
 */
final class ShellState {
    /** One function call (or the script itself at the bottom): its name, positional parameters and call site. */
    static final class CallFrame {
        final String function;
        List<String> positional;
        /** The file the function was defined in (the script's name at the bottom of the stack). */
        String source;

        final int callLine;

        CallFrame(String function, List<String> positional, String source, int callLine) {
            this.function = function;
            this.positional = positional;
            this.source = source;
            this.callLine = callLine;
        }
    }

    Variables vars = new Variables();
    Map<String, CommandNode.FunctionDef> functions = new HashMap<>();
    Map<String, String> functionSources = new HashMap<>();
    Map<String, String> aliases = new LinkedHashMap<>();
    Options options = new Options();
    ArrayList<CallFrame> calls = new ArrayList<>();
    String cwd = "/";
    int umask = 022;
    Map<String, String> traps = new LinkedHashMap<>();
    ArrayList<String> dirStack = new ArrayList<>();
    FdTable fds = new FdTable();
    Jobs jobs = new Jobs();
    Map<String, String> hashed = new LinkedHashMap<>();
    /** ulimit values {soft, hard} by flag, in bytes or counts. */
    Map<Character, long[]> limits = new HashMap<>();

    int lastStatus;
    String lastBackgroundPid;
    String lastArgument = "";
    List<Integer> pipeStatus = List.of();
    String shellName = "bash";
    /** The file a running {@code source} builtin reads, or null: functions defined there remember it. */
    String sourcingFile;

    long pid;
    long rootPid;
    int subshellLevel;
    int lineNumber;
    boolean commandString;
    boolean stdinScript;
    long randomSeed;
    long secondsBase;
    /** getopts: position inside a bundle of short options ({@code -abc}). */
    int getoptsCharIndex = 1;

    int getoptsLastOptind = 1;
    /** Traps saved when entering a subshell; {@code trap} alone still prints them there. */
    Map<String, String> parentTraps;

    ShellState() {}

    List<String> positional() {
        return calls.get(calls.size() - 1).positional;
    }

    void setPositional(List<String> params) {
        calls.get(calls.size() - 1).positional = params;
    }

    CallFrame currentCall() {
        return calls.get(calls.size() - 1);
    }

    boolean inFunction() {
        return calls.size() > 1;
    }

    /** A copy for a subshell: deep-copied variables, shared immutable definitions, fresh jobs, traps reset. */
    ShellState copyForSubshell() {
        ShellState c = new ShellState();
        c.vars = vars.copy();
        c.functions = new HashMap<>(functions);
        c.functionSources = new HashMap<>(functionSources);
        c.aliases = new LinkedHashMap<>(aliases);
        c.options = options.copy();
        c.calls = new ArrayList<>(calls.size());
        for (CallFrame f : calls) {
            c.calls.add(new CallFrame(f.function, f.positional, f.source, f.callLine));
        }
        c.cwd = cwd;
        c.umask = umask;
        // signal traps are reset in a subshell, ignored signals stay ignored; EXIT is not inherited
        c.traps = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : traps.entrySet()) {
            String key = e.getKey();
            boolean inherited = (key.equals("ERR") && options.errtrace)
                    || ((key.equals("DEBUG") || key.equals("RETURN")) && options.functrace);
            if (inherited || (e.getValue().isEmpty() && !key.equals("EXIT"))) {
                c.traps.put(key, e.getValue());
            }
        }
        c.parentTraps = traps.isEmpty() ? parentTraps : new LinkedHashMap<>(traps);
        c.dirStack = new ArrayList<>(dirStack);
        c.fds = fds.copy();
        c.jobs = jobs.snapshot();
        for (Map.Entry<Character, long[]> e : limits.entrySet()) {
            c.limits.put(e.getKey(), e.getValue().clone());
        }
        c.hashed = new LinkedHashMap<>(hashed);
        c.lastStatus = lastStatus;
        c.lastBackgroundPid = lastBackgroundPid;
        c.lastArgument = lastArgument;
        c.pipeStatus = pipeStatus;
        c.shellName = shellName;
        c.sourcingFile = sourcingFile;
        c.pid = pid;
        c.rootPid = rootPid;
        c.subshellLevel = subshellLevel + 1;
        c.lineNumber = lineNumber;
        c.commandString = commandString;
        c.stdinScript = stdinScript;
        c.randomSeed = randomSeed * 6364136223846793005L + 1442695040888963407L + subshellLevel;
        c.secondsBase = secondsBase;
        c.getoptsCharIndex = getoptsCharIndex;
        c.getoptsLastOptind = getoptsLastOptind;
        return c;
    }
}
