package dev.shellbox.sandbox.service;

import dev.shellbox.egress.NetworkPolicy;
import dev.shellbox.egress.PolicySpec;
import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.platform.reactive.Blocking;
import dev.shellbox.sandbox.domain.Sandbox;
import dev.shellbox.sandbox.egress.EgressEvent;
import dev.shellbox.sandbox.egress.NetworkPolicies;
import dev.shellbox.sandbox.egress.SandboxEgress;
import dev.shellbox.sandbox.egress.SandboxEgresses;
import dev.shellbox.sandbox.provider.ContainerNetwork;
import dev.shellbox.sandbox.repository.SandboxRepository;
import dev.shellbox.sandbox.runtime.SandboxRuntime;
import dev.shellbox.sandbox.runtime.SandboxRuntimes;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.function.Consumer;

/** A sandbox's network policy, read and changed at run time, and the decisions of its egress proxy. */
@ApplicationScoped
public class NetworkService {
    private final SandboxService sandboxes;
    private final SandboxRepository repository;
    private final SandboxRuntimes runtimes;
    private final SandboxEgresses egresses;

    public NetworkService(
            SandboxService sandboxes,
            SandboxRepository repository,
            SandboxRuntimes runtimes,
            SandboxEgresses egresses) {
        this.sandboxes = sandboxes;
        this.repository = repository;
        this.runtimes = runtimes;
        this.egresses = egresses;
    }

    public Uni<PolicySpec> get(String userId, String sandboxId) {
        return sandboxes.get(userId, sandboxId).map(NetworkService::specOf);
    }

    /**
     * Replaces the policy. A proxied sandbox follows it at once (new connections and DNS answers; open connections it
     * denies are cut). A change between no network, the open network and a proxied one needs another kind of network
     * namespace: the sandbox's container is replaced when no program runs in it, else the change is refused (409).
     */
    public Uni<PolicySpec> put(String userId, String sandboxId, PolicySpec spec) {
        if (spec == null) {
            throw ProblemException.badRequest("the body must be a network policy");
        }
        NetworkPolicy policy = NetworkPolicies.parse(spec, "");
        return sandboxes
                .get(userId, sandboxId)
                .flatMap(s -> Blocking.onWorker(() -> {
                    replaceContainerIfItsNetworkChanges(s, policy);
                    return s;
                }))
                .flatMap(s ->
                        Panache.withTransaction(() -> repository.findById(s.id).invoke(fresh -> {
                            fresh.networkPolicy = spec;
                            fresh.network = NetworkPolicies.any(policy);
                        })))
                .invoke(saved -> egresses.find(sandboxId).ifPresent(e -> e.update(policy)))
                .map(NetworkService::specOf);
    }

    private void replaceContainerIfItsNetworkChanges(Sandbox s, NetworkPolicy next) {
        SandboxRuntime runtime = runtimes.find(s.id);
        if (runtime == null) {
            return;
        }
        NetworkPolicy current = NetworkPolicies.of(s.networkPolicy, s.network);
        if (kind(current).equals(kind(next))) {
            return;
        }
        if (runtime.hasRunningPrograms()) {
            throw ProblemException.conflict("the sandbox's programs run with a network of another kind ("
                    + kind(current) + ", not " + kind(next) + "); end them, or pause and resume the sandbox, first");
        }
        // its next exec starts a runtime, and a container, with the new network
        runtimes.release(s.id);
    }

    private static String kind(NetworkPolicy p) {
        return NetworkPolicies.proxied(p) ? "proxied" : NetworkPolicies.any(p) ? "open" : "none";
    }

    /**
     * The proxy's kept decisions after {@code afterSeq}, then each new one; empty when the sandbox's network is not
     * proxied (nothing is decided there).
     */
    public Uni<Optional<AutoCloseable>> follow(
            String userId, String sandboxId, long afterSeq, Consumer<EgressEvent> follower) {
        return sandboxes.get(userId, sandboxId).map(s -> {
            ContainerNetwork network =
                    egresses.networkFor(s.id, s.userId, NetworkPolicies.of(s.networkPolicy, s.network));
            return network instanceof ContainerNetwork.Proxied proxied
                    ? Optional.of(((SandboxEgress) proxied.egress()).follow(afterSeq, follower))
                    : Optional.empty();
        });
    }

    private static PolicySpec specOf(Sandbox s) {
        return NetworkPolicies.stored(s.networkPolicy, s.network);
    }
}
