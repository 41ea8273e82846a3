package dev.shellbox.shell.interp;

import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.interp.builtins.BackgroundJob;
import dev.shellbox.shell.interp.builtins.Builtin;
import dev.shellbox.shell.interp.builtins.BuiltinContext;
import dev.shellbox.shell.interp.builtins.DeclarationArg;
import dev.shellbox.shell.interp.builtins.ResourceLimits;
import dev.shellbox.shell.interp.builtins.Signals;
import dev.shellbox.shell.syntax.CommandNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/** The {@link BuiltinContext} of one interpreter: the builtins' only way into its state. */
final class InterpreterBuiltinContext implements BuiltinContext {
    private final Interpreter sh;

    InterpreterBuiltinContext(Interpreter sh) {
        this.sh = sh;
    }

    // ---- messages and output ----

    @Override
    public void error(String builtin, String message) {
        sh.builtinError(builtin, message);
    }

    @Override
    public void errorLine(String message) {
        sh.errorLine(message);
    }

    @Override
    public void writeErr(String text) {
        sh.writeErr(text);
    }

    @Override
    public boolean writeOut(String text) throws IOException {
        return sh.writeOut(text);
    }

    @Override
    public InputStream input(int fd) {
        FdEntry e = sh.st.fds.get(fd);
        return e == null ? null : e.in;
    }

    @Override
    public OutputStream output(int fd) {
        return sh.st.fds.output(fd);
    }

    @Override
    public boolean isTerminal(int fd) {
        FdEntry e = sh.st.fds.get(fd);
        return e != null && e.rootFd >= 0 && sh.session.terminal;
    }

    // ---- the process ----

    @Override
    public int lastStatus() {
        return sh.st.lastStatus;
    }

    @Override
    public List<Call> calls() {
        List<Call> calls = new ArrayList<>(sh.st.calls.size());
        for (ShellState.CallFrame f : sh.st.calls) {
            calls.add(new Call(f.function, f.source, f.callLine));
        }
        return calls;
    }

    @Override
    public int umask() {
        return sh.st.umask;
    }

    @Override
    public void setUmask(int mask) {
        sh.st.umask = mask;
    }

    @Override
    public String shellName() {
        return sh.st.shellName;
    }

    @Override
    public void checkCancelled() {
        sh.checkCancelled();
    }

    @Override
    public void sleep(long millis) {
        sh.cancellation.sleep(millis);
    }

    @Override
    public long currentTimeMillis() {
        return sh.session.clock.millis();
    }

    @Override
    public long startTimeMillis() {
        return sh.st.secondsBase;
    }

    @Override
    public FileSystem fileSystem() {
        return sh.session.fs;
    }

    @Override
    public Identity identity() {
        return sh.session.identity;
    }

    @Override
    public String resolvePath(String path) {
        return sh.resolvePath(path);
    }

    @Override
    public int runText(String text, String sourceName) {
        return sh.runText(text, sourceName, false);
    }

    // ---- running commands and control flow ----

    @Override
    public int evaluate(String text) {
        sh.checkDepth(sh.depth + 1);
        sh.depth++;
        int line = sh.st.lineNumber;
        try {
            return sh.runText(text, "eval", false);
        } finally {
            sh.depth--;
            sh.st.lineNumber = line;
        }
    }

    @Override
    public int source(String file, String text, List<String> args) {
        sh.checkDepth(sh.depth + 1);
        sh.depth++;
        sh.sourceDepth++;
        ShellState.CallFrame frame = sh.st.currentCall();
        List<String> savedPositional = null;
        if (!args.isEmpty()) {
            savedPositional = frame.positional;
            frame.positional = new ArrayList<>(args);
        }
        int line = sh.st.lineNumber;
        String outerFile = sh.st.sourcingFile;
        sh.st.sourcingFile = file;
        try {
            int status = sh.runText(text, file, false);
            if (sh.control == Interpreter.Control.RETURN) {
                sh.control = Interpreter.Control.NONE;
                status = sh.controlStatus;
            }
            return status;
        } finally {
            sh.sourceDepth--;
            sh.depth--;
            sh.st.lineNumber = line;
            sh.st.sourcingFile = outerFile;
            if (savedPositional != null) {
                frame.positional = savedPositional;
            }
        }
    }

    @Override
    public int runBuiltin(Builtin builtin, List<String> argv) {
        return sh.runBuiltin(builtin, argv);
    }

    @Override
    public int runProgram(List<String> argv, Map<String, String> environment, String argv0) {
        return External.runWithEnv(sh, argv, environment, argv0);
    }

    @Override
    public boolean isRegisteredCommand(String name) {
        return sh.session.registry.contains(name);
    }

    @Override
    public Optional<String> locateProgram(String name) {
        return sh.session.escalator.locate(name, Vars.environment(sh));
    }

    @Override
    public int loopDepth() {
        return sh.loopDepth;
    }

    @Override
    public void breakLoop(int levels) {
        sh.control = Interpreter.Control.BREAK;
        sh.controlCount = levels;
    }

    @Override
    public void continueLoop(int levels) {
        sh.control = Interpreter.Control.CONTINUE;
        sh.controlCount = levels;
    }

    @Override
    public void returnFromFunction(int status) {
        sh.control = Interpreter.Control.RETURN;
        sh.controlStatus = status;
    }

    @Override
    public boolean inSource() {
        return sh.inSource();
    }

    @Override
    public void exit(int status) {
        sh.requestExit(status);
    }

    @Override
    public RuntimeException specialBuiltinError(int status) {
        return new Interpreter.CommandAborted(status, true);
    }

    @Override
    public RuntimeException assignmentError(int status) {
        return new Interpreter.CommandAborted(status);
    }

    // ---- the command hash table ----

    @Override
    public String hashed(String name) {
        return sh.st.hashed.get(name);
    }

    @Override
    public void hash(String name, String path) {
        sh.st.hashed.put(name, path);
    }

    @Override
    public boolean unhash(String name) {
        return sh.st.hashed.remove(name) != null;
    }

    @Override
    public void clearHashed() {
        sh.st.hashed.clear();
    }

    @Override
    public Map<String, String> hashedCommands() {
        return new LinkedHashMap<>(sh.st.hashed);
    }

    // ---- jobs and signals ----

    @Override
    public List<BackgroundJob> jobs() {
        return new ArrayList<>(sh.st.jobs.all());
    }

    @Override
    public List<BackgroundJob> ownJobs() {
        return new ArrayList<>(sh.st.jobs.own());
    }

    @Override
    public BackgroundJob currentJob() {
        return sh.st.jobs.current();
    }

    @Override
    public BackgroundJob previousJob() {
        return sh.st.jobs.previous();
    }

    @Override
    public BackgroundJob jobById(int id) {
        return sh.st.jobs.byId(id);
    }

    @Override
    public BackgroundJob jobByPid(long pid) {
        return sh.st.jobs.byPid(pid);
    }

    @Override
    public void removeJob(BackgroundJob job) {
        sh.st.jobs.remove((Job) job);
    }

    @Override
    public void signal(BackgroundJob job, int signal) {
        Job j = (Job) job;
        if (j.isDone()) {
            return;
        }
        Interpreter process = j.process;
        if (process == null) {
            if (signal != 0) {
                j.cancellation.cancel("killed");
            }
            return;
        }
        if (signal != 0) {
            process.receive(signal, sh);
        }
    }

    @Override
    public boolean signalProcess(long pid, int signal) {
        Interpreter process = sh.session.process(pid);
        if (process == null && (pid == sh.st.pid || pid == sh.st.rootPid)) {
            process = sh;
        }
        if (process == null) {
            return false;
        }
        if (signal != 0) {
            process.receive(signal, sh);
        }
        return true;
    }

    @Override
    public int pendingTrappedSignal() {
        Integer sig = sh.pendingSignals.peek();
        if (sig == null) {
            return 0;
        }
        String code = sh.st.traps.get(Signals.name(sig));
        return code != null && !code.isEmpty() ? sig : 0;
    }

    @Override
    public long[] limit(char flag) {
        return ResourceLimits.current(sh.st.limits, flag).clone();
    }

    @Override
    public void setLimit(char flag, long soft, long hard) {
        sh.st.limits.put(flag, new long[] {soft, hard});
    }

    // ---- variables ----

    @Override
    public Variable variable(String name) {
        return Vars.visible(sh, name);
    }

    @Override
    public Variable lookup(String name) {
        return Vars.lookup(sh, name);
    }

    @Override
    public boolean assign(String name, String value) {
        return Vars.assign(sh, name, value);
    }

    @Override
    public void assignElement(String name, long index, String key, String value) {
        Vars.assignElementOrAbort(sh, name, index, key, value);
    }

    @Override
    public void assignArray(String name, List<String> values) {
        List<String[]> elements = new ArrayList<>(values.size());
        for (String v : values) {
            elements.add(new String[] {null, v, null});
        }
        Vars.assignArray(sh, name, elements, false, null, false);
    }

    @Override
    public boolean isVariableSet(String operand) {
        return Vars.isVariableSet(sh, operand);
    }

    @Override
    public long arithmetic(String expression) {
        return sh.expander.evaluateArithmetic(expression);
    }

    @Override
    public Map<String, String> environment() {
        return Vars.environment(sh);
    }

    @Override
    public List<String> positionalParameters() {
        return sh.st.positional();
    }

    @Override
    public int getoptsCharIndex() {
        return sh.st.getoptsCharIndex;
    }

    @Override
    public int getoptsLastOptind() {
        return sh.st.getoptsLastOptind;
    }

    @Override
    public void setGetoptsPosition(int charIndex, int lastOptind) {
        sh.st.getoptsCharIndex = charIndex;
        sh.st.getoptsLastOptind = lastOptind;
    }

    @Override
    public Variable binding(String name) {
        return sh.st.vars.get(name);
    }

    @Override
    public void removeBinding(String name) {
        sh.st.vars.removeInnermost(name);
    }

    @Override
    public boolean unset(String name) {
        return Vars.unset(sh, name);
    }

    @Override
    public boolean unsetElement(String name, String subscript) {
        return Vars.unsetElement(sh, name, subscript);
    }

    @Override
    public void setPositionalParameters(List<String> values) {
        sh.st.setPositional(values);
    }

    @Override
    public SortedMap<String, Variable> variables() {
        return new TreeMap<>(sh.st.vars.visible());
    }

    @Override
    public SortedMap<String, Variable> localVariables() {
        return new TreeMap<>(sh.st.vars.localFrame().vars);
    }

    @Override
    public List<DeclarationArg> declarationArgs() {
        return sh.currentDeclarationArgs;
    }

    @Override
    public boolean declare(String builtin, DeclarationArg arg, int on, int off, boolean local) {
        return Vars.declare(sh, builtin, arg, on, off, local);
    }

    // ---- functions ----

    @Override
    public boolean inFunction() {
        return sh.st.inFunction();
    }

    @Override
    public List<String> functionNames() {
        return new ArrayList<>(new TreeMap<>(sh.st.functions).keySet());
    }

    @Override
    public String functionText(String name) {
        CommandNode.FunctionDef f = sh.st.functions.get(name);
        return f == null ? null : Printer.function(name, f.body());
    }

    @Override
    public void makeFunctionReadonly(String name) {
        sh.readonlyFunctions().add(name);
    }

    @Override
    public boolean hasFunction(String name) {
        return sh.st.functions.containsKey(name);
    }

    @Override
    public void removeFunction(String name) {
        sh.st.functions.remove(name);
    }

    @Override
    public boolean isReadonlyFunction(String name) {
        return sh.readonlyFunctions().contains(name);
    }

    // ---- options ----

    @Override
    public List<String> setOptionNames() {
        return new ArrayList<>(Options.SET_OPTIONS.keySet());
    }

    @Override
    public boolean isSetOption(String name) {
        return Options.isSetOption(name);
    }

    @Override
    public String setOptionForLetter(char letter) {
        return Options.setOptionForLetter(letter);
    }

    @Override
    public boolean option(String name) {
        return sh.st.options.get(name);
    }

    @Override
    public void setOption(String name, boolean on) {
        sh.st.options.set(name, on);
    }

    @Override
    public List<String> shoptNames() {
        return new ArrayList<>(sh.st.options.shoptOptions().keySet());
    }

    @Override
    public boolean isShopt(String name) {
        return sh.st.options.isShopt(name);
    }

    @Override
    public boolean shopt(String name) {
        return sh.st.options.shopt(name);
    }

    @Override
    public void setShopt(String name, boolean on) {
        sh.st.options.setShopt(name, on);
    }

    // ---- working directory ----

    @Override
    public String cwd() {
        return sh.st.cwd;
    }

    @Override
    public void setCwd(String path) {
        sh.st.cwd = path;
    }

    @Override
    public List<String> directoryStack() {
        return new ArrayList<>(sh.st.dirStack);
    }

    @Override
    public void setDirectoryStack(List<String> directories) {
        List<String> copy = new ArrayList<>(directories);
        sh.st.dirStack.clear();
        sh.st.dirStack.addAll(copy);
    }

    // ---- traps ----

    @Override
    public Map<String, String> traps() {
        return new LinkedHashMap<>(sh.st.traps);
    }

    @Override
    public Map<String, String> inheritedTraps() {
        return sh.st.parentTraps == null ? null : new LinkedHashMap<>(sh.st.parentTraps);
    }

    @Override
    public void setTrap(String signal, String code) {
        sh.st.traps.put(signal, code);
    }

    @Override
    public void removeTrap(String signal) {
        sh.st.traps.remove(signal);
    }

    // ---- aliases ----

    @Override
    public SortedMap<String, String> aliases() {
        return new TreeMap<>(sh.st.aliases);
    }

    @Override
    public String alias(String name) {
        return sh.st.aliases.get(name);
    }

    @Override
    public void setAlias(String name, String value) {
        sh.st.aliases.put(name, value);
    }

    @Override
    public boolean removeAlias(String name) {
        return sh.st.aliases.remove(name) != null;
    }

    @Override
    public void clearAliases() {
        sh.st.aliases.clear();
    }
}
