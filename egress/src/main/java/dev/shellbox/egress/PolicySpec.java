package dev.shellbox.egress;

import java.util.List;
import java.util.Map;

/**
 * A network policy as written by a user, before validation: plain strings, any of them null when absent. {@link
 * NetworkPolicy#parse} turns it into a policy or says which field is wrong.
 *
 * @param mode {@code none}, {@code allowlist} or {@code open}
 * @param allow entries a destination must match in allowlist mode (see {@link NetworkPolicy} for the grammar)
 * @param deny entries that block a destination in any mode
 * @param rules header injection and token swaps, keyed by an exact host or a {@code *.} wildcard
 */
public record PolicySpec(String mode, List<String> allow, List<String> deny, Map<String, HostRuleSpec> rules) {}
