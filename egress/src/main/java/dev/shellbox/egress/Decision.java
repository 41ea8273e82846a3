package dev.shellbox.egress;

import java.util.Optional;

/**
 * The policy's answer for one destination, with the rule that gave it.
 *
 * @param verdict allow, deny, or inspect the request first
 * @param target what was judged, e.g. {@code api.example.com:443}
 * @param reason the entry that decided, or the default that applied
 */
public record Decision(Verdict verdict, String target, Reason reason) {
    /** Why a decision was made. */
    public sealed interface Reason {
        /** {@code deny[0] "*.evil.com"} or {@code default: not in the allow list}. */
        String describe();
    }

    /** An allow or deny entry decided. */
    public record ByEntry(PolicyEntry entry) implements Reason {
        @Override
        public String describe() {
            return entry.label();
        }
    }

    /** No entry decided; a default of the policy did. */
    public record ByDefault(String why) implements Reason {
        @Override
        public String describe() {
            return "default: " + why;
        }
    }

    static Decision of(Verdict verdict, String target, PolicyEntry entry) {
        return new Decision(verdict, target, new ByEntry(entry));
    }

    static Decision byDefault(Verdict verdict, String target, String why) {
        return new Decision(verdict, target, new ByDefault(why));
    }

    public boolean allowed() {
        return verdict == Verdict.ALLOW;
    }

    /** The deciding rule as text: {@code deny[0] "*.evil.com"} or {@code default: ...}. */
    public String rule() {
        return reason.describe();
    }

    /** The entry that decided, when one did. */
    public Optional<PolicyEntry> entry() {
        return reason instanceof ByEntry byEntry ? Optional.of(byEntry.entry()) : Optional.empty();
    }

    /** One line for the agent: what happened, which rule, and (when blocked) not to go around it. */
    public String explain() {
        if (verdict == Verdict.ALLOW) {
            return "Allowed by the sandbox's network policy: " + target + " (" + rule() + ").";
        }
        if (verdict == Verdict.INSPECT) {
            return "The sandbox's network policy allows " + target + " only for requests it can inspect (" + rule()
                    + "): send them as HTTP through the proxy, not through a tunnel.";
        }
        return "Blocked by the sandbox's network policy: " + target + " is not allowed (" + rule()
                + "). This is deliberate: do not retry by other routes (other addresses, ports, proxies or tools);"
                + " ask the user to change the policy if you need it.";
    }
}
