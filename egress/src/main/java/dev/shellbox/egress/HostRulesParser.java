package dev.shellbox.egress;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Validates the {@code rules} of a policy spec into {@link HostRules}, naming the field at fault. */
final class HostRulesParser {
    private static final int MIN_PLACEHOLDER = 8;
    private static final int MAX_PLACEHOLDER = 4096;
    /** Headers that frame or route the request: the proxy owns them. */
    private static final Set<String> RESERVED = Set.of(
            "host",
            "content-length",
            "transfer-encoding",
            "connection",
            "upgrade",
            "te",
            "trailer",
            "keep-alive",
            "proxy-connection");

    private HostRulesParser() {}

    /** The rules keyed by pattern as normalized: {@code api.example.com} or {@code *.example.com}. */
    static Map<String, HostRules> parse(Map<String, HostRuleSpec> specs) {
        Map<String, HostRules> rules = new LinkedHashMap<>();
        if (specs == null) {
            return rules;
        }
        for (Map.Entry<String, HostRuleSpec> spec : specs.entrySet()) {
            String field = "rules[" + quote(spec.getKey()) + "]";
            String pattern = pattern(field, spec.getKey());
            if (rules.containsKey(pattern)) {
                throw new PolicyException(field, "the same host as another rule (" + pattern + ")");
            }
            if (spec.getValue() == null) {
                throw new PolicyException(field, "a rule cannot be null");
            }
            rules.put(pattern, rule(field, pattern, spec.getValue()));
        }
        return rules;
    }

    private static String pattern(String field, String key) {
        if (key == null || key.isEmpty()) {
            throw new PolicyException(field, "a rule needs a host");
        }
        boolean wildcard = key.startsWith("*.");
        String name = wildcard ? key.substring(2) : key;
        if (name.indexOf('*') >= 0 || key.equals("*")) {
            throw new PolicyException(field, "a host or *.domain wildcard, as in *.example.com");
        }
        if (HostLiteral.parse(name).isPresent()) {
            throw new PolicyException(field, "rules apply to hostnames, not addresses");
        }
        try {
            String normalized = Hostnames.normalize(name);
            return wildcard ? "*." + normalized : normalized;
        } catch (InvalidHostnameException e) {
            throw new PolicyException(field, e.getMessage());
        }
    }

    private static HostRules rule(String field, String pattern, HostRuleSpec spec) {
        Map<String, HeaderTemplate> headers = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        if (spec.headers() != null) {
            for (Map.Entry<String, String> header : spec.headers().entrySet()) {
                String headerField = field + ".headers[" + quote(header.getKey()) + "]";
                String name = header.getKey();
                if (name == null || name.isEmpty() || !name.chars().allMatch(HostRulesParser::isTokenChar)) {
                    throw new PolicyException(headerField, "not a header name (letters, digits and !#$%&'*+-.^_`|~)");
                }
                String lower = name.toLowerCase(Locale.ROOT);
                if (RESERVED.contains(lower)) {
                    throw new PolicyException(headerField, "the proxy sets " + name + " itself");
                }
                if (!seen.add(lower)) {
                    throw new PolicyException(headerField, "the same header as another one, ignoring case");
                }
                if (header.getValue() == null) {
                    throw new PolicyException(headerField, "a header value cannot be null");
                }
                try {
                    headers.put(name, HeaderTemplate.parse(header.getValue()));
                } catch (IllegalArgumentException e) {
                    throw new PolicyException(headerField, e.getMessage());
                }
            }
        }
        List<TokenSwap> swaps = new ArrayList<>();
        if (spec.swaps() != null) {
            Set<String> placeholders = new HashSet<>();
            for (int i = 0; i < spec.swaps().size(); i++) {
                TokenSwapSpec swap = spec.swaps().get(i);
                String swapField = field + ".swaps[" + i + "]";
                if (swap == null) {
                    throw new PolicyException(swapField, "a swap cannot be null");
                }
                String placeholder = swap.placeholder();
                if (placeholder == null
                        || placeholder.length() < MIN_PLACEHOLDER
                        || placeholder.length() > MAX_PLACEHOLDER) {
                    throw new PolicyException(
                            swapField + ".placeholder",
                            "a placeholder needs " + MIN_PLACEHOLDER + " to " + MAX_PLACEHOLDER
                                    + " characters, so that it cannot occur by chance");
                }
                if (!placeholder.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
                    throw new PolicyException(swapField + ".placeholder", "printable ASCII without spaces only");
                }
                if (!placeholders.add(placeholder)) {
                    throw new PolicyException(swapField + ".placeholder", "the same placeholder as another swap");
                }
                if (!SecretNames.isValid(swap.secret())) {
                    throw new PolicyException(
                            swapField + ".secret",
                            "\"" + swap.secret()
                                    + "\" is not a secret name (1 to 64 of letters, digits, '_', '.', '-')");
                }
                swaps.add(new TokenSwap(placeholder, swap.secret()));
            }
        }
        return new HostRules(pattern, headers, swaps);
    }

    private static boolean isTokenChar(int c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
    }

    private static String quote(String key) {
        return "\"" + key + "\"";
    }
}
