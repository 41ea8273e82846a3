package dev.shellbox.shell.interp;

import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.interp.builtins.BuiltinContext;
import dev.shellbox.shell.interp.builtins.DeclarationArg;
import dev.shellbox.shell.interp.builtins.ResourceLimits;
import dev.shellbox.shell.syntax.CommandNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
