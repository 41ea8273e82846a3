package dev.shellbox.shell.interp;

import dev.shellbox.shell.interp.builtins.BuiltinContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
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

    // ---- variables ----

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

    // ---- functions ----

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
