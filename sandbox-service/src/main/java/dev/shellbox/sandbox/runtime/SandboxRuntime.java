package dev.shellbox.sandbox.runtime;

import dev.shellbox.sandbox.provider.ContentStore;
import dev.shellbox.sandbox.provider.ProviderEscalator;
import dev.shellbox.sandbox.provider.SandboxContainer;
import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.interp.Escalator;
import dev.shellbox.shell.interp.ExecutionLimits;
import dev.shellbox.shell.interp.Shell;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
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
    /** Where escalated programs run; null when they run nowhere (provider in-process). */
    private final SandboxContainer container;
    /** Where large files the container's programs wrote go. */
    private final ContentStore contentStore;

    private final Map<String, String> environment;
    private final ConcurrentHashMap<String, Session> sessions = new ConcurrentHashMap<>();

    /**
     * A shell, the lock that keeps its execs in order, and its escalator (null without a container), which knows how
     * long the session's programs ran.
     */
    public record Session(String name, Shell shell, ReentrantLock lock, ProviderEscalator escalator) {
        /** Milliseconds the session's escalated programs ran since the last call. */
        public long takeContainerMillis() {
            return escalator == null ? 0 : escalator.takeContainerMillis();
        }
    }

    SandboxRuntime(
            String sandboxId,
            String userId,
            VolumeView view,
            SandboxContainer container,
            ContentStore contentStore,
            Map<String, String> sandboxEnv) {
        this.sandboxId = sandboxId;
        this.userId = userId;
        this.view = view;
        this.container = container;
        this.contentStore = contentStore;
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
        return sessions.computeIfAbsent(name, n -> newSession(n, maxOutputBytes));
    }

    /** Creates a session; false when it exists already. */
    public boolean createSession(String name, long maxOutputBytes) {
        boolean[] created = {false};
        sessions.computeIfAbsent(name, n -> {
            created[0] = true;
            return newSession(n, maxOutputBytes);
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

    /**
     * Brings what running programs wrote so far into the view and saves the view when it changed, unless a save is
     * under way: called in the background, so that such files reach the Files API and survive without waiting for the
     * exec that started the programs.
     */
    void saveInBackground() {
        if (container != null && container.hasRunningPrograms()) {
            try {
                container.syncOut(view.files(), contentStore);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (view.dirty()) {
            view.commitIfIdle();
        }
    }

    /**
     * Saves everything and puts the sandbox away (pause): the view is saved while programs still run (a failure
     * leaves them running and the sandbox as it was), then the programs are killed, what they left is saved too, and
     * the container's workspace is put away.
     */
    void saveAndStop() {
        view.commit();
        if (container != null) {
            container.killPrograms();
            try {
                container.syncOut(view.files(), contentStore);
            } catch (IOException e) {
                throw new VolumeView.NotSavedException(List.of("/"), "reading what programs left failed: " + e, e);
            }
            view.commit();
            container.stop();
        }
    }

    /** Kills the programs still running in the container (background servers too); the workspace stays. */
    void stopPrograms() {
        if (container != null) {
            container.stop();
        }
    }

    /** Kills the container's programs and deletes its workspace. */
    void destroyContainer() {
        if (container != null) {
            container.destroy();
        }
    }

    private Session newSession(String name, long maxOutputBytes) {
        ProviderEscalator escalator =
                container == null ? null : new ProviderEscalator(container, view.files(), contentStore);
        return new Session(
                name,
                newShell(maxOutputBytes, escalator == null ? BuiltinsOnly.INSTANCE : escalator),
                new ReentrantLock(),
                escalator);
    }

    private Shell newShell(long maxOutputBytes, Escalator escalator) {
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
                .commands(StandardCommands.registry().register(new SyncCommand(view)))
                .escalator(escalator)
                .limits(limits)
                .environment(environment)
                .workingDirectory(WORKSPACE)
                .identity(Identity.SANDBOX)
                .build();
    }
}
