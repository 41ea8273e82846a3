package dev.shellbox.sandbox.runtime;

import dev.shellbox.egress.NetworkPolicy;
import dev.shellbox.sandbox.client.VolumeClient;
import dev.shellbox.sandbox.config.SandboxConfig;
import dev.shellbox.sandbox.domain.ExecLimits;
import dev.shellbox.sandbox.domain.Sandbox;
import dev.shellbox.sandbox.egress.NetworkPolicies;
import dev.shellbox.sandbox.egress.SandboxEgresses;
import dev.shellbox.sandbox.provider.ContainerNetwork;
import dev.shellbox.sandbox.provider.ContainerProviders;
import dev.shellbox.sandbox.provider.ContainerSpec;
import dev.shellbox.sandbox.provider.SandboxContainer;
import dev.shellbox.sandbox.repository.SavedSessionRepository;
import dev.shellbox.shell.command.Identity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * The sandboxes running in this instance. A runtime is created on a sandbox's first use (loading its volume's tree)
 * and dropped when the sandbox pauses or is destroyed; its files live on in vfs-service.
 *
 * <p>While a runtime exists, every change to the sandbox's files goes through its view: scripts and programs write
 * it, the Files API's changes are applied through {@link #writeFiles}. A background task saves what changed (and what
 * running programs wrote) every {@value #SAVE_INTERVAL_MS} ms.
 */
@ApplicationScoped
public class SandboxRuntimes {
    private static final Logger LOG = Logger.getLogger(SandboxRuntimes.class);
    static final long SAVE_INTERVAL_MS = 500;

    private final VolumeClient volumes;
    private final ContainerProviders providers;
    private final SavedSessionRepository savedSessions;
    private final SandboxEgresses egresses;
    private final SandboxConfig config;
    private final ConcurrentHashMap<String, SandboxRuntime> running = new ConcurrentHashMap<>();
    /**
     * One lock per sandbox that orders creating and dropping its runtime with Files API changes, so that a change is
     * applied either before the view loads (and the view sees it) or through the view.
     */
    private final ConcurrentHashMap<String, ReentrantLock> locks = new ConcurrentHashMap<>();

    private final ScheduledExecutorService saver = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "view-saver");
        t.setDaemon(true);
        return t;
    });

    SandboxRuntimes(
            VolumeClient volumes,
            ContainerProviders providers,
            SavedSessionRepository savedSessions,
            SandboxEgresses egresses,
            SandboxConfig config) {
        this.volumes = volumes;
        this.egresses = egresses;
        this.providers = providers;
        this.savedSessions = savedSessions;
        this.config = config;
    }

    @PostConstruct
    void startSaving() {
        saver.scheduleWithFixedDelay(this::saveAll, SAVE_INTERVAL_MS, SAVE_INTERVAL_MS, TimeUnit.MILLISECONDS);
    }

    /**
     * The saved states of the sandbox's sessions when it has no runtime here yet (what {@link #obtain} restores
     * them from), else nothing: a runtime's sessions are already in memory.
     */
    public Uni<Map<String, String>> savedSessionsIfNotRunning(String sandboxId) {
        return running.containsKey(sandboxId) ? Uni.createFrom().item(Map.of()) : savedSessions.statesOf(sandboxId);
    }

    /**
     * The sandbox's runtime, loading its volume on first use, with its sessions as {@code savedSessions} left them;
     * blocking. Its programs get the resources of {@code limits} (the plan's when the runtime starts: a changed plan
     * applies from the next resume).
     */
    public SandboxRuntime obtain(Sandbox sandbox, ExecLimits limits, Map<String, String> savedSessions) {
        SandboxRuntime runtime = running.get(sandbox.id);
        if (runtime != null) {
            return runtime;
        }
        return locked(
                sandbox.id, () -> running.computeIfAbsent(sandbox.id, id -> load(sandbox, limits, savedSessions)));
    }

    private SandboxRuntime load(Sandbox sandbox, ExecLimits limits, Map<String, String> savedSessions) {
        String id = sandbox.id;
        VolumeView view = VolumeView.load(id, sandbox.userId, volumes, Identity.SANDBOX.uid(), Identity.SANDBOX.gid());
        view.setCapacity(limits.storageBytes());
        NetworkPolicy policy = NetworkPolicies.of(sandbox.networkPolicy, sandbox.network);
        ContainerNetwork network = egresses.networkFor(id, sandbox.userId, policy);
        SandboxContainer container = providers
                .forProvider(sandbox.provider)
                .map(p -> p.open(new ContainerSpec(
                        id,
                        network,
                        limits.containerMemoryBytes(),
                        limits.containerProcesses(),
                        limits.storageBytes())))
                .orElse(null);
        return new SandboxRuntime(
                id,
                sandbox.userId,
                view,
                container,
                volumes.contentStore(id, sandbox.userId),
                Map.copyOf(sandbox.env),
                egresses.builtinNetwork(id, policy, network),
                config.maxProcesses(),
                savedSessions);
    }

    /** The runtime when the sandbox is running here, else null. */
    public SandboxRuntime find(String sandboxId) {
        return running.get(sandboxId);
    }

    /**
     * Applies a change of the sandbox's files that vfs-service makes ({@code write}, given the runtime or null when
     * the sandbox has none here): through the view when there is one, so that scripts see it at once and never
     * overwrite it with what they had before; straight otherwise, while no view can load.
     */
    public <T> T writeFiles(String sandboxId, Function<SandboxRuntime, T> write) {
        return locked(sandboxId, () -> write.apply(running.get(sandboxId)));
    }

    /**
     * Saves what the sandbox's sessions changed, stops its programs and frees its memory (pause); blocking. When the
     * files cannot be saved, the runtime stays, with its files, and {@link VolumeView.NotSavedException} says why.
     */
    public void release(String sandboxId) {
        locked(sandboxId, () -> {
            SandboxRuntime runtime = running.get(sandboxId);
            if (runtime != null) {
                runtime.saveAndStop();
                running.remove(sandboxId);
            }
            egresses.forget(sandboxId);
            return null;
        });
    }

    /** Forgets the sandbox without saving and deletes its container's workspace (destroy). */
    public void discard(String sandboxId) {
        SandboxRuntime runtime = locked(sandboxId, () -> running.remove(sandboxId));
        locks.remove(sandboxId);
        egresses.forget(sandboxId);
        if (runtime != null) {
            CompletableFuture.runAsync(() -> {
                try {
                    runtime.destroyContainer();
                } catch (RuntimeException e) {
                    LOG.errorf("sandbox %s: deleting its workspace failed: %s", sandboxId, e.getMessage());
                }
            });
        }
    }

    private <T> T locked(String sandboxId, Supplier<T> action) {
        ReentrantLock lock = locks.computeIfAbsent(sandboxId, id -> new ReentrantLock());
        lock.lock();
        try {
            return action.get();
        } finally {
            lock.unlock();
        }
    }

    private void saveAll() {
        for (SandboxRuntime runtime : running.values()) {
            try {
                runtime.saveInBackground();
            } catch (RuntimeException e) {
                LOG.debugf("sandbox %s: saving in the background failed: %s", runtime.sandboxId(), e.getMessage());
            }
        }
    }

    /**
     * Saves every sandbox's files when the service stops; its programs go on for the next start to take back, unless
     * the settings say to end them.
     */
    @PreDestroy
    void stopAll() {
        saver.shutdownNow();
        for (SandboxRuntime runtime : running.values()) {
            try {
                runtime.view().commit();
            } catch (RuntimeException e) {
                LOG.errorf("sandbox %s: saving its files at shutdown failed: %s", runtime.sandboxId(), e.getMessage());
            }
            if (!config.keepContainersOnStop()) {
                runtime.stopPrograms();
            }
        }
    }
}
