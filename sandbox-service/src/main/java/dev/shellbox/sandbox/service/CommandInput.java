package dev.shellbox.sandbox.service;

import dev.shellbox.platform.problem.ProblemException;
import java.util.Map;
import java.util.regex.Pattern;

/** The checks an exec and a process share for what to run: the command, its working directory, its variables. */
final class CommandInput {
    /** Largest command accepted; a longer script is uploaded as a file and run from there. */
    static final int MAX_COMMAND_BYTES = 1 << 20;

    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private CommandInput() {}

    /** A 400 naming {@code /command} unless it is bash source of an acceptable length. */
    static void requireCommand(String command, String what) {
        if (command == null || command.isBlank()) {
            throw ProblemException.badField("/command", "a string", "command is required: " + what);
        }
        if (command.length() > MAX_COMMAND_BYTES) {
            throw ProblemException.badField(
                    "/command",
                    "at most " + MAX_COMMAND_BYTES + " characters",
                    "command is longer than " + MAX_COMMAND_BYTES + " characters; upload the script as a file and"
                            + " run it instead");
        }
    }

    /** A 400 naming {@code /cwd} or {@code /env/NAME} unless the directory is absolute and the names are valid. */
    static void requirePlace(String cwd, Map<String, String> env) {
        if (cwd != null && !cwd.startsWith("/")) {
            throw ProblemException.badField(
                    "/cwd", "an absolute path", "cwd must be an absolute path, like /workspace/src");
        }
        if (env != null) {
            for (Map.Entry<String, String> e : env.entrySet()) {
                if (!ENV_NAME.matcher(e.getKey()).matches() || e.getValue() == null) {
                    throw ProblemException.badField(
                            "/env/" + e.getKey(),
                            "a name of letters, digits and '_' with a string value",
                            "env '" + e.getKey() + "' must be a valid name with a value");
                }
            }
        }
    }
}
