package dev.shellbox.shell.interp.builtins;

import java.io.IOException;
import java.util.List;

/** A command of the shell itself (cd, read, declare, ...): it runs inside the shell process and may change it. */
@FunctionalInterface
public interface Builtin {

    /**
     * Runs the builtin.
     *
     * @param argv the arguments, with the builtin's name at index 0
     * @return the exit status
     */
    int run(BuiltinContext sh, List<String> argv) throws IOException;
}
