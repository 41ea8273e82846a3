package dev.shellbox.sandbox.egress;

import dev.shellbox.egress.Mode;
import dev.shellbox.egress.NetworkPolicy;
import dev.shellbox.egress.PolicyException;
import dev.shellbox.egress.PolicySpec;
import dev.shellbox.platform.problem.ProblemException;
import java.util.List;

/** Network policies as the API takes them: validated into problems that point at the bad field. */
public final class NetworkPolicies {
    /** What {@code "network": true} meant before policies: the public network, private ranges denied. */
    public static final PolicySpec OPEN = new PolicySpec("open", List.of(), List.of(), null);

    public static final PolicySpec NONE = new PolicySpec("none", List.of(), List.of(), null);

    private NetworkPolicies() {}

    /** The policy, or a 400 naming the field of {@code field} (a JSON pointer) that is wrong. */
    public static NetworkPolicy parse(PolicySpec spec, String field) {
        try {
            return NetworkPolicy.parse(spec);
        } catch (PolicyException e) {
            throw ProblemException.badField(
                    field + pointer(e.field()),
                    "a network policy (docs/egress.md)",
                    "network policy: " + e.field() + ": " + e.problem());
        }
    }

    /** A sandbox's stored policy, which was valid when it was stored. */
    public static NetworkPolicy of(PolicySpec stored, boolean legacyNetwork) {
        return NetworkPolicy.parse(stored(stored, legacyNetwork));
    }

    /** A sandbox's policy as stored, or as its network flag said before policies. */
    public static PolicySpec stored(PolicySpec stored, boolean legacyNetwork) {
        return stored != null ? stored : legacyNetwork ? OPEN : NONE;
    }

    /** Whether programs have a network beyond loopback at all. */
    public static boolean any(NetworkPolicy policy) {
        return policy.mode() != Mode.NONE;
    }

    /**
     * Whether the sandbox's egress goes through the proxy: whenever the policy restricts more than the private ranges
     * or rewrites requests. An open policy without deny entries or rules keeps the direct user-mode network.
     */
    public static boolean proxied(NetworkPolicy policy) {
        return policy.mode() == Mode.ALLOWLIST
                || policy.mode() == Mode.OPEN
                        && (!policy.deny().isEmpty() || !policy.rules().isEmpty());
    }

    /** {@code allow[3]} or {@code rules["a.b"].headers["X"]} as a JSON pointer suffix. */
    static String pointer(String field) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < field.length()) {
            char c = field.charAt(i);
            if (c == '.') {
                i++;
            } else if (field.startsWith("[\"", i)) {
                StringBuilder key = new StringBuilder();
                int j = i + 2;
                while (j < field.length() && field.charAt(j) != '"') {
                    if (field.charAt(j) == '\\' && j + 1 < field.length()) {
                        j++;
                    }
                    key.append(field.charAt(j++));
                }
                out.append('/').append(key.toString().replace("~", "~0").replace("/", "~1"));
                i = Math.min(field.length(), j + 2);
            } else if (c == '[') {
                int close = field.indexOf(']', i);
                close = close < 0 ? field.length() : close;
                out.append('/').append(field, i + 1, close);
                i = close + 1;
            } else {
                int j = i;
                while (j < field.length() && field.charAt(j) != '.' && field.charAt(j) != '[') {
                    j++;
                }
                out.append('/').append(field, i, j);
                i = j;
            }
        }
        return out.toString();
    }
}
