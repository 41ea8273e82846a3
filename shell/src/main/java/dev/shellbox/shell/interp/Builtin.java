package dev.shellbox.shell.interp;

import java.io.IOException;
import java.util.List;

/** A command of the shell itself (cd, read, declare, ...): it runs inside the interpreter and may change its state. */
interface Builtin {

    /**
     * Runs the builtin.
     *
     * @param argv the arguments, with the builtin's name at index 0
     * @return the exit status
     */
    int run(Interpreter sh, List<String> argv) throws IOException;
}
