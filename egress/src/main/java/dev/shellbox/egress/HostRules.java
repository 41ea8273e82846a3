package dev.shellbox.egress;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the proxy does to requests for hosts matching {@code pattern}: headers it sets, and dummy tokens it swaps for
 * secrets.
 *
 * @param pattern the exact host or {@code *.} wildcard the rules were written for
 * @param headers header name (as written) to the value to set
 * @param swaps dummy tokens to replace, in order
 */
public record HostRules(String pattern, Map<String, HeaderTemplate> headers, List<TokenSwap> swaps) {
    public HostRules {
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        swaps = List.copyOf(swaps);
    }

    /**
     * The request headers after the rules: dummy tokens in every value replaced by their secrets, then each rule
     * header set, replacing any header of the same name in any case. The input is not changed.
     *
     * @throws SecretException when a secret is missing or holds a line break
     */
    public Map<String, String> apply(Map<String, String> requestHeaders, SecretResolver resolver) {
        Map<String, String> out = new LinkedHashMap<>();
        requestHeaders.forEach((name, value) -> out.put(name, swapTokens(value, resolver)));
        headers.forEach((name, template) -> {
            out.keySet().removeIf(existing -> existing.equalsIgnoreCase(name));
            out.put(name, template.render(resolver));
        });
        return out;
    }

    /** The text with each dummy token replaced by its secret; secrets are only looked up when their token occurs. */
    public String swapTokens(String text, SecretResolver resolver) {
        String result = text;
        for (TokenSwap swap : swaps) {
            if (result.contains(swap.placeholder())) {
                result = result.replace(swap.placeholder(), SecretNames.resolve(resolver, swap.secret()));
            }
        }
        return result;
    }
}
