package dev.shellbox.shell.interp;

import dev.shellbox.shell.io.Cancellation;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One call of {@link Shell#execute(Execution)}: the script, its streams and cancellation, and what holds for this call
 * only.
 *
 * <ul>
 *   <li>{@code workingDirectory}: where the script starts (absolute, or relative to the session's directory); null
 *       runs it in the session's directory. When given, the session's directory ({@code PWD}, {@code OLDPWD} and the
 *       {@code pushd} stack too) is as before once the call ends; without it, a {@code cd} of the script persists.
 *   <li>{@code environment}: variables exported for this call only. Afterwards each of these names is exactly as
 *       before the call (its value and attributes, or unset); variables of other names that the script assigned stay.
 *   <li>{@code commandBudget}: one unit per command the script runs (each simple command, {@code [[ ]]}, {@code (( ))},
 *       and each command a command runs, as {@code xargs} and {@code find -exec} do), the commands {@link
 *       ExecutionLimits#maxCommands()} counts.
 *   <li>{@code programTimeBudget}: one unit per millisecond that escalated programs run while the execution does,
 *       each program's wall-clock time counted on its own (two at once use two units a millisecond), taken as they
 *       run so that a long program is stopped when the budget is spent.
 * </ul>
 *
 * A directory that does not exist, a name that is not a variable name, or a variable the shell keeps to itself
 * (readonly ones such as {@code UID}, special ones such as {@code RANDOM}) fail the call before anything runs with an
 * {@link ExecutionRejectedException}.
 *
 * @param script bash source text
 * @param stdin the script's standard input
 * @param stdout where its standard output goes
 * @param stderr where its error output goes
 * @param cancellation cancels the script (a client that went away); the shell's deadline still applies
 * @param workingDirectory the directory of this call, or null for the session's
 * @param environment exported variables of this call, in order
 * @param commandBudget the commands this call may run, or null for no budget
 * @param programTimeBudget milliseconds escalated programs of this call may run, or null for no budget
 */
public record Execution(
        String script,
        InputStream stdin,
        OutputStream stdout,
        OutputStream stderr,
        Cancellation cancellation,
        String workingDirectory,
        Map<String, String> environment,
        Budget commandBudget,
        Budget programTimeBudget) {

    public Execution {
        Objects.requireNonNull(script, "script");
        stdin = stdin == null ? InputStream.nullInputStream() : stdin;
        stdout = stdout == null ? OutputStream.nullOutputStream() : stdout;
        stderr = stderr == null ? OutputStream.nullOutputStream() : stderr;
        cancellation = cancellation == null ? Cancellation.create() : cancellation;
        environment = environment == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(environment));
    }

    /** The script with no input, its output discarded, in the session's directory and environment. */
    public static Execution of(String script) {
        return builder(script).build();
    }

    public static Builder builder(String script) {
        return new Builder(script);
    }

    /** Builds an {@link Execution}; only the script is required. */
    public static final class Builder {
        private final String script;
        private InputStream stdin;
        private OutputStream stdout;
        private OutputStream stderr;
        private Cancellation cancellation;
        private String workingDirectory;
        private final Map<String, String> environment = new LinkedHashMap<>();
        private Budget commandBudget;
        private Budget programTimeBudget;

        private Builder(String script) {
            this.script = script;
        }

        public Builder stdin(InputStream v) {
            stdin = v;
            return this;
        }

        public Builder stdout(OutputStream v) {
            stdout = v;
            return this;
        }

        public Builder stderr(OutputStream v) {
            stderr = v;
            return this;
        }

        public Builder cancellation(Cancellation v) {
            cancellation = v;
            return this;
        }

        /** The directory of this call only; null for the session's. */
        public Builder workingDirectory(String v) {
            workingDirectory = v;
            return this;
        }

        /** Adds variables exported for this call only. */
        public Builder environment(Map<String, String> v) {
            environment.putAll(v);
            return this;
        }

        /** Adds one variable exported for this call only. */
        public Builder variable(String name, String value) {
            environment.put(name, value);
            return this;
        }

        /** One unit per command the script runs; the script stops when it is spent. */
        public Builder commandBudget(Budget v) {
            commandBudget = v;
            return this;
        }

        /** One unit per millisecond of each escalated program; the script stops when it is spent. */
        public Builder programTimeBudget(Budget v) {
            programTimeBudget = v;
            return this;
        }

        public Execution build() {
            return new Execution(
                    script,
                    stdin,
                    stdout,
                    stderr,
                    cancellation,
                    workingDirectory,
                    environment,
                    commandBudget,
                    programTimeBudget);
        }
    }
}
