package dev.shellbox.egress;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One allow or deny list arranged for lookup: exact names in a hash map, wildcards in a hash map probed once per
 * label of the name, addresses and ranges in a {@link CidrTable}.
 */
final class EntryIndex {
    private final Map<String, List<PolicyEntry>> exact = new HashMap<>();
    /** Keyed by the domain after {@code *.}. */
    private final Map<String, List<PolicyEntry>> wildcards = new HashMap<>();

    private final CidrTable ranges;

    EntryIndex(List<PolicyEntry> entries) {
        for (PolicyEntry entry : entries) {
            if (entry.host() instanceof HostPattern.ExactName name) {
                exact.computeIfAbsent(name.name(), k -> new ArrayList<>()).add(entry);
            } else if (entry.host() instanceof HostPattern.WildcardName wildcard) {
                wildcards
                        .computeIfAbsent(wildcard.suffix(), k -> new ArrayList<>())
                        .add(entry);
            }
        }
        ranges = new CidrTable(entries);
    }

    /** Offers every entry whose host part matches the normalized name. */
    void matchName(String name, Candidates candidates) {
        forEachNameMatch(name, candidates::offer);
    }

    /** Offers every entry whose range holds the address. */
    void matchAddress(InetAddress address, Candidates candidates) {
        ranges.forEachContaining(address, candidates::offer);
    }

    /**
     * The first entry (lowest index) whose host part matches the name; with {@code unconditional}, only among
     * entries that hold for every port, method and path.
     */
    PolicyEntry firstForName(String name, boolean unconditional) {
        PolicyEntry[] first = new PolicyEntry[1];
        forEachNameMatch(name, entry -> {
            boolean limited = entry.needsRequest() || !entry.ports().isAny();
            if (!(unconditional && limited) && (first[0] == null || entry.index() < first[0].index())) {
                first[0] = entry;
            }
        });
        return first[0];
    }

    private void forEachNameMatch(String name, Consumer<PolicyEntry> consumer) {
        List<PolicyEntry> found = exact.get(name);
        if (found != null) {
            found.forEach(consumer);
        }
        if (wildcards.isEmpty()) {
            return;
        }
        // each proper suffix of the name: a wildcard covers subdomains at any depth, never its own domain
        for (int dot = name.indexOf('.'); dot >= 0; dot = name.indexOf('.', dot + 1)) {
            List<PolicyEntry> covering = wildcards.get(name.substring(dot + 1));
            if (covering != null) {
                covering.forEach(consumer);
            }
        }
    }
}
