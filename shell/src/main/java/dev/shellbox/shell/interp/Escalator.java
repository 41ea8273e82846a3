package dev.shellbox.shell.interp;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;

/**
 * Runs programs that are neither shell functions, shell builtins nor registered commands ({@code python3},
 * {@code cargo}, ...) somewhere else: a container, a sandbox, or the host for the CLI. The interpreter asks {@link
 * #locate} first; a command it does not locate is "command not found" (127).
 */
public interface Escalator {

    /** An escalator that runs nothing: every unknown command is not found. */
    Escalator NONE = new Escalator() {
        @Override
        public Optional<String> locate(String name, Map<String, String> env) {
            return Optional.empty();
        }

        @Override
        public EscalatedProcess start(EscalationRequest request) throws IOException {
            throw new IOException("no escalation available");
        }
    };

    /**
     * Where {@code name} would run from (for {@code type}, {@code command -v} and to decide "not found"); names with a
     * slash are paths.
     */
    Optional<String> locate(String name, Map<String, String> env);

    /** Starts the program; the interpreter pumps the streams the process handle exposes. */
    EscalatedProcess start(EscalationRequest request) throws IOException;

    /**
     * A line printed after bash's "command not found" for a name this escalator does not locate (why, and what to do
     * about it), or null for bash's message alone.
     */
    default String notFoundHint(String name) {
        return null;
    }
}
