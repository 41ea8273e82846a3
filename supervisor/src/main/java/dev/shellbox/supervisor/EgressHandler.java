package dev.shellbox.supervisor;

/**
 * What the host does with a sandbox's egress. Its methods run on the {@link EgressControl}'s executor, never on the
 * thread that reads the control connection, so a slow one holds up nothing else.
 */
public interface EgressHandler {
    /** A program connected to an egress listener; attach to it within the supervisor's expiry, or it is closed. */
    void connection(EgressConnection connection);

    /** A program sent a DNS datagram; returns the reply to send it back, or null to send none. */
    byte[] dnsQuery(DnsQuery query);
}
