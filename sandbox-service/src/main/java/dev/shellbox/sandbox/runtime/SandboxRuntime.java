package dev.shellbox.sandbox.runtime;

import dev.shellbox.contracts.volume.SystemPaths;
import dev.shellbox.sandbox.provider.ContentStore;
import dev.shellbox.sandbox.provider.ProviderEscalator;
import dev.shellbox.sandbox.provider.SandboxContainer;
import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.fs.MountedFileSystem;
import dev.shellbox.shell.interp.Escalator;
import dev.shellbox.shell.interp.ExecutionLimits;
import dev.shellbox.shell.interp.ProcessBound;
import dev.shellbox.shell.interp.Shell;
import dev.shellbox.shell.net.NetworkAccess;
import dev.shellbox.supervisor.Supervisor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.jboss.logging.Logger;

/**
 * A running sandbox in this service's memory: the working view of its volume and its shell sessions. Sessions are
 * independent shells over the same files, like terminals; the default one is called {@value #DEFAULT_SESSION}.
 */
public final class SandboxRuntime {
    private static final Logger LOG = Logger.getLogger(SandboxRuntime.class);
    public static final String DEFAULT_SESSION = "default";
    public static final String WORKSPACE = "/workspace";

    private final String sandboxId;
    private final String userId;
    private final VolumeView view;
    /** Where escalated programs run; null when they run nowhere (provider in-process). */
    private final SandboxContainer container;
    /** Where large files the container's programs wrote go. */
    private final ContentStore contentStore;

    private final Map<String, String> environment;
    /** What the sessions' built-ins see: the view, with the container's system directories read-only over it. */
    private final FileSystem files;
    /** The in-process threads all sessions of the sandbox may run at once (a fork bomb stops here). */
    private final ProcessBound processes;
    /** Sessions' states as they were saved (pause, restart), restored when each session is first used. */
    private final Map<String, String> savedStates;

    private final ConcurrentHashMap<String, Session> sessions = new ConcurrentHashMap<>();

    /**
     * A shell, the lock that keeps its execs in order, its escalator (null without a container), which knows how long
     * the session's programs ran, and the state last saved for it.
     */
    public static final class Session {
        private final String name;
        private final Shell shell;
        private final ReentrantLock lock = new ReentrantLock();
        private final ProviderEscalator escalator;
        private volatile String savedState;

        Session(String name, Shell shell, ProviderEscalator escalator, String savedState) {
            this.name = name;
            this.shell = shell;
            this.escalator = escalator;
            this.savedState = savedState;
        }

        public String name() {
            return name;
        }

        public Shell shell() {
            return shell;
        }

        public ReentrantLock lock() {
            return lock;
        }

        /** Milliseconds the session's escalated programs ran since the last call. */
        public long takeContainerMillis() {
            return escalator == null ? 0 : escalator.takeContainerMillis();
        }

        /** The session's state when it differs from what was last saved, else empty; call with the lock held. */
        public Optional<String> unsavedState() {
            String now = shell.saveState();
            return now.equals(savedState) ? Optional.empty() : Optional.of(now);
        }

        /** Records that {@code state} was saved. */
        public void saved(String state) {
            savedState = state;
        }
    }

    /** How the sandbox's built-ins (curl, wget) connect: under its network policy. */
    private final NetworkAccess network;

    SandboxRuntime(
            String sandboxId,
            String userId,
            VolumeView view,
            SandboxContainer container,
            ContentStore contentStore,
            Map<String, String> sandboxEnv,
            NetworkAccess network,
            int maxProcesses,
            Map<String, String> savedStates) {
        this.sandboxId = sandboxId;
        this.network = network;
        this.userId = userId;
        this.view = view;
        this.container = container;
        this.contentStore = contentStore;
        this.processes = ProcessBound.of(maxProcesses);
        this.savedStates = new ConcurrentHashMap<>(savedStates);
        this.files = systemView(view, container);
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
        boolean saved = savedStates.remove(name) != null;
        return sessions.remove(name) != null || saved;
    }

    public Set<String> sessionNames() {
        Set<String> names = new TreeSet<>(sessions.keySet());
        names.addAll(savedStates.keySet());
        names.add(DEFAULT_SESSION);
        return names;
    }

    /**
     * The supervisor of the sandbox's container, with the sandbox's files brought into the container first, for a
     * program that runs on its own; empty when the sandbox's provider has no container ({@code in-process}).
     */
    public Optional<Supervisor> supervisor() throws IOException {
        if (container == null) {
            return Optional.empty();
        }
        container.syncIn(view.files());
        return Optional.of(container.supervisor());
    }

    /** Variables the sandbox's container gives its programs (where a proxied network's proxy is). */
    public Map<String, String> programEnvironment() {
        return container == null ? Map.of() : container.programEnvironment();
    }

    /** The supervisor of the sandbox's container when it runs; never starts one. */
    public Optional<Supervisor> runningSupervisor() {
        return container == null ? Optional.empty() : container.runningSupervisor();
    }

    /** Whether the sandbox's container runs programs (background servers too). */
    public boolean hasRunningPrograms() {
        return container != null && container.hasRunningPrograms();
    }

    /** The sandbox's environment: what its programs start with. */
    public Map<String, String> environment() {
        return environment;
    }

    /** How many in-process threads the sandbox's sessions run now. */
    public int liveProcesses() {
        return processes.live();
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
        Shell shell = newShell(maxOutputBytes, escalator == null ? BuiltinsOnly.INSTANCE : escalator);
        String saved = savedStates.get(name);
        if (saved != null) {
            List<String> problems = shell.restoreState(saved);
            if (!problems.isEmpty()) {
                LOG.warnf("sandbox %s: session %s came back without %s", sandboxId, name, problems);
            }
        }
        return new Session(name, shell, escalator, saved);
    }

    /**
     * The files built-ins see: the view, with what the container gives programs besides it (its system directories,
     * its /etc files) mounted read-only, and the other system directories read-only and empty, so that a write there
     * fails with EROFS for built-ins as for programs and the Files API.
     */
    private static FileSystem systemView(VolumeView view, SandboxContainer container) {
        MountedFileSystem.Builder b = MountedFileSystem.over(view.fileSystem());
        Set<String> covered;
        try {
            covered = container == null ? Set.of() : container.mountSystem(b);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (String dir : SystemPaths.DIRECTORIES) {
            // /dev and /proc are the engine's own
            if (!covered.contains(dir) && !dir.equals("dev") && !dir.equals("proc")) {
                b.mount("/" + dir, new InMemoryFileSystem());
            }
        }
        return b.build();
    }

    private Shell newShell(long maxOutputBytes, Escalator escalator) {
        // The engine stops a script that keeps printing long after the output it may return is full.
        long stopAt = Math.max(maxOutputBytes, 1) * 4;
        return Shell.builder()
                .fileSystem(files)
                .processes(processes)
                .commands(StandardCommands.registry().register(new SyncCommand(view)))
                .escalator(escalator)
                .limits(ExecutionLimits.DEFAULT.withMaxOutputBytes(stopAt))
                .environment(environment)
                .workingDirectory(WORKSPACE)
                .identity(Identity.SANDBOX)
                .network(network)
                .build();
    }
}
