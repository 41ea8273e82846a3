package dev.shellbox.egress.dns;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The proxy's side of the wire, for its own UDP client: build an A or AAAA query, and read the response into
 * addresses and a TTL.
 */
public final class DnsResolverCodec {
    /** The largest response read (a TCP response's upper bound). */
    public static final int MAX_RESPONSE_LENGTH = 65_535;
    /** CNAME hops followed within one response. */
    static final int MAX_CNAME_HOPS = 16;

    private DnsResolverCodec() {}

    /**
     * A recursive query (RD set) for one name and type, class IN.
     *
     * @param name a hostname, without the trailing dot (see {@code Hostnames.normalize})
     * @throws IllegalArgumentException when the name cannot be put on the wire
     */
    public static byte[] query(int id, String name, int type) {
        if (id < 0 || id > 0xffff) {
            throw new IllegalArgumentException("id out of range: " + id);
        }
        if (name.length() > 253) {
            throw new IllegalArgumentException("name longer than 253 characters");
        }
        for (String label : name.split("\\.", -1)) {
            if (label.isEmpty() || label.length() > 63 || !label.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
                throw new IllegalArgumentException("bad label in \"" + name + "\"");
            }
        }
        return new DnsWriter()
                .u16(id)
                .u16(DnsMessage.FLAG_RD)
                .u16(1)
                .u16(0)
                .u16(0)
                .u16(0)
                .name(name)
                .u16(type)
                .u16(DnsTypes.CLASS_IN)
                .toBytes();
    }

    /**
     * Reads a response to the query for {@code name} and {@code type} (A or AAAA) sent with {@code id}.
     *
     * @throws DnsFormatException when the message is malformed, is not a response, or answers another id or
     *     question (a spoofed or stray datagram)
     */
    public static DnsAnswer parseResponse(byte[] buffer, int length, int id, String name, int type)
            throws DnsFormatException {
        if (length < DnsMessage.HEADER_LENGTH) {
            throw new DnsFormatException("shorter than a DNS header");
        }
        if (length > MAX_RESPONSE_LENGTH || length > buffer.length) {
            throw new DnsFormatException("longer than " + MAX_RESPONSE_LENGTH + " bytes");
        }
        DnsReader reader = new DnsReader(buffer, length);
        if (reader.u16() != id) {
            throw new DnsFormatException("the id does not match the query");
        }
        int flags = reader.u16();
        if ((flags & DnsMessage.FLAG_QR) == 0) {
            throw new DnsFormatException("a query, not a response");
        }
        int questions = reader.u16();
        int answers = reader.u16();
        reader.u16(); // authority and additional sections are not used
        reader.u16();
        if (questions != 1) {
            throw new DnsFormatException("a response must echo exactly one question, not " + questions);
        }
        String asked = reader.name();
        int askedType = reader.u16();
        reader.u16();
        if (!asked.equalsIgnoreCase(name) || askedType != type) {
            throw new DnsFormatException("the response is for another question");
        }
        List<Rr> records = new ArrayList<>();
        for (int i = 0; i < answers; i++) {
            records.add(record(reader));
        }
        int rcode = flags & 0xf;
        boolean truncated = (flags & DnsMessage.FLAG_TC) != 0;
        return follow(rcode, truncated, records, name.toLowerCase(Locale.ROOT), type);
    }

    /** One answer record, reduced to what the chain walk needs. */
    private record Rr(String owner, int type, long ttl, byte[] address, String target) {}

    private static Rr record(DnsReader reader) throws DnsFormatException {
        String owner = reader.name().toLowerCase(Locale.ROOT);
        int type = reader.u16();
        int rclass = reader.u16();
        long ttl = reader.u32();
        int rdLength = reader.u16();
        int rdStart = reader.position();
        // RFC 2181 section 8: a TTL with the top bit set is read as zero
        long usableTtl = ttl > 0x7fffffffL ? 0 : ttl;
        if (rclass != DnsTypes.CLASS_IN) {
            reader.skip(rdLength);
            return new Rr(owner, -1, usableTtl, null, null);
        }
        if (type == DnsTypes.A || type == DnsTypes.AAAA) {
            int expected = type == DnsTypes.A ? 4 : 16;
            if (rdLength != expected) {
                throw new DnsFormatException("an address record of " + rdLength + " bytes");
            }
            return new Rr(owner, type, usableTtl, reader.bytes(rdLength), null);
        }
        if (type == DnsTypes.CNAME) {
            reader.skip(rdLength); // checks the record's bounds before its name is read
            int[] end = new int[1];
            String target = reader.nameAt(rdStart, end).toLowerCase(Locale.ROOT);
            if (end[0] > rdStart + rdLength) {
                throw new DnsFormatException("a CNAME's name runs past its record");
            }
            return new Rr(owner, type, usableTtl, null, target);
        }
        reader.skip(rdLength);
        return new Rr(owner, type, usableTtl, null, null);
    }

    private static DnsAnswer follow(int rcode, boolean truncated, List<Rr> records, String name, int type)
            throws DnsFormatException {
        if (rcode != Rcode.NOERROR.code()) {
            return new DnsAnswer(rcode, truncated, List.of(), 0, List.of());
        }
        String current = name;
        long ttl = Long.MAX_VALUE;
        List<String> aliases = new ArrayList<>();
        for (int hop = 0; hop <= MAX_CNAME_HOPS; hop++) {
            List<InetAddress> addresses = new ArrayList<>();
            long addressTtl = Long.MAX_VALUE;
            String next = null;
            for (Rr rr : records) {
                if (!rr.owner().equals(current)) {
                    continue;
                }
                if (rr.type() == type) {
                    addresses.add(address(rr.address()));
                    addressTtl = Math.min(addressTtl, rr.ttl());
                } else if (rr.type() == DnsTypes.CNAME && next == null) {
                    next = rr.target();
                    ttl = Math.min(ttl, rr.ttl());
                }
            }
            if (!addresses.isEmpty()) {
                return new DnsAnswer(rcode, truncated, addresses, Math.min(ttl, addressTtl), aliases);
            }
            if (next == null) {
                return new DnsAnswer(rcode, truncated, List.of(), 0, aliases);
            }
            aliases.add(next);
            current = next;
        }
        throw new DnsFormatException("more than " + MAX_CNAME_HOPS + " CNAMEs in a chain");
    }

    private static InetAddress address(byte[] bytes) throws DnsFormatException {
        try {
            return bytes.length == 16 ? Inet6Address.getByAddress(null, bytes, -1) : InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new DnsFormatException("bad address length");
        }
    }
}
