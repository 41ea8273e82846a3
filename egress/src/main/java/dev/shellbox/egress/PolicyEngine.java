package dev.shellbox.egress;

import java.net.InetAddress;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides destinations against one {@link NetworkPolicy}. Built once per policy; immutable and safe to share between
 * threads.
 *
 * <p>The rules, in order:
 *
 * <ol>
 *   <li>Mode {@code none} denies everything.
 *   <li>A hostname that is an address literal ({@link HostLiteral}) is judged as that address; an invalid hostname
 *       is denied. An IPv6 address that embeds IPv4 is judged as the IPv4 address ({@link SpecialRanges#canonical}).
 *   <li>A deny entry that matches denies. Hostname entries match the hostname, address and range entries the
 *       address. A deny entry limited to methods or a path that cannot be seen turns an allow into {@link
 *       Verdict#INSPECT}.
 *   <li>An address in a special range ({@link SpecialRanges}) is denied unless an allow entry written as an address
 *       or range covers it: a hostname entry never reaches a private address.
 *   <li>Mode {@code open} allows the rest. Mode {@code allowlist} allows what an allow entry matches (INSPECT when
 *       that entry needs a method or path that was not given) and denies the rest.
 * </ol>
 *
 * Before resolution (no address) only the hostname is judged; the proxy decides again once it has the address.
 */
public final class PolicyEngine {
    private final NetworkPolicy policy;
    private final EntryIndex allow;
    private final EntryIndex deny;

    public PolicyEngine(NetworkPolicy policy) {
        this.policy = policy;
        this.allow = new EntryIndex(policy.allow());
        this.deny = new EntryIndex(policy.deny());
    }

    public NetworkPolicy policy() {
        return policy;
    }

    /** Judges a connection or request. */
    public Decision decide(Destination destination) {
        String target = destination.describe();
        if (policy.mode() == Mode.NONE) {
            return Decision.byDefault(Verdict.DENY, target, "the policy allows no network access");
        }
        String name = null;
        InetAddress address = destination.address();
        if (destination.hostname() != null) {
            Optional<InetAddress> literal = HostLiteral.parse(destination.hostname());
            if (literal.isPresent()) {
                address = literal.get();
            } else {
                try {
                    name = Hostnames.normalize(destination.hostname());
                } catch (InvalidHostnameException e) {
                    return Decision.byDefault(Verdict.DENY, target, e.getMessage());
                }
            }
        }
        if (name == null && address == null) {
            return Decision.byDefault(Verdict.DENY, target, "no hostname or address to judge");
        }
        InetAddress canonical = address == null ? null : SpecialRanges.canonical(address);
        String method =
                destination.method() == null ? null : destination.method().toUpperCase(Locale.ROOT);
        String path = destination.path() == null ? null : RequestPath.normalize(destination.path());

        Candidates denied = new Candidates(destination.port(), method, path);
        if (name != null) {
            deny.matchName(name, denied);
        }
        if (address != null) {
            deny.matchAddress(canonical, denied);
            if (canonical != address) {
                deny.matchAddress(address, denied); // an IPv6 range denied as written still holds
            }
        }
        if (denied.full() != null) {
            return Decision.of(Verdict.DENY, target, denied.full());
        }

        Candidates allowed = new Candidates(destination.port(), method, path);
        Optional<SpecialRanges.Range> special = canonical == null ? Optional.empty() : SpecialRanges.of(canonical);
        if (special.isPresent()) {
            allow.matchAddress(canonical, allowed);
            if (allowed.full() == null && allowed.unseen() == null) {
                return Decision.byDefault(Verdict.DENY, target, special.get().reason());
            }
        } else if (policy.mode() == Mode.OPEN) {
            return denied.unseen() != null
                    ? Decision.of(Verdict.INSPECT, target, denied.unseen())
                    : Decision.byDefault(Verdict.ALLOW, target, "the policy is open to public destinations");
        } else {
            if (name != null) {
                allow.matchName(name, allowed);
            }
            if (canonical != null) {
                allow.matchAddress(canonical, allowed);
            }
        }
        if (allowed.full() != null) {
            return denied.unseen() != null
                    ? Decision.of(Verdict.INSPECT, target, denied.unseen())
                    : Decision.of(Verdict.ALLOW, target, allowed.full());
        }
        if (allowed.unseen() != null) {
            return Decision.of(Verdict.INSPECT, target, allowed.unseen());
        }
        return Decision.byDefault(Verdict.DENY, target, "not in the allow list");
    }

    /**
     * Whether a name may be looked up at all, so that no DNS query for a denied name leaves the sandbox: in allowlist
     * mode when some allow entry could match the name (on some port, method or path), in open mode unless a deny
     * entry blocks the name on every port, method and path. Address literals are never looked up.
     */
    public Decision decideName(String hostname) {
        String target = String.valueOf(hostname);
        if (policy.mode() == Mode.NONE) {
            return Decision.byDefault(Verdict.DENY, target, "the policy allows no network access");
        }
        if (HostLiteral.parse(hostname).isPresent()) {
            return Decision.byDefault(Verdict.DENY, target, "an address literal is not a name to look up");
        }
        String name;
        try {
            name = Hostnames.normalize(hostname);
        } catch (InvalidHostnameException e) {
            return Decision.byDefault(Verdict.DENY, target, e.getMessage());
        }
        PolicyEntry blocking = deny.firstForName(name, true);
        if (blocking != null) {
            return Decision.of(Verdict.DENY, name, blocking);
        }
        if (policy.mode() == Mode.OPEN) {
            return Decision.byDefault(Verdict.ALLOW, name, "the policy is open to public destinations");
        }
        PolicyEntry allowing = allow.firstForName(name, false);
        return allowing != null
                ? Decision.of(Verdict.ALLOW, name, allowing)
                : Decision.byDefault(Verdict.DENY, name, "not in the allow list");
    }
}
