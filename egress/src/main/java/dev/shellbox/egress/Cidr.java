package dev.shellbox.egress;

import java.net.InetAddress;

/** An address range: an IPv4 or IPv6 network (host bits cleared) and its prefix length. */
public record Cidr(boolean ipv6, long hi, long lo, int prefix) {
    public Cidr {
        if (prefix < 0 || prefix > (ipv6 ? 128 : 32)) {
            throw new IllegalArgumentException("prefix out of range: " + prefix);
        }
        Bits masked = new Bits(hi, lo).masked(ipv6, prefix);
        if (masked.hi() != hi || masked.lo() != lo) {
            throw new IllegalArgumentException("host bits set beyond the prefix");
        }
    }

    /** The range of one address: /32 or /128. */
    public static Cidr of(InetAddress address) {
        return of(address, Bits.isIpv4(address) ? 32 : 128);
    }

    /** The range of the given prefix length that holds the address. */
    public static Cidr of(InetAddress address, int prefix) {
        boolean v6 = !Bits.isIpv4(address);
        Bits bits = Bits.of(address).masked(v6, prefix);
        return new Cidr(v6, bits.hi(), bits.lo(), prefix);
    }

    /**
     * The range of the given prefix length that holds the address given as 4 or 16 bytes. Bytes rather than an
     * InetAddress keep an IPv4-mapped range such as {@code ::ffff:0:0/96} in IPv6.
     */
    static Cidr of(byte[] address, int prefix) {
        boolean v6 = address.length == 16;
        Bits bits = Bits.of(address).masked(v6, prefix);
        return new Cidr(v6, bits.hi(), bits.lo(), prefix);
    }

    /** Parses a constant such as {@code 10.0.0.0/8} or {@code ::ffff:0:0/96}; throws on bad input. */
    static Cidr parse(String text) {
        int slash = text.indexOf('/');
        String address = text.substring(0, slash);
        byte[] bytes =
                address.indexOf(':') >= 0 ? HostLiteral.parseIpv6(address) : HostLiteral.parseDottedQuad(address);
        if (bytes == null) {
            throw new IllegalArgumentException("not an address: " + text);
        }
        return of(bytes, Integer.parseInt(text.substring(slash + 1)));
    }

    /** Whether the address, in its own family, falls inside this range. */
    public boolean contains(InetAddress address) {
        if (Bits.isIpv4(address) == ipv6) {
            return false;
        }
        Bits masked = Bits.of(address).masked(ipv6, prefix);
        return masked.hi() == hi && masked.lo() == lo;
    }

    /** Whether every address of the other range is in this one. */
    public boolean covers(Cidr other) {
        if (other.ipv6 != ipv6 || other.prefix < prefix) {
            return false;
        }
        Bits masked = new Bits(other.hi, other.lo).masked(ipv6, prefix);
        return masked.hi() == hi && masked.lo() == lo;
    }

    /** The first address of the range. */
    public InetAddress network() {
        return new Bits(hi, lo).toAddress(ipv6);
    }

    @Override
    public String toString() {
        return new Bits(hi, lo).format(ipv6) + "/" + prefix;
    }
}
