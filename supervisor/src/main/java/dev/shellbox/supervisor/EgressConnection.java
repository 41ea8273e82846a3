package dev.shellbox.supervisor;

import java.net.InetSocketAddress;

/**
 * A connection a program made to an egress listener ({@code EGRESS_CONN}). It waits, unread, until the host attaches
 * to it ({@link Supervisor#attachEgress}) or it expires.
 *
 * @param id what to attach to
 * @param kind the kind of the listener it came to
 * @param destination where the program connected to: the listener's own address, or for a transparent listener the
 *     original destination
 * @param peer the program's end of the connection
 */
public record EgressConnection(
        long id, EgressListen.Kind kind, InetSocketAddress destination, InetSocketAddress peer) {}
