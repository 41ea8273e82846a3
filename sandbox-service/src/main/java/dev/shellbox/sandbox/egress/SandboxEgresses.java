package dev.shellbox.sandbox.egress;

import dev.shellbox.egress.NetworkPolicy;
import dev.shellbox.egress.PolicyEngine;
import dev.shellbox.egress.tls.TlsContexts;
import dev.shellbox.sandbox.config.SandboxConfig;
import dev.shellbox.sandbox.provider.ContainerNetwork;
import dev.shellbox.sandbox.service.SecretService;
import dev.shellbox.shell.net.NetworkAccess;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/** The egress of every proxied sandbox this service runs, and the network each sandbox's container gets. */
@ApplicationScoped
public class SandboxEgresses {
    private final SandboxConfig.Egress config;
    private final EgressMeter meter;
    private final SandboxEgress.Secrets secrets;
    private final SSLContext upstreamTrust;
    private final UpstreamResolver resolver;
    private final Map<String, SandboxEgress> bySandbox = new ConcurrentHashMap<>();
    /** Relays block on sockets: platform threads, two per open connection, bounded by the supervisors' caps. */
    private final ExecutorService threads = Executors.newCachedThreadPool(new ThreadFactoryNamed());

    public SandboxEgresses(SandboxConfig config, EgressMeter meter, SecretService secrets) {
        this.config = config.egress();
        this.meter = meter;
        this.secrets = secrets::resolveBlocking;
        this.upstreamTrust = upstreamTrust(this.config.upstreamCaFile());
        this.resolver = UpstreamResolver.fromConfig(this.config.resolvers(), this.config.connectTimeout());
    }

    /**
     * The network of a sandbox's container under {@code policy}: none; the open network without a proxy when the policy
     * restricts nothing beyond the private ranges; else proxied, through this sandbox's egress (made with {@code
     * policy} the first time; a policy changed later reaches it through {@link #find}).
     */
    public ContainerNetwork networkFor(String sandboxId, String userId, NetworkPolicy policy) {
        if (!NetworkPolicies.proxied(policy)) {
            return NetworkPolicies.any(policy) ? ContainerNetwork.OPEN : ContainerNetwork.NONE;
        }
        SandboxEgress egress = bySandbox.computeIfAbsent(
                sandboxId,
                id -> new SandboxEgress(
                        id,
                        userId,
                        policy,
                        resolver,
                        meter,
                        secrets,
                        upstreamTrust,
                        threads,
                        config.connectTimeout(),
                        config.eventsKept()));
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

    /** The JVM's roots, and those of {@code caFile} when one is configured. */
    private static SSLContext upstreamTrust(Optional<String> caFile) {
        if (caFile.isEmpty()) {
            return TlsContexts.systemTrust();
        }
        try (InputStream in = Files.newInputStream(Path.of(caFile.get()))) {
            List<X509Certificate> anchors = new ArrayList<>();
            TrustManagerFactory system = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            system.init((KeyStore) null);
            for (TrustManager tm : system.getTrustManagers()) {
                if (tm instanceof X509TrustManager x) {
                    anchors.addAll(List.of(x.getAcceptedIssuers()));
                }
            }
            for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                anchors.add((X509Certificate) c);
            }
            return TlsContexts.trusting(anchors);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException(
                    "cannot read shellbox.sandbox.egress.upstream-ca-file: " + e.getMessage(), e);
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
