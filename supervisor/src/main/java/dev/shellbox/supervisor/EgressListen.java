package dev.shellbox.supervisor;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * The listeners a supervisor opens in the sandbox's network namespace for its egress ({@code EGRESS_LISTEN}): TCP
 * listeners whose connections are announced to the host, and UDP listeners whose datagrams are DNS queries for it.
 * Port 0 takes any free port; {@link EgressControl#tcpPorts()} says which.
 *
 * @param tcpListeners in order: their index is the order of {@link EgressControl#tcpPorts()}
 * @param dnsListeners in order: their index is {@link DnsQuery#listener()}
 */
public record EgressListen(List<Tcp> tcpListeners, List<InetSocketAddress> dnsListeners) {
    /** What a TCP listener is for; the host reads a connection accordingly. */
    public enum Kind {
        /** Programs are configured to use it as their proxy (HTTP CONNECT and the like). */
        PROXY,
        /** Connections to any destination are routed to it; the destination is where the program connected to. */
        TRANSPARENT;

        static Kind of(int code) throws SupervisorException {
            if (code < 0 || code >= values().length) {
                throw new SupervisorException(0, "supervisor sent an egress kind " + code);
            }
            return values()[code];
        }
    }

    /** A TCP listener at {@code address} of {@code kind}. */
    public record Tcp(InetSocketAddress address, Kind kind) {}

    public EgressListen {
        tcpListeners = List.copyOf(tcpListeners);
        dnsListeners = List.copyOf(dnsListeners);
    }

    /** No listeners yet. */
    public static EgressListen none() {
        return new EgressListen(List.of(), List.of());
    }

    /** These listeners and a TCP listener at {@code address}. */
    public EgressListen tcp(InetSocketAddress address, Kind kind) {
        List<Tcp> tcp = new ArrayList<>(tcpListeners);
        tcp.add(new Tcp(address, kind));
        return new EgressListen(tcp, dnsListeners);
    }

    /** These listeners and a UDP DNS listener at {@code address}. */
    public EgressListen dns(InetSocketAddress address) {
        List<InetSocketAddress> dns = new ArrayList<>(dnsListeners);
        dns.add(address);
        return new EgressListen(tcpListeners, dns);
    }

    byte[] frame() {
        Frames.Out f = new Frames.Out(Frames.EGRESS_LISTEN).u32(tcpListeners.size());
        for (Tcp t : tcpListeners) {
            f.address(t.address()).u8(t.kind().ordinal());
        }
        f.u32(dnsListeners.size());
        dnsListeners.forEach(f::address);
        return f.bytes();
    }
}
