package dev.shellbox.sandbox.egress;

import dev.shellbox.egress.HostLiteral;
import dev.shellbox.egress.Hostnames;
import java.net.InetAddress;
import java.util.Optional;

/**
 * Where a program asked to go: a name or an address (every spelling of an address is one: {@link HostLiteral}), and a
 * port.
 *
 * @param name the normalized host name, or null when the program named an address
 * @param address the address the program named, or null for a name
 * @param port the port
 */
record Authority(String name, InetAddress address, int port) {
    /** {@code host[:port]} or {@code [v6][:port]}; {@code defaultPort} when none is given (-1: a port is required). */
    static Optional<Authority> parse(String text, int defaultPort) {
        String host;
        String port = null;
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            if (close < 0) {
                return Optional.empty();
            }
            host = text.substring(1, close);
            String rest = text.substring(close + 1);
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) {
                    return Optional.empty();
                }
                port = rest.substring(1);
            }
        } else {
            int colon = text.lastIndexOf(':');
            if (colon >= 0 && text.indexOf(':') == colon) {
                host = text.substring(0, colon);
                port = text.substring(colon + 1);
            } else if (colon >= 0) {
                // a bare IPv6 address, without the brackets a port would need
                host = text;
            } else {
                host = text;
            }
        }
        int number;
        if (port == null) {
            if (defaultPort < 0) {
                return Optional.empty();
            }
            number = defaultPort;
        } else {
            if (!port.matches("[0-9]{1,5}")) {
                return Optional.empty();
            }
            number = Integer.parseInt(port);
            if (number < 1 || number > 65535) {
                return Optional.empty();
            }
        }
        if (host.isEmpty()) {
            return Optional.empty();
        }
        Optional<InetAddress> literal = HostLiteral.parse(host);
        if (literal.isPresent()) {
            return Optional.of(new Authority(null, literal.get(), number));
        }
        try {
            return Optional.of(new Authority(Hostnames.normalize(host), null, number));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    boolean sameAs(Authority other) {
        return port == other.port
                && (name != null ? name.equals(other.name) : other.address != null && address.equals(other.address));
    }
}
