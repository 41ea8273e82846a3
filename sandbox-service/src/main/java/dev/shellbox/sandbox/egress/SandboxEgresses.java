package dev.shellbox.sandbox.egress;

import dev.shellbox.egress.NetworkPolicy;
import dev.shellbox.egress.PolicyEngine;
import dev.shellbox.sandbox.config.SandboxConfig;
import dev.shellbox.sandbox.provider.ContainerNetwork;
import dev.shellbox.shell.net.NetworkAccess;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** The egress of every proxied sandbox this service runs, and the network each sandbox's container gets. */
@ApplicationScoped
public class SandboxEgresses {
    private final SandboxConfig.Egress config;
    private final EgressMeter meter;
    private final UpstreamResolver resolver;
    private final Map<String, SandboxEgress> bySandbox = new ConcurrentHashMap<>();
    /** Relays block on sockets: platform threads, two per open connection, bounded by the supervisors' caps. */
    private final ExecutorService threads = Executors.newCachedThreadPool(new ThreadFactoryNamed());

    public SandboxEgresses(SandboxConfig config, EgressMeter meter) {
        this.config = config.egress();
        this.meter = meter;
        this.resolver = UpstreamResolver.fromConfig(this.config.resolvers(), this.config.connectTimeout());
    }

    /**
     * The network of a sandbox's container under {@code policy}: none; the open network without a proxy when the policy
     * restricts nothing beyond the private ranges; else proxied, through this sandbox's egress.
     */
    public ContainerNetwork networkFor(String sandboxId, String userId, NetworkPolicy policy) {
        if (!NetworkPolicies.proxied(policy)) {
            return NetworkPolicies.any(policy) ? ContainerNetwork.OPEN : ContainerNetwork.NONE;
        }
        SandboxEgress egress = bySandbox.compute(sandboxId, (id, existing) -> {
            if (existing != null) {
                existing.update(policy);
                return existing;
            }
            return new SandboxEgress(
                    id, userId, policy, resolver, meter, threads, config.connectTimeout(), config.eventsKept());
        });
        return new ContainerNetwork.Proxied(egress);
    }

    /**
     * How the sandbox's built-ins connect: nowhere without a network; through the proxied sandbox's egress (its live
     * policy, its events); or, on the open network, under the open policy (never a private address) from this host.
     */
    public NetworkAccess builtinNetwork(String sandboxId, NetworkPolicy policy, ContainerNetwork network) {
        if (network instanceof ContainerNetwork.Proxied proxied) {
            return ((SandboxEgress) proxied.egress()).builtins();
        }
        if (!network.any()) {
            return NetworkAccess.NONE;
        }
        PolicyEngine engine = new PolicyEngine(policy);
        return new BuiltinNetwork(new Dialer(resolver, config.connectTimeout()), () -> engine, (target, refused) -> {});
    }

    /** The egress of a proxied sandbox this service runs. */
    public Optional<SandboxEgress> find(String sandboxId) {
        return Optional.ofNullable(bySandbox.get(sandboxId));
    }

    /** Forgets a sandbox that stopped running here, ending its connections. */
    public void forget(String sandboxId) {
        SandboxEgress egress = bySandbox.remove(sandboxId);
        if (egress != null) {
            egress.close();
        }
    }

    @PreDestroy
    void stop() {
        bySandbox.values().forEach(SandboxEgress::close);
        threads.shutdownNow();
    }

    private static final class ThreadFactoryNamed implements java.util.concurrent.ThreadFactory {
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "egress-relay-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    }
}
