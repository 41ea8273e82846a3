package dev.shellbox.egress.dns;

import java.net.InetAddress;
import java.util.List;

/**
 * What a resolver's response says about one question.
 *
 * @param rcode the response code (0 is NOERROR, 3 NXDOMAIN)
 * @param truncated the TC flag: the answer did not fit and should be asked again over TCP
 * @param addresses the addresses of the asked type, after following CNAMEs within the message
 * @param ttlSeconds the smallest TTL of the records used (0 when there are none)
 * @param aliases the names the CNAMEs led to, in order: each is a name the addresses belong to, and a policy judges
 *     them too
 */
public record DnsAnswer(
        int rcode, boolean truncated, List<InetAddress> addresses, long ttlSeconds, List<String> aliases) {
    public DnsAnswer {
        addresses = List.copyOf(addresses);
        aliases = List.copyOf(aliases);
    }
}
