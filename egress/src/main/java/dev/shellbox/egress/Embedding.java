package dev.shellbox.egress;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/** IPv6 ranges whose addresses carry an IPv4 address and reach that IPv4 host. */
final class Embedding {
    private static final Cidr MAPPED = Cidr.parse("::ffff:0:0/96");
    private static final Cidr NAT64 = Cidr.parse("64:ff9b::/96");
    private static final Cidr SIX_TO_FOUR = Cidr.parse("2002::/16");
    private static final Cidr COMPATIBLE = Cidr.parse("::/96");

    private Embedding() {}

    /** The embedded IPv4 address, or the address unchanged when it embeds none. */
    static InetAddress canonical(InetAddress address) {
        if (address instanceof Inet4Address) {
            return address;
        }
        byte[] b = address.getAddress();
        if (MAPPED.contains(address) || NAT64.contains(address)) {
            return ipv4(b, 12);
        }
        if (SIX_TO_FOUR.contains(address)) {
            return ipv4(b, 2);
        }
        // :: and ::1 are the unspecified and loopback addresses, not IPv4-compatible ones
        if (COMPATIBLE.contains(address) && Bits.of(b).lo() > 1) {
            return ipv4(b, 12);
        }
        return address;
    }

    /** Whether a range lies inside one of the embedding ranges (other than the addresses :: and ::1). */
    static boolean isInside(Cidr range) {
        for (Cidr embedding : List.of(MAPPED, NAT64, SIX_TO_FOUR)) {
            if (embedding.covers(range)) {
                return true;
            }
        }
        boolean unspecifiedOrLoopback = range.prefix() == 128 && range.hi() == 0 && range.lo() <= 1;
        return COMPATIBLE.covers(range) && !unspecifiedOrLoopback;
    }

    private static InetAddress ipv4(byte[] bytes, int at) {
        try {
            return InetAddress.getByAddress(new byte[] {bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e); // four bytes are always an address
        }
    }
}
