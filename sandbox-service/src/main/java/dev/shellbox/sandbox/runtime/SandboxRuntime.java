package dev.shellbox.sandbox.runtime;

import dev.shellbox.shell.commands.CommandRegistry;
import dev.shellbox.shell.commands.Identity;
import dev.shellbox.shell.interp.Escalator;
import dev.shellbox.shell.interp.ExecutionLimits;
import dev.shellbox.shell.interp.Shell;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A running sandbox in this service's memory: the working view of its volume and its shell sessions. Sessions are
 * independent shells over the same files, like terminals; the default one is called {@value #DEFAULT_SESSION}.
 */
public final class SandboxRuntime {
    public static final String DEFAULT_SESSION = "default";
    static final String WORKSPACE = "/workspace";

    private final String sandboxId;
    private final String userId;
    private final VolumeView view;
    private final Escalator escalator;
    private final Map<String, String> environment;
    private final ConcurrentHashMap<String, Session> sessions = new ConcurrentHashMap<>();

    /** A shell and the lock that keeps its execs in order. */
    public record Session(String name, Shell shell, ReentrantLock lock) {}

    SandboxRuntime(
            String sandboxId, String userId, VolumeView view, Escalator escalator, Map<String, String> sandboxEnv) {
        this.sandboxId = sandboxId;
        this.userId = userId;
        this.view = view;
        this.escalator = escalator;
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HOME", Identity.SANDBOX.home());
        env.put("USER", Identity.SANDBOX.user());
        env.put("LOGNAME", Identity.SANDBOX.user());
        env.put("SHELL", "/bin/bash");
        env.put("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
        env.put("LANG", "C.UTF-8");
        env.put("TERM", "dumb");
        env.put("TMPDIR", "/tmp");
        env.put("HOSTNAME", Identity.SANDBOX.hostname());
        env.put("SHELLBOX_SANDBOX_ID", sandboxId);
        env.putAll(sandboxEnv);
        this.environment = Map.copyOf(env);
    }

    public String sandboxId() {
        return sandboxId;
    }

    public String userId() {
        return userId;
    }

    public VolumeView view() {
        return view;
    }

    /** The named session, created on first use with a shell in /workspace. */
    public Session session(String name, long maxOutputBytes) {
        return sessions.computeIfAbsent(name, n -> new Session(n, newShell(maxOutputBytes), new ReentrantLock()));
    }

    /** Creates a session; false when it exists already. */
    public boolean createSession(String name, long maxOutputBytes) {
        boolean[] created = {false};
        sessions.computeIfAbsent(name, n -> {
            created[0] = true;
            return new Session(n, newShell(maxOutputBytes), new ReentrantLock());
        });
        return created[0];
    }

    public boolean removeSession(String name) {
        return sessions.remove(name) != null;
    }

    public Set<String> sessionNames() {
        Set<String> names = new TreeSet<>(sessions.keySet());
        names.add(DEFAULT_SESSION);
        return names;
    }

    private Shell newShell(long maxOutputBytes) {
        // The engine stops a script that keeps printing long after the output it may return is full.
        long stopAt = Math.max(maxOutputBytes, 1) * 4;
        ExecutionLimits limits = new ExecutionLimits(
                null,
                ExecutionLimits.DEFAULT.maxCommands(),
                ExecutionLimits.DEFAULT.maxLoopIterations(),
                ExecutionLimits.DEFAULT.maxCallDepth(),
                stopAt,
                ExecutionLimits.DEFAULT.maxStringLength(),
                ExecutionLimits.DEFAULT.maxArrayElements(),
                ExecutionLimits.DEFAULT.maxBraceExpansion(),
                ExecutionLimits.DEFAULT.maxBackgroundJobs());
        return Shell.builder()
                .fileSystem(view.fileSystem())
                .commands(CommandRegistry.standard().register(new SyncCommand(view)))
                .escalator(escalator)
                .limits(limits)
                .environment(environment)
                .workingDirectory(WORKSPACE)
                .identity(Identity.SANDBOX)
                .build();
    }
}
