package dev.shellbox.sandbox.egress;

import dev.shellbox.egress.Decision;
import dev.shellbox.egress.Destination;
import dev.shellbox.egress.FakeAddressPool;
import dev.shellbox.egress.HostRules;
import dev.shellbox.egress.NetworkPolicy;
import dev.shellbox.egress.PolicyEngine;
import dev.shellbox.egress.SecretException;
import dev.shellbox.egress.SecretResolver;
import dev.shellbox.egress.Verdict;
import dev.shellbox.egress.tls.SandboxCa;
import dev.shellbox.egress.tls.TlsContexts;
import dev.shellbox.egress.tls.TrustBundle;
import dev.shellbox.sandbox.provider.EgressAttachment;
import dev.shellbox.supervisor.DnsQuery;
import dev.shellbox.supervisor.EgressConnection;
import dev.shellbox.supervisor.EgressControl;
import dev.shellbox.supervisor.EgressHandler;
import dev.shellbox.supervisor.EgressListen;
import dev.shellbox.supervisor.EgressStream;
import dev.shellbox.supervisor.Supervisor;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import javax.net.ssl.SSLContext;
import org.jboss.logging.Logger;

/**
 * The egress of one proxied sandbox: its policy, the names its DNS stub handed out, its open connections and its
 * decisions. The sandbox's supervisor listens inside the sandbox (the explicit proxy, the transparent ports, the DNS
 * stub) and relays each connection and query here.
 */
public final class SandboxEgress implements EgressAttachment {
    private static final Logger LOG = Logger.getLogger(SandboxEgress.class);

    /** Inside the sandbox: the DNS stub and the explicit proxy, on the address every container's resolv.conf names. */
    static final String PLATFORM_ADDRESS = "10.0.2.3";

    static final int PROXY_PORT = 3128;
    /** Ports on which programs that ignore the proxy variables are captured (after resolving through the stub). */
    static final List<Integer> TRANSPARENT_PORTS = List.of(80, 443);

    /** Where the sandbox's trust files are: the system bundle's own path, so programs need no variable at all. */
    static final TrustBundle.Paths TRUST_PATHS =
            new TrustBundle.Paths("/etc/ssl/certs/ca-certificates.crt", "/etc/shellbox/truststore.p12");

    /** The platform's stored secrets of a user, by name (never the sandbox's to see). */
    public interface Secrets {
        Optional<String> secret(String userId, String name);
    }

    private final String sandboxId;
    private final String userId;
    private final Dialer dialer;
    private final EgressMeter meter;
    private final ExecutorService threads;
    private final EgressEvents events;
    private final FakeAddressPool stub = new FakeAddressPool();
    private final Set<Upstream> open = ConcurrentHashMap.newKeySet();
    /** Signs the leaves the proxy shows for hosts whose TLS it terminates; the sandbox trusts it, nothing else does. */
    private final SandboxCa ca;

    private final SSLContext terminating;
    private final SSLContext upstreamTrust;
    private final Secrets secrets;
    private final Map<String, String> environment;
    private volatile PolicyEngine policy;

    private volatile EgressControl control;

    SandboxEgress(
            String sandboxId,
            String userId,
            NetworkPolicy policy,
            UpstreamResolver resolver,
            EgressMeter meter,
            Secrets secrets,
            SSLContext upstreamTrust,
            ExecutorService threads,
            Duration connectTimeout,
            int eventsKept) {
        this.sandboxId = sandboxId;
        this.userId = userId;
        this.policy = new PolicyEngine(policy);
        this.dialer = new Dialer(resolver, connectTimeout);
        this.secrets = secrets;
        this.upstreamTrust = upstreamTrust;
        this.ca = SandboxCa.create("Shellbox sandbox " + sandboxId);
        this.terminating = TlsContexts.terminating(ca);
        this.meter = meter;
        this.threads = threads;
        this.events = new EgressEvents(eventsKept);
        this.environment = programEnvironment();
    }

    @Override
    public synchronized void attach(Supervisor supervisor) throws IOException {
        // a live control connection is this container's: a new supervisor (a new container) ends the old one
        if (control != null && !control.ended().isDone()) {
            return;
        }
        detach();
        InetAddress platform = InetAddress.getByName(PLATFORM_ADDRESS);
        EgressListen listen = EgressListen.none()
                .tcp(new InetSocketAddress(platform, PROXY_PORT), EgressListen.Kind.PROXY)
                .dns(new InetSocketAddress(platform, 53));
        for (int port : TRANSPARENT_PORTS) {
            listen = listen.tcp(
                    new InetSocketAddress(InetAddress.getByName("0.0.0.0"), port), EgressListen.Kind.TRANSPARENT);
        }
        control = supervisor.egress(listen, new Handler(supervisor), threads);
    }

    @Override
    public synchronized void detach() {
        if (control != null) {
            control.close();
            control = null;
        }
    }

    @Override
    public Map<String, String> environment() {
        return environment;
    }

    /** Where proxy-aware programs find the proxy, and the variables that point at the sandbox's trust files. */
    private Map<String, String> programEnvironment() {
        String proxy = "http://" + PLATFORM_ADDRESS + ":" + PROXY_PORT;
        String none = "localhost,127.0.0.1,::1";
        Map<String, String> env = new LinkedHashMap<>(Map.of(
                "HTTP_PROXY", proxy,
                "HTTPS_PROXY", proxy,
                "http_proxy", proxy,
                "https_proxy", proxy,
                "NO_PROXY", none,
                "no_proxy", none));
        env.putAll(trust("").environment());
        return Map.copyOf(env);
    }

    @Override
    public Map<String, byte[]> trustFiles(String systemBundlePem) {
        TrustBundle bundle = trust(systemBundlePem);
        return Map.of(
                TRUST_PATHS.pemBundle(), bundle.pem().getBytes(StandardCharsets.US_ASCII),
                TRUST_PATHS.javaTrustStore(), bundle.javaTrustStore());
    }

    private TrustBundle trust(String systemBundlePem) {
        return TrustBundle.build(ca.certificate(), systemBundlePem, TRUST_PATHS);
    }

    /** How the proxy verifies the real servers of hosts whose TLS it terminates. */
    SSLContext upstreamTrust() {
        return upstreamTrust;
    }

    /** The server side of TLS for hosts whose requests the proxy rewrites: leaves of this sandbox's CA. */
    SSLContext terminating() {
        return terminating;
    }

    /** The header rules of {@code name}, when the policy has any. */
    Optional<HostRules> rulesFor(String name) {
        return name == null ? Optional.empty() : policy.policy().rulesFor(name);
    }

    /**
     * Whether the proxy terminates TLS to {@code name}: when the policy has rules for it, or allows it only for some
     * methods or paths, which the proxy sees only in the clear.
     */
    boolean terminates(String name, int port) {
        if (name == null) {
            return false;
        }
        PolicyEngine engine = policy;
        return engine.policy().rulesFor(name).isPresent()
                || engine.decide(new Destination(name, null, port, null, null)).verdict() == Verdict.INSPECT;
    }

    /**
     * A new policy: new connections and queries follow it at once; open connections it denies are cut and recorded.
     */
    public void update(NetworkPolicy next) {
        PolicyEngine engine = new PolicyEngine(next);
        policy = engine;
        int cut = judgeOpenConnections(engine);
        LOG.infof(
                "sandbox %s: a new network policy (%s); %d of %d open connections cut",
                sandboxId, next.mode().text(), cut, open.size() + cut);
    }

    private int judgeOpenConnections(PolicyEngine engine) {
        int cut = 0;
        for (Upstream u : open) {
            Decision d = engine.decide(new Destination(u.name, u.address, u.port, u.method, u.path));
            if (!d.allowed()) {
                u.cut(d.rule());
                cut++;
            }
        }
        return cut;
    }

    /** The kept decisions after {@code afterSeq}, then each new one, until the handle is closed. */
    public AutoCloseable follow(long afterSeq, java.util.function.Consumer<EgressEvent> follower) {
        return events.follow(afterSeq, follower);
    }

    ExecutorService threads() {
        return threads;
    }

    Optional<String> nameFor(InetAddress stubAddress) {
        return stub.nameFor(stubAddress);
    }

    /** A refusal for a reason of the proxy's own (not an entry of the policy), recorded as an event. */
    Blocked blocked(String kind, String name, InetAddress address, int port, String why) {
        events.record(kind, name, address == null ? null : address.getHostAddress(), port, false, why, 0, 0);
        return new Blocked(
                403, why, "blocked by the sandbox's network policy (" + why + "); do not retry by other routes");
    }

    /** Decides, resolves and connects (see {@link Dialer}); refusals are recorded as events. */
    Upstream open(String kind, String name, InetAddress literal, int port, String method, String path, Runnable abort)
            throws Blocked, IOException {
        PolicyEngine engine = policy;
        Socket socket;
        try {
            socket = dialer.dial(engine, new Dialer.Target(kind, name, literal, port, method, path), null);
        } catch (Dialer.Refused r) {
            throw refusal(kind, name, port, r);
        }
        Upstream up = new Upstream(this, socket, kind, name, socket.getInetAddress(), port, method, path, abort);
        open.add(up);
        if (policy != engine) {
            // a new policy came while connecting: it judges this connection too
            judgeOpenConnections(policy);
        }
        return up;
    }

    /** How the interpreter's built-ins (curl, wget) of this sandbox connect: under the same policy, recorded alike. */
    BuiltinNetwork builtins() {
        return new BuiltinNetwork(dialer, () -> policy, (t, r) -> {
            if (r == null) {
                events.record(t.kind(), t.name(), null, t.port(), true, "allowed", 0, 0);
            } else {
                refusal(t.kind(), t.name(), t.port(), r);
            }
        });
    }

    private Blocked refusal(String kind, String name, int port, Dialer.Refused r) {
        events.record(kind, name, r.address == null ? null : r.address.getHostAddress(), port, false, r.rule(), 0, 0);
        return new Blocked(r.status, r.rule(), r.getMessage());
    }

    void closed(Upstream up, long sent, long received, String cutBy) {
        if (open.remove(up)) {
            meter.connectionEnded(userId, sandboxId, sent, received);
            events.record(
                    up.kind,
                    up.name,
                    up.address.getHostAddress(),
                    up.port,
                    cutBy == null,
                    cutBy == null ? "allowed" : cutBy,
                    sent,
                    received);
        }
    }

    /** A request's headers as they leave, and the secrets that went into them (to mask in the answer). */
    record Rewritten(List<HttpHead.Header> headers, Redaction redaction) {}

    /**
     * The headers a request to {@code name} leaves with: the policy's rules for the host set theirs (secrets filled in
     * here, outside the sandbox) and swap dummy tokens for secrets; without rules, unchanged.
     */
    Rewritten headersFor(String name, List<HttpHead.Header> headers) throws Blocked {
        Optional<HostRules> rules = rulesFor(name);
        if (rules.isEmpty()) {
            return new Rewritten(headers, new Redaction(List.of()));
        }
        List<String> used = new ArrayList<>();
        SecretResolver resolver = secretName -> {
            Optional<String> value = secrets.secret(userId, secretName);
            value.ifPresent(used::add);
            return value;
        };
        try {
            Map<String, String> set = rules.get().apply(Map.of(), resolver);
            List<HttpHead.Header> out = new ArrayList<>();
            for (HttpHead.Header h : headers) {
                boolean replaced = set.keySet().stream().anyMatch(k -> k.equalsIgnoreCase(h.name()));
                if (!replaced) {
                    out.add(new HttpHead.Header(h.name(), rules.get().swapTokens(h.value(), resolver)));
                }
            }
            set.forEach((k, v) -> out.add(new HttpHead.Header(k, v)));
            return new Rewritten(out, new Redaction(used));
        } catch (SecretException e) {
            throw blocked("http", name, null, 0, "secret '" + e.secretName() + "' of the policy's rules is not stored");
        }
    }

    /** Ends every connection: the sandbox is gone. */
    void close() {
        detach();
        for (Upstream u : open) {
            u.cut("sandbox stopped");
        }
    }

    private final class Handler implements EgressHandler {
        private final Supervisor supervisor;

        Handler(Supervisor supervisor) {
            this.supervisor = supervisor;
        }

        @Override
        public void connection(EgressConnection c) {
            Runnable abort = () -> {
                EgressControl current = control;
                if (current != null) {
                    current.abort(c.id());
                }
            };
            try (EgressStream stream = supervisor.attachEgress(c.id())) {
                ProxiedConnection pc = new ProxiedConnection(SandboxEgress.this, duplex(stream), abort);
                if (c.kind() == EgressListen.Kind.PROXY) {
                    pc.serveExplicit();
                } else {
                    pc.serveTransparent(
                            c.destination().getAddress(), c.destination().getPort());
                }
            } catch (IOException e) {
                LOG.debugf("sandbox %s: a relayed connection ended: %s", sandboxId, e.getMessage());
            }
        }

        @Override
        public byte[] dnsQuery(DnsQuery q) {
            return DnsStub.answer(q.payload(), policy, stub, events);
        }
    }

    private static Duplex duplex(EgressStream s) {
        return Duplex.of(s.in(), s.out(), s::shutdownOutput, s::close);
    }
}
