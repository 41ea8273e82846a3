package dev.shellbox.sandbox.egress;

import dev.shellbox.egress.PolicyEngine;
import dev.shellbox.shell.net.NetworkAccess;
import dev.shellbox.shell.net.NetworkBlockedException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * How the interpreter's built-ins ({@code curl}, {@code wget}) of a sandbox reach the network: through the same
 * decisions as its programs' connections, from the service's own host, so the policy is all that stands between a
 * built-in and the service's network.
 */
final class BuiltinNetwork implements NetworkAccess {
    private static final String BLOCKED_PREFIX = "Blocked by the sandbox's network policy: ";

    private final Dialer dialer;
    private final Supplier<PolicyEngine> policy;
    /** Told of each connection: null for one allowed, else its refusal. */
    private final BiConsumer<Dialer.Target, Dialer.Refused> decided;

    BuiltinNetwork(Dialer dialer, Supplier<PolicyEngine> policy, BiConsumer<Dialer.Target, Dialer.Refused> decided) {
        this.dialer = dialer;
        this.policy = policy;
        this.decided = decided;
    }

    @Override
    public Socket connect(String host, int port, Duration timeout) throws IOException {
        Authority where = Authority.parse(host.indexOf(':') >= 0 ? "[" + host + "]" : host, port)
                .orElseThrow(() -> new UnknownHostException(host));
        Dialer.Target target = new Dialer.Target("connect", where.name(), where.address(), port, null, null);
        try {
            Socket socket = dialer.dial(policy.get(), target, timeout);
            decided.accept(target, null);
            return socket;
        } catch (Dialer.Refused r) {
            decided.accept(target, r);
            if (r.decision != null) {
                String words = r.getMessage();
                throw new NetworkBlockedException(
                        words.startsWith(BLOCKED_PREFIX) ? words.substring(BLOCKED_PREFIX.length()) : words);
            }
            if ("unresolvable".equals(r.why)) {
                throw new UnknownHostException(host);
            }
            throw new ConnectException(r.getMessage());
        }
    }
}
