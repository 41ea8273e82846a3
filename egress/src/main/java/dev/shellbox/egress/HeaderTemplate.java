package dev.shellbox.egress;

import java.util.ArrayList;
import java.util.List;

/** A header value to inject: literal text and {@code ${secret:NAME}} references, in order. */
public record HeaderTemplate(List<Part> parts) {
    private static final String OPEN = "${secret:";

    /** A piece of a header value. */
    public sealed interface Part {}

    /** Text sent as written. */
    public record Literal(String text) implements Part {}

    /** The value of the named stored secret. */
    public record SecretRef(String name) implements Part {}

    public HeaderTemplate {
        parts = List.copyOf(parts);
    }

    /**
     * Parses a value; {@code ${secret:} always starts a reference, other text (including other {@code ${...}}) is
     * literal.
     *
     * @throws IllegalArgumentException naming the problem: an unclosed reference, a bad secret name, a line break
     */
    public static HeaderTemplate parse(String value) {
        List<Part> parts = new ArrayList<>();
        int at = 0;
        while (at < value.length()) {
            int open = value.indexOf(OPEN, at);
            if (open < 0) {
                parts.add(new Literal(value.substring(at)));
                break;
            }
            if (open > at) {
                parts.add(new Literal(value.substring(at, open)));
            }
            int close = value.indexOf('}', open);
            if (close < 0) {
                throw new IllegalArgumentException("\"" + OPEN + "\" without a closing '}'");
            }
            String name = value.substring(open + OPEN.length(), close);
            if (!SecretNames.isValid(name)) {
                throw new IllegalArgumentException(
                        "\"" + name + "\" is not a secret name (1 to 64 of letters, digits, '_', '.', '-')");
            }
            parts.add(new SecretRef(name));
            at = close + 1;
        }
        for (Part part : parts) {
            if (part instanceof Literal literal && hasLineBreak(literal.text())) {
                throw new IllegalArgumentException("a header value cannot hold a line break or NUL");
            }
        }
        return new HeaderTemplate(parts);
    }

    /** The value with every reference replaced by its secret. */
    public String render(SecretResolver resolver) {
        StringBuilder out = new StringBuilder();
        for (Part part : parts) {
            if (part instanceof Literal literal) {
                out.append(literal.text());
            } else if (part instanceof SecretRef ref) {
                out.append(SecretNames.resolve(resolver, ref.name()));
            }
        }
        return out.toString();
    }

    private static boolean hasLineBreak(String text) {
        return text.indexOf('\r') >= 0 || text.indexOf('\n') >= 0 || text.indexOf(0) >= 0;
    }
}
