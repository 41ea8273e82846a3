package dev.shellbox.shell.net;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;

/**
 * How built-in commands ({@code curl}, {@code wget}) open network connections: the embedder supplies one, resolves the
 * host, applies its egress policy and connects. Commands open no socket any other way, so a sandbox's built-ins follow
 * the same policy as the programs it runs.
 *
 * <p>Failures a command tells apart: {@link NetworkBlockedException} when the policy refuses (its message is shown to
 * the user verbatim), {@link java.net.UnknownHostException} when the name does not resolve, {@link
 * SocketTimeoutException} when {@code timeout} passes, and any other IOException when the connection fails.
 */
@FunctionalInterface
public interface NetworkAccess {

    /** No network at all: every connection is blocked. The default of a shell. */
    NetworkAccess NONE = (host, port, timeout) -> {
        throw new NetworkBlockedException("this sandbox has no network");
    };

    /**
     * Opens a TCP connection to {@code host}:{@code port}.
     *
     * @param host what the URL names: a host name or an address literal (IPv6 without brackets)
     * @param port 1-65535
     * @param timeout the longest the connection may take to establish; null for no limit of the caller's
     * @return a connected socket, which the caller closes
     */
    Socket connect(String host, int port, Duration timeout) throws IOException;

    /** Connects with the JVM's resolver and sockets, under no policy: for a shell running on a host (the CLI). */
    static NetworkAccess direct() {
        return (host, port, timeout) -> {
            InetSocketAddress address = new InetSocketAddress(host, port);
            if (address.isUnresolved()) {
                throw new java.net.UnknownHostException(host);
            }
            Socket socket = new Socket();
            try {
                socket.connect(
                        address,
                        timeout == null ? 0 : (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis())));
            } catch (IOException e) {
                socket.close();
                throw e;
            }
            return socket;
        };
    }
}
