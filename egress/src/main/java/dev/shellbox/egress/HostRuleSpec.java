package dev.shellbox.egress;

import java.util.List;
import java.util.Map;

/**
 * What the proxy does to requests for one host pattern, as written by a user.
 *
 * @param headers header name to value; a value is literal text in which {@code ${secret:NAME}} stands for a stored
 *     secret
 * @param swaps dummy tokens the sandbox holds and the secrets the proxy puts in their place
 */
public record HostRuleSpec(Map<String, String> headers, List<TokenSwapSpec> swaps) {}
