package dev.shellbox.shell.interp;

import java.util.List;
import java.util.Map;

/**
 * What to run: argv (argv[0] as located), working directory and environment. The {@code inherit*} flags say that a
 * stream is the shell's own original stream, which an escalator may connect directly (then the process handle returns
 * null for it and the interpreter does not pump it).
 */
public record EscalationRequest(
        List<String> argv,
        String cwd,
        Map<String, String> env,
        boolean inheritStdin,
        boolean inheritStdout,
        boolean inheritStderr) {}
