package dev.shellbox.sandbox.egress;

import dev.shellbox.egress.Decision;
import dev.shellbox.egress.FakeAddressPool;
import dev.shellbox.egress.Hostnames;
import dev.shellbox.egress.PolicyEngine;
import dev.shellbox.egress.dns.DnsFormatException;
import dev.shellbox.egress.dns.DnsMessage;
import dev.shellbox.egress.dns.DnsQuery;
import dev.shellbox.egress.dns.DnsTypes;
import dev.shellbox.egress.dns.Rcode;
import java.util.List;

/**
 * The DNS server programs of a proxied sandbox ask: it never forwards a query. A name the policy may reach gets an
 * address of the stub's own range, which the proxy maps back to the name when a program connects to it (and then
 * resolves the name itself); any other name is refused, so no query for it leaves the sandbox, and other record types
 * (TXT, MX, ...) get no data, so nothing can be carried out in them.
 */
final class DnsStub {
    /** Short, so that a program asks again rather than keep an address of a name a new policy denies. */
    private static final long TTL_SECONDS = 5;

    private DnsStub() {}

    static byte[] answer(byte[] datagram, PolicyEngine policy, FakeAddressPool stub, EgressEvents events) {
        DnsQuery query;
        try {
            query = DnsMessage.parseQuery(datagram);
        } catch (DnsFormatException e) {
            return DnsMessage.formatError(datagram, datagram.length);
        }
        String name;
        try {
            name = Hostnames.normalize(query.question().name());
        } catch (IllegalArgumentException e) {
            events.record("dns", query.question().name(), null, 0, false, "default: not a host name", 0, 0);
            return DnsMessage.error(query, Rcode.REFUSED);
        }
        if (query.question().qclass() != DnsTypes.CLASS_IN) {
            return DnsMessage.error(query, Rcode.REFUSED);
        }
        Decision d = policy.decideName(name);
        if (!d.allowed()) {
            events.record("dns", name, null, 0, false, d.rule(), 0, 0);
            return DnsMessage.error(query, Rcode.REFUSED);
        }
        if (query.question().type() != DnsTypes.A) {
            // IPv4 only: the stub's range is IPv4, and an IPv6 answer would be a way around it
            return DnsMessage.noData(query);
        }
        events.record("dns", name, null, 0, true, d.rule(), 0, 0);
        return DnsMessage.answerA(query, List.of(stub.addressFor(name)), TTL_SECONDS);
    }
}
