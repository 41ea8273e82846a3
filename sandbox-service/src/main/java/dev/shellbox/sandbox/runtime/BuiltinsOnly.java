package dev.shellbox.sandbox.runtime;

import dev.shellbox.shell.interp.EscalatedProcess;
import dev.shellbox.shell.interp.EscalationRequest;
import dev.shellbox.shell.interp.Escalator;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;

/** The escalator of provider {@code in-process}: nothing runs outside the interpreter, and "not found" says why. */
final class BuiltinsOnly implements Escalator {
    static final BuiltinsOnly INSTANCE = new BuiltinsOnly();

    private BuiltinsOnly() {}

    @Override
    public Optional<String> locate(String name, Map<String, String> env) {
        return Optional.empty();
    }

    @Override
    public EscalatedProcess start(EscalationRequest request) throws IOException {
        throw new IOException("escalation is not enabled for this sandbox");
    }

    @Override
    public String notFoundHint(String name) {
        return "shellbox: '" + name + "' is not a built-in command and this sandbox (provider \"in-process\") runs "
                + "built-in commands only; create the sandbox with \"provider\": \"local\" to run other programs";
    }
}
