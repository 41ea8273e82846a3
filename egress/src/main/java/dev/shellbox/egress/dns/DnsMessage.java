package dev.shellbox.egress.dns;

import java.net.Inet4Address;
import java.util.List;

/**
 * The DNS stub's side of the wire: parse a query from the sandbox, build the reply. Replies copy the id, the opcode
 * and the RD flag, set QR and RA, and echo the question as it was asked.
 */
public final class DnsMessage {
    /** The largest query accepted; real queries, even with EDNS options, are far smaller. */
    public static final int MAX_QUERY_LENGTH = 4096;

    static final int HEADER_LENGTH = 12;
    static final int FLAG_QR = 0x8000;
    static final int FLAG_TC = 0x0200;
    static final int FLAG_RD = 0x0100;
    static final int FLAG_RA = 0x0080;

    private DnsMessage() {}

    /** Parses a whole datagram. */
    public static DnsQuery parseQuery(byte[] datagram) throws DnsFormatException {
        return parseQuery(datagram, datagram.length);
    }

    /**
     * Parses the first {@code length} bytes of a buffer as a query with exactly one question.
     *
     * @throws DnsFormatException when the message is malformed, too long, a response, or not one question
     */
    public static DnsQuery parseQuery(byte[] buffer, int length) throws DnsFormatException {
        if (length < HEADER_LENGTH) {
            throw new DnsFormatException("shorter than a DNS header");
        }
        if (length > MAX_QUERY_LENGTH || length > buffer.length) {
            throw new DnsFormatException("longer than " + MAX_QUERY_LENGTH + " bytes");
        }
        DnsReader reader = new DnsReader(buffer, length);
        int id = reader.u16();
        int flags = reader.u16();
        if ((flags & FLAG_QR) != 0) {
            throw new DnsFormatException("a response, not a query");
        }
        int questions = reader.u16();
        int answers = reader.u16();
        int authorities = reader.u16();
        reader.u16(); // additional records (an EDNS OPT record) are allowed and ignored
        if (questions != 1) {
            throw new DnsFormatException("a query must have exactly one question, not " + questions);
        }
        if (answers != 0 || authorities != 0) {
            throw new DnsFormatException("a query carries no answer or authority records");
        }
        String name = reader.name();
        int type = reader.u16();
        int qclass = reader.u16();
        return new DnsQuery(id, (flags >>> 11) & 0xf, (flags & FLAG_RD) != 0, new DnsQuestion(name, type, qclass));
    }

    /** NOERROR with one A record per address, owned by the question's name (as a compression pointer). */
    public static byte[] answerA(DnsQuery query, List<Inet4Address> addresses, long ttlSeconds) {
        if (ttlSeconds < 0 || ttlSeconds > 0x7fffffffL) {
            throw new IllegalArgumentException("TTL out of range: " + ttlSeconds);
        }
        DnsWriter writer = header(query, Rcode.NOERROR, addresses.size());
        for (Inet4Address address : addresses) {
            writer.u16(0xc000 | HEADER_LENGTH) // the question's name, right after the header
                    .u16(DnsTypes.A)
                    .u16(DnsTypes.CLASS_IN)
                    .u32(ttlSeconds)
                    .u16(4)
                    .bytes(address.getAddress());
        }
        return writer.toBytes();
    }

    /** NOERROR without answers: the name exists but has no record of this type (e.g. AAAA when we answer v4 only). */
    public static byte[] noData(DnsQuery query) {
        return header(query, Rcode.NOERROR, 0).toBytes();
    }

    /** A reply with the given code and no answers: NXDOMAIN, REFUSED, SERVFAIL, FORMERR, NOTIMP. */
    public static byte[] error(DnsQuery query, Rcode rcode) {
        return header(query, rcode, 0).toBytes();
    }

    /**
     * FORMERR for a datagram that could not be parsed: a bare header with the id (and RD) copied when the datagram
     * is long enough to hold them, no question.
     */
    public static byte[] formatError(byte[] datagram, int length) {
        int id = length >= 2 ? ((datagram[0] & 0xff) << 8) | (datagram[1] & 0xff) : 0;
        boolean rd = length >= 3 && (datagram[2] & 0x01) != 0;
        int flags = FLAG_QR | (rd ? FLAG_RD : 0) | FLAG_RA | Rcode.FORMERR.code();
        return new DnsWriter().u16(id).u16(flags).u16(0).u16(0).u16(0).u16(0).toBytes();
    }

    private static DnsWriter header(DnsQuery query, Rcode rcode, int answers) {
        int flags =
                FLAG_QR | (query.opcode() << 11) | (query.recursionDesired() ? FLAG_RD : 0) | FLAG_RA | rcode.code();
        DnsQuestion question = query.question();
        return new DnsWriter()
                .u16(query.id())
                .u16(flags)
                .u16(1)
                .u16(answers)
                .u16(0)
                .u16(0)
                .name(question.name())
                .u16(question.type())
                .u16(question.qclass());
    }
}
