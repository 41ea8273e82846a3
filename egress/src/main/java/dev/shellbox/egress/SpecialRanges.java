package dev.shellbox.egress;

import java.net.InetAddress;
import java.util.List;
import java.util.Optional;

/**
 * Address ranges that are not the public internet: private networks, loopback, link-local, the platform's own
 * ranges, multicast and reserved space. A sandbox reaches them only when an allow entry written as an address or
 * CIDR covers them. An IPv6 address that embeds an IPv4 address is judged as that IPv4 address (see {@link
 * #canonical}).
 */
public final class SpecialRanges {
    /** A special range and why it is special, for decisions' reasons. */
    public record Range(Cidr cidr, String description) {
        /** e.g. {@code 10.0.0.0/8 is a private range}. */
        public String reason() {
            return cidr + " is " + description;
        }
    }

    private static final List<Range> RANGES = List.of(
            range("0.0.0.0/8", "the \"this network\" range"),
            range("10.0.0.0/8", "a private range"),
            range("100.64.0.0/10", "the carrier-grade NAT range"),
            range("127.0.0.0/8", "the loopback range"),
            range("169.254.0.0/16", "the link-local range (cloud metadata lives here)"),
            range("172.16.0.0/12", "a private range"),
            range("192.0.0.0/24", "the IETF protocol assignments range"),
            range("192.168.0.0/16", "a private range"),
            range("198.18.0.0/15", "the benchmarking range (the sandbox's internal DNS addresses)"),
            range("224.0.0.0/4", "the multicast range"),
            range("240.0.0.0/4", "the reserved range (with the broadcast address)"),
            range("::/128", "the unspecified address"),
            range("::1/128", "the loopback address"),
            range("fc00::/7", "the unique local (private) range"),
            range("fe80::/10", "the link-local range"),
            range("ff00::/8", "the multicast range"),
            range("2001::/32", "the Teredo tunnelling range"));

    private SpecialRanges() {}

    /** All special ranges, in the order they are checked. */
    public static List<Range> all() {
        return RANGES;
    }

    /**
     * The special range the address falls in, judged on its {@link #canonical} form; empty for a public address.
     */
    public static Optional<Range> of(InetAddress address) {
        InetAddress judged = canonical(address);
        for (Range range : RANGES) {
            if (range.cidr().contains(judged)) {
                return Optional.of(range);
            }
        }
        return Optional.empty();
    }

    /**
     * The IPv4 address embedded in an IPv4-mapped ({@code ::ffff:0:0/96}), NAT64 ({@code 64:ff9b::/96}), 6to4
     * ({@code 2002::/16}) or IPv4-compatible ({@code ::a.b.c.d}, other than {@code ::} and {@code ::1}) IPv6
     * address; any other address unchanged. Such addresses reach the embedded IPv4 host, so they are judged as it.
     */
    public static InetAddress canonical(InetAddress address) {
        return Embedding.canonical(address);
    }

    private static Range range(String cidr, String description) {
        return new Range(Cidr.parse(cidr), description);
    }
}
