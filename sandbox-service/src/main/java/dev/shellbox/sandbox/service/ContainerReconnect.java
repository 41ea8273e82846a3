package dev.shellbox.sandbox.service;

import dev.shellbox.platform.reactive.Blocking;
import dev.shellbox.sandbox.domain.Provider;
import dev.shellbox.sandbox.domain.Sandbox;
import dev.shellbox.sandbox.domain.SandboxState;
import dev.shellbox.sandbox.provider.ContainerNetwork;
import dev.shellbox.sandbox.provider.ContainerProvider;
import dev.shellbox.sandbox.provider.ContainerProviders;
import dev.shellbox.sandbox.provider.ContainerSpec;
import dev.shellbox.sandbox.repository.SandboxRepository;
import dev.shellbox.sandbox.repository.SavedSessionRepository;
import dev.shellbox.sandbox.runtime.SandboxRuntimes;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * After a start of the service, takes back the sandboxes whose containers kept running (their programs outlive the
 * service): each running sandbox gets its runtime again, so that what its programs write keeps coming back into its
 * files. A container whose sandbox was paused or destroyed meanwhile is ended; one this service's database does not know
 * belongs to another installation sharing the host and is left alone.
 */
@ApplicationScoped
public class ContainerReconnect {
    private static final Logger LOG = Logger.getLogger(ContainerReconnect.class);

    private final ContainerProviders providers;
    private final SandboxRepository sandboxes;
    private final SavedSessionRepository savedSessions;
    private final SandboxRuntimes runtimes;
    private final PlanLimits plans;

    public ContainerReconnect(
            ContainerProviders providers,
            SandboxRepository sandboxes,
            SavedSessionRepository savedSessions,
            SandboxRuntimes runtimes,
            PlanLimits plans) {
        this.providers = providers;
        this.sandboxes = sandboxes;
        this.savedSessions = savedSessions;
        this.runtimes = runtimes;
        this.plans = plans;
    }

    void onStart(@Observes StartupEvent event) {
        Infrastructure.getDefaultWorkerPool().execute(this::reconnect);
    }

    /** Reconnects to every container that runs on this host; blocking. */
    void reconnect() {
        for (Provider p : Provider.values()) {
            providers.forProvider(p).ifPresent(provider -> {
                for (String id : provider.runningContainers()) {
                    try {
                        reconnect(provider, id);
                    } catch (RuntimeException e) {
                        LOG.warnf("sandbox %s: reconnecting to its container failed: %s", id, e.getMessage());
                    }
                }
            });
        }
    }

    private void reconnect(ContainerProvider provider, String id) {
        Sandbox sandbox = Blocking.await(() -> Panache.withSession(() -> sandboxes.findById(id)));
        if (sandbox == null) {
            LOG.debugf("container %s belongs to no sandbox of this service; left alone", id);
            return;
        }
        if (sandbox.state == SandboxState.RUNNING) {
            Map<String, String> saved = Blocking.await(() -> Panache.withSession(() -> savedSessions.statesOf(id)));
            // the supervisor is found, and a proxied network's egress attached to it again
            runtimes.obtain(sandbox, plans.forUser(sandbox.userId), saved).runningSupervisor();
            LOG.infof("sandbox %s: reconnected to its running container", id);
            return;
        }
        // only to end it: a container that is not running needs no egress
        ContainerNetwork network = sandbox.network ? ContainerNetwork.OPEN : ContainerNetwork.NONE;
        var container = provider.open(new ContainerSpec(id, network, 0, 0, 0));
        if (sandbox.state == SandboxState.DESTROYED) {
            container.destroy();
        } else {
            container.stop();
        }
        LOG.infof("sandbox %s is %s: its container, still running, was ended", id, sandbox.state.json());
    }
}
