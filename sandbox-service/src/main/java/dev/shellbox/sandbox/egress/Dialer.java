package dev.shellbox.sandbox.egress;

import dev.shellbox.egress.Decision;
import dev.shellbox.egress.Destination;
import dev.shellbox.egress.PolicyEngine;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;

/**
 * Decides, resolves and connects, for the proxy and for the interpreter's built-ins alike: the name first (a denied
 * name is never resolved), then every name its CNAMEs lead to, then each address it resolves to, connecting to the
 * first one allowed. The connection goes to that address, not to the name again, so nothing can change in between.
 */
final class Dialer {
    private final UpstreamResolver resolver;
    private final Duration connectTimeout;

    Dialer(UpstreamResolver resolver, Duration connectTimeout) {
        this.resolver = resolver;
        this.connectTimeout = connectTimeout;
    }

    /** Where a program asked to go; {@code name} null for a bare address. */
    record Target(String kind, String name, InetAddress literal, int port, String method, String path) {
        Destination at(InetAddress address) {
            return new Destination(name, address, port, method, path);
        }
    }

    /** A refusal, with the decision or the proxy's own reason behind it. */
    static final class Refused extends Exception {
        final Decision decision;
        final String why;
        final InetAddress address;
        final int status;

        Refused(Decision decision, String why, InetAddress address, int status, String message) {
            super(message, null, false, false);
            this.decision = decision;
            this.why = why;
            this.address = address;
            this.status = status;
        }

        String rule() {
            return decision != null ? decision.rule() : why;
        }
    }

    Socket dial(PolicyEngine engine, Target t, Duration timeout) throws Refused, IOException {
        List<InetAddress> candidates;
        if (t.name() != null) {
            Decision byName = engine.decide(t.at(null));
            if (!byName.allowed()) {
                throw denied(byName, null);
            }
            UpstreamResolver.Resolution resolved = resolver.resolve(t.name());
            for (String alias : resolved.aliases()) {
                // a name a deny entry names stays denied behind an allowed one (an alias need not be on the allow
                // list: CDNs put their own names behind most hosts)
                Decision byAlias = engine.decide(new Destination(alias, null, t.port(), t.method(), t.path()));
                if (byAlias.entry().map(e -> e.list().equals("deny")).orElse(false)) {
                    throw denied(byAlias, null);
                }
            }
            candidates = resolved.addresses();
            if (candidates.isEmpty()) {
                throw new Refused(null, "unresolvable", null, 502, "the egress proxy could not resolve " + t.name());
            }
        } else {
            candidates = List.of(t.literal());
        }
        Decision last = null;
        for (InetAddress address : candidates) {
            Decision d = engine.decide(t.at(address));
            if (!d.allowed()) {
                last = d;
                continue;
            }
            Socket socket = new Socket();
            try {
                long millis = timeout == null
                        ? connectTimeout.toMillis()
                        : Math.min(timeout.toMillis(), connectTimeout.toMillis());
                socket.connect(new InetSocketAddress(address, t.port()), (int) Math.max(1, millis));
                return socket;
            } catch (IOException e) {
                socket.close();
                throw new Refused(
                        null,
                        "unreachable",
                        address,
                        502,
                        "the egress proxy could not connect to " + address.getHostAddress() + " port " + t.port() + ": "
                                + e.getMessage());
            }
        }
        throw denied(last, candidates.get(0));
    }

    private static Refused denied(Decision d, InetAddress address) {
        return new Refused(d, null, address, 403, d.explain());
    }
}
