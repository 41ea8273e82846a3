package dev.shellbox.egress;

import java.net.Inet6Address;
import java.net.InetAddress;

/**
 * Where a connection or request goes, as far as the proxy knows.
 *
 * @param hostname the name asked for, or null for a connection to a bare address; an address written as a name
 *     ({@code 127.1}) is judged as that address
 * @param address the resolved (or literal) address, or null before resolution
 * @param port 1 to 65535
 * @param method the HTTP method, or null when the proxy cannot see it (a TLS tunnel)
 * @param path the HTTP request path, or null when the proxy cannot see it
 */
public record Destination(String hostname, InetAddress address, int port, String method, String path) {
    public Destination {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
    }

    /** A connection whose request cannot be seen. */
    public static Destination connection(String hostname, InetAddress address, int port) {
        return new Destination(hostname, address, port, null, null);
    }

    /** A connection to a bare address. */
    public static Destination address(InetAddress address, int port) {
        return new Destination(null, address, port, null, null);
    }

    /** An HTTP request the proxy can see. */
    public static Destination request(String hostname, InetAddress address, int port, String method, String path) {
        return new Destination(hostname, address, port, method, path);
    }

    /** {@code api.example.com:443}, {@code [2001:db8::1]:443}, then {@code GET /v1} when the request is known. */
    String describe() {
        String host;
        if (hostname != null) {
            host = hostname;
        } else if (address instanceof Inet6Address) {
            host = "[" + address.getHostAddress() + "]";
        } else {
            host = address == null ? "(no host)" : address.getHostAddress();
        }
        StringBuilder target = new StringBuilder(host).append(':').append(port);
        if (method != null || path != null) {
            target.append(" (").append(method == null ? "?" : method).append(' ');
            target.append(path == null ? "?" : path).append(')');
        }
        return target.toString();
    }
}
