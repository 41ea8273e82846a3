package dev.shellbox.supervisor;

import java.net.InetSocketAddress;

/**
 * A datagram a program sent to a DNS listener ({@code DNS_QUERY}).
 *
 * @param id what the reply answers
 * @param listener the index of the DNS listener in {@link EgressListen#dnsListeners()}
 * @param peer who sent it, and who gets the reply
 * @param payload the datagram, as sent
 */
public record DnsQuery(long id, int listener, InetSocketAddress peer, byte[] payload) {}
