package dev.shellbox.egress;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A sandbox's network policy: a mode, allow and deny entries, and per-host rules for header injection. Immutable;
 * {@link PolicyEngine} makes the decisions.
 *
 * <h2>Entries</h2>
 *
 * <pre>
 * [METHODS ]HOST[:PORTS][/PATH-PREFIX]
 * </pre>
 *
 * <ul>
 *   <li>METHODS: HTTP methods separated by commas, {@code GET,HEAD}; any method when absent.
 *   <li>HOST: an exact name ({@code api.example.com}; IDN allowed, compared lowercase without the trailing dot), a
 *       wildcard {@code *.example.com} (subdomains at any depth, not {@code example.com} itself), an IPv4 address,
 *       an IPv6 address (in brackets when a port or path follows: {@code [2001:db8::1]:443}), or a CIDR range
 *       ({@code 10.0.0.0/8}, {@code 2001:db8::/32}, {@code [2001:db8::/32]:443}).
 *   <li>PORTS: a port, a range {@code 8000-8100}, or {@code *}; any port when absent.
 *   <li>PATH-PREFIX: the request path must be this path or below it, on a segment boundary.
 * </ul>
 *
 * After an IPv4 address, {@code /} and digits alone are a CIDR prefix ({@code 10.0.0.0/8}); any other {@code /...}
 * is a path. Rejected: empty entries, URLs (write the host, not {@code https://...}), a bare {@code *}, wildcards
 * other than a whole first label, ports outside 1-65535, CIDR prefixes out of range or with host bits set, invalid
 * hostnames, IPv6 zone ids, IPv6 ranges that embed IPv4 (write the IPv4 form), more than {@value #MAX_ENTRIES} entries
 * in a list.
 *
 * <h2>Modes</h2>
 *
 * {@code none}: nothing. {@code allowlist}: destinations an allow entry matches. {@code open}: every public
 * destination. In every mode deny entries win over allow entries, and special ranges (see {@link SpecialRanges}) are
 * reached only through an allow entry written as an address or range. When the mode is absent it is {@code
 * allowlist} if there are allow entries and {@code none} otherwise.
 */
public final class NetworkPolicy {
    /** The most entries an allow or deny list may hold. */
    public static final int MAX_ENTRIES = 10_000;

    private static final NetworkPolicy NONE = new NetworkPolicy(Mode.NONE, List.of(), List.of(), Map.of());
    private static final NetworkPolicy OPEN = new NetworkPolicy(Mode.OPEN, List.of(), List.of(), Map.of());

    private final Mode mode;
    private final List<PolicyEntry> allow;
    private final List<PolicyEntry> deny;
    private final Map<String, HostRules> exactRules = new HashMap<>();
    private final Map<String, HostRules> wildcardRules = new HashMap<>();

    private NetworkPolicy(Mode mode, List<PolicyEntry> allow, List<PolicyEntry> deny, Map<String, HostRules> rules) {
        this.mode = mode;
        this.allow = List.copyOf(allow);
        this.deny = List.copyOf(deny);
        rules.forEach((pattern, rule) -> {
            if (pattern.startsWith("*.")) {
                wildcardRules.put(pattern.substring(2), rule);
            } else {
                exactRules.put(pattern, rule);
            }
        });
    }

    /** No network at all. */
    public static NetworkPolicy none() {
        return NONE;
    }

    /** Every public destination. */
    public static NetworkPolicy open() {
        return OPEN;
    }

    /** The policy of the legacy {@code "network": true|false} flag: {@link #open()} or {@link #none()}. */
    public static NetworkPolicy fromLegacyFlag(boolean network) {
        return network ? OPEN : NONE;
    }

    /**
     * Validates a spec.
     *
     * @throws PolicyException naming the field at fault and what is wrong with it
     */
    public static NetworkPolicy parse(PolicySpec spec) {
        if (spec == null) {
            throw new PolicyException("policy", "a policy cannot be null");
        }
        List<PolicyEntry> allow = entries("allow", spec.allow());
        List<PolicyEntry> deny = entries("deny", spec.deny());
        Mode mode = mode(spec.mode(), allow);
        if (mode == Mode.NONE && !allow.isEmpty()) {
            throw new PolicyException("allow", "mode none allows nothing, so it takes no allow entries");
        }
        return new NetworkPolicy(mode, allow, deny, HostRulesParser.parse(spec.rules()));
    }

    private static Mode mode(String text, List<PolicyEntry> allow) {
        if (text == null) {
            return allow.isEmpty() ? Mode.NONE : Mode.ALLOWLIST;
        }
        for (Mode mode : Mode.values()) {
            if (mode.text().equals(text.strip().toLowerCase(Locale.ROOT))) {
                return mode;
            }
        }
        throw new PolicyException("mode", "\"" + text + "\" is not a mode (none, allowlist, open)");
    }

    private static List<PolicyEntry> entries(String list, List<String> texts) {
        if (texts == null) {
            return List.of();
        }
        if (texts.size() > MAX_ENTRIES) {
            throw new PolicyException(list, texts.size() + " entries, more than the " + MAX_ENTRIES + " allowed");
        }
        List<PolicyEntry> entries = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            entries.add(EntryParser.parse(list, i, texts.get(i)));
        }
        return entries;
    }

    public Mode mode() {
        return mode;
    }

    public List<PolicyEntry> allow() {
        return allow;
    }

    public List<PolicyEntry> deny() {
        return deny;
    }

    /** Every host rule by its pattern ({@code api.example.com}, {@code *.example.com}). */
    public Map<String, HostRules> rules() {
        Map<String, HostRules> all = new HashMap<>(exactRules);
        wildcardRules.forEach((suffix, rule) -> all.put("*." + suffix, rule));
        return Collections.unmodifiableMap(all);
    }

    /**
     * The rules for a host: an exact rule first, else the wildcard with the longest domain that covers the host;
     * empty when none applies or the host is not a valid name.
     */
    public Optional<HostRules> rulesFor(String host) {
        String name;
        try {
            name = Hostnames.normalize(host);
        } catch (InvalidHostnameException e) {
            return Optional.empty();
        }
        HostRules exact = exactRules.get(name);
        if (exact != null) {
            return Optional.of(exact);
        }
        // from the longest proper suffix to the shortest: the first found is the most specific wildcard
        for (int dot = name.indexOf('.'); dot >= 0; dot = name.indexOf('.', dot + 1)) {
            HostRules rule = wildcardRules.get(name.substring(dot + 1));
            if (rule != null) {
                return Optional.of(rule);
            }
        }
        return Optional.empty();
    }
}
