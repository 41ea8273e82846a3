package dev.shellbox.sandbox.runtime;

import dev.shellbox.sandbox.client.BlobUploads;
import dev.shellbox.sandbox.client.UsagePlans;
import dev.shellbox.sandbox.client.VolumeApi;
import dev.shellbox.sandbox.domain.Sandbox;
import dev.shellbox.sandbox.provider.ContainerProviders;
import dev.shellbox.sandbox.provider.ContainerSpec;
import dev.shellbox.sandbox.provider.SandboxContainer;
import dev.shellbox.shell.command.Identity;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/**
 * The sandboxes running in this instance. A runtime is created on a sandbox's first exec (loading its volume's tree)
 * and dropped when the sandbox pauses or is destroyed; its files live on in vfs-service.
 */
@ApplicationScoped
public class SandboxRuntimes {
    private static final Logger LOG = Logger.getLogger(SandboxRuntimes.class);

    private final VolumeApi volumes;
    private final ContainerProviders providers;
    private final BlobUploads blobs;
    private final ConcurrentHashMap<String, SandboxRuntime> running = new ConcurrentHashMap<>();

    SandboxRuntimes(@RestClient VolumeApi volumes, ContainerProviders providers, BlobUploads blobs) {
        this.volumes = volumes;
        this.providers = providers;
        this.blobs = blobs;
    }

    /**
     * The sandbox's runtime, loading its volume on first use; blocking. Its programs get the resources of {@code
     * limits} (the plan's when the runtime starts: a changed plan applies from the next resume).
     */
    public SandboxRuntime obtain(Sandbox sandbox, UsagePlans.ExecLimits limits) {
        return running.computeIfAbsent(sandbox.id, id -> {
            VolumeView view =
                    VolumeView.load(id, sandbox.userId, volumes, Identity.SANDBOX.uid(), Identity.SANDBOX.gid());
            SandboxContainer container = providers
                    .forProvider(sandbox.provider)
                    .map(p -> p.open(new ContainerSpec(
                            id,
                            sandbox.network,
                            limits.containerMemoryBytes(),
                            limits.containerProcesses(),
                            limits.storageBytes())))
                    .orElse(null);
            return new SandboxRuntime(
                    id, sandbox.userId, view, container, blobs.forVolume(id, sandbox.userId), Map.copyOf(sandbox.env));
        });
    }

    /** The runtime when the sandbox is running here, else null. */
    public SandboxRuntime find(String sandboxId) {
        return running.get(sandboxId);
    }

    /** Stops the sandbox's programs, saves what its sessions changed and frees its memory (pause); blocking. */
    public void release(String sandboxId) {
        SandboxRuntime runtime = running.remove(sandboxId);
        if (runtime != null) {
            runtime.stopPrograms();
            try {
                runtime.view().commit();
            } catch (RuntimeException e) {
                LOG.errorf("sandbox %s: saving its files on release failed: %s", sandboxId, e.getMessage());
            }
        }
    }

    /** Forgets the sandbox without saving and deletes its container's workspace (destroy). */
    public void discard(String sandboxId) {
        SandboxRuntime runtime = running.remove(sandboxId);
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

    /** Stops every sandbox's programs when the service stops. */
    @PreDestroy
    void stopAll() {
        running.values().forEach(SandboxRuntime::stopPrograms);
    }
}
