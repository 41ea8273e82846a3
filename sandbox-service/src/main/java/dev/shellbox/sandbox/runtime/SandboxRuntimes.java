package dev.shellbox.sandbox.runtime;

import dev.shellbox.sandbox.client.VolumeApi;
import dev.shellbox.sandbox.domain.Sandbox;
import dev.shellbox.shell.commands.Identity;
import dev.shellbox.shell.interp.Escalator;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
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
    private final ConcurrentHashMap<String, SandboxRuntime> running = new ConcurrentHashMap<>();

    SandboxRuntimes(@RestClient VolumeApi volumes) {
        this.volumes = volumes;
    }

    /** The sandbox's runtime, loading its volume on first use; blocking. */
    public SandboxRuntime obtain(Sandbox sandbox) {
        return running.computeIfAbsent(sandbox.id, id -> {
            VolumeView view =
                    VolumeView.load(id, sandbox.userId, volumes, Identity.SANDBOX.uid(), Identity.SANDBOX.gid());
            return new SandboxRuntime(id, sandbox.userId, view, escalatorFor(sandbox), Map.copyOf(sandbox.env));
        });
    }

    /** The runtime when the sandbox is running here, else null. */
    public SandboxRuntime find(String sandboxId) {
        return running.get(sandboxId);
    }

    /** Saves what the sandbox's sessions changed and frees its memory (pause); blocking. */
    public void release(String sandboxId) {
        SandboxRuntime runtime = running.remove(sandboxId);
        if (runtime != null) {
            try {
                runtime.view().commit();
            } catch (RuntimeException e) {
                LOG.errorf("sandbox %s: saving its files on release failed: %s", sandboxId, e.getMessage());
            }
        }
    }

    /** Forgets the sandbox without saving (destroy). */
    public void discard(String sandboxId) {
        running.remove(sandboxId);
    }

    private static Escalator escalatorFor(Sandbox sandbox) {
        return BuiltinsOnly.INSTANCE;
    }
}
