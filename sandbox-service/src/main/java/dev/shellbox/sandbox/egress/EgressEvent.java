package dev.shellbox.sandbox.egress;

import java.time.Instant;

/**
 * One decision of a sandbox's egress proxy, as its events stream shows it.
 *
 * @param seq the event's number in its sandbox, from 1
 * @param at when it was decided (for a connection: when it ended, with its byte counts)
 * @param kind {@code dns}, {@code connect} (a tunnel or a raw connection) or {@code http} (a request the proxy read)
 * @param host the name asked for, or null for a bare address
 * @param address the address connected to, or null when none was (blocked before, or a DNS answer)
 * @param port the destination port (0 for DNS)
 * @param allowed whether it passed
 * @param rule the entry or default that decided
 * @param bytesOut bytes sent by the sandbox
 * @param bytesIn bytes received by the sandbox
 */
public record EgressEvent(
        long seq,
        Instant at,
        String kind,
        String host,
        String address,
        int port,
        boolean allowed,
        String rule,
        long bytesOut,
        long bytesIn) {}
