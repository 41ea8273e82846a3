package dev.shellbox.egress;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Address and CIDR entries in one hash map per prefix length, so that a lookup costs one masked hash probe per
 * distinct prefix length in use rather than a scan of every entry.
 */
final class CidrTable {
    private final Family ipv4;
    private final Family ipv6;

    CidrTable(List<PolicyEntry> entries) {
        List<PolicyEntry> v4 = new ArrayList<>();
        List<PolicyEntry> v6 = new ArrayList<>();
        for (PolicyEntry entry : entries) {
            if (entry.host() instanceof HostPattern.AddressRange range) {
                (range.cidr().ipv6() ? v6 : v4).add(entry);
            }
        }
        ipv4 = new Family(false, v4);
        ipv6 = new Family(true, v6);
    }

    /** Passes every entry whose range holds the address to the consumer. */
    void forEachContaining(InetAddress address, Consumer<PolicyEntry> consumer) {
        (Bits.isIpv4(address) ? ipv4 : ipv6).forEachContaining(Bits.of(address), consumer);
    }

    private static final class Family {
        private final boolean ipv6;
        /** Prefix lengths in use, longest first. */
        private final int[] prefixes;
        /** Indexed by prefix length: network bits to the entries for that network. */
        private final List<Map<Bits, List<PolicyEntry>>> tables = new ArrayList<>();

        Family(boolean ipv6, List<PolicyEntry> entries) {
            this.ipv6 = ipv6;
            for (int i = 0; i <= (ipv6 ? 128 : 32); i++) {
                tables.add(null);
            }
            TreeSet<Integer> used = new TreeSet<>();
            for (PolicyEntry entry : entries) {
                Cidr cidr = ((HostPattern.AddressRange) entry.host()).cidr();
                if (tables.get(cidr.prefix()) == null) {
                    tables.set(cidr.prefix(), new HashMap<>());
                }
                tables.get(cidr.prefix())
                        .computeIfAbsent(new Bits(cidr.hi(), cidr.lo()), k -> new ArrayList<>())
                        .add(entry);
                used.add(cidr.prefix());
            }
            prefixes = used.descendingSet().stream().mapToInt(Integer::intValue).toArray();
        }

        void forEachContaining(Bits bits, Consumer<PolicyEntry> consumer) {
            for (int prefix : prefixes) {
                List<PolicyEntry> found = tables.get(prefix).get(bits.masked(ipv6, prefix));
                if (found != null) {
                    found.forEach(consumer);
                }
            }
        }
    }
}
