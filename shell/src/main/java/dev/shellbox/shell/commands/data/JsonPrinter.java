package dev.shellbox.shell.commands.data;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Writes JSON exactly as jq 1.7 does: two-space indentation (or --indent n / --tab / compact), keys in insertion order
 * unless sorted, jq's string escapes, number literals as written, computed numbers in jq's shortest form.
 */
public final class JsonPrinter {
    private final String indent;
    private final boolean sortKeys;
    private final boolean ascii;

    /**
     * @param indent the text of one indentation level; null for compact output
     */
    public JsonPrinter(String indent, boolean sortKeys, boolean ascii) {
        this.indent = indent;
        this.sortKeys = sortKeys;
        this.ascii = ascii;
    }

    public static JsonPrinter compact() {
        return new JsonPrinter(null, false, false);
    }

    public String print(JsonNode node) {
        StringBuilder sb = new StringBuilder();
        write(sb, node, 0);
        return sb.toString();
    }

    private void write(StringBuilder sb, JsonNode node, int depth) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            sb.append("null");
        } else if (node.isTextual()) {
            string(sb, node.textValue(), ascii);
        } else if (node.isBoolean()) {
            sb.append(node.booleanValue());
        } else if (node.isNumber()) {
            sb.append(number(node));
        } else if (node.isArray()) {
            if (node.isEmpty()) {
                sb.append("[]");
                return;
            }
            sb.append('[');
            boolean first = true;
            for (JsonNode element : node) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                newline(sb, depth + 1);
                write(sb, element, depth + 1);
            }
            newline(sb, depth);
            sb.append(']');
        } else if (node.isObject()) {
            if (node.isEmpty()) {
                sb.append("{}");
                return;
            }
            sb.append('{');
            boolean first = true;
            for (Map.Entry<String, JsonNode> field : fields(node)) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                newline(sb, depth + 1);
                string(sb, field.getKey(), ascii);
                sb.append(indent == null ? ":" : ": ");
                write(sb, field.getValue(), depth + 1);
            }
            newline(sb, depth);
            sb.append('}');
        } else {
            sb.append(node.asText());
        }
    }

    private List<Map.Entry<String, JsonNode>> fields(JsonNode node) {
        List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> it = node.fields();
        it.forEachRemaining(fields::add);
        if (sortKeys) {
            fields.sort((a, b) -> compareCodePoints(a.getKey(), b.getKey()));
        }
        return fields;
    }

    /** jq orders keys by their UTF-8 bytes, which is code point order. */
    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    private void newline(StringBuilder sb, int depth) {
        if (indent != null) {
            sb.append('\n');
            for (int i = 0; i < depth; i++) {
                sb.append(indent);
            }
        }
    }

    /** A JSON string literal with jq's escapes. */
    public static void string(StringBuilder sb, String s, boolean ascii) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else if (ascii && c >= 0x80) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    /** A number as jq prints it: literals keep their text, computed doubles take the shortest round-trip form. */
    public static String number(JsonNode node) {
        if (node.isIntegralNumber()) {
            // Integers the engine computed are doubles in jq: large ones print in jq's double form. Large integer
            // literals of the input arrive as decimals (see JqEngine) and keep their digits.
            if (node.canConvertToLong() && Math.abs(node.longValue()) < 100_000_000_000_000_000L) {
                return Long.toString(node.longValue());
            }
            return formatDouble(node.doubleValue());
        }
        if (node.isBigDecimal()) {
            return node.decimalValue().toString();
        }
        return formatDouble(node.doubleValue());
    }

    /** jq's jvp_dtoa_fmt: shortest digits; exponent form when the point is far left or right of them. */
    public static String formatDouble(double d) {
        if (Double.isNaN(d)) {
            return "null";
        }
        if (Double.isInfinite(d)) {
            d = d > 0 ? Double.MAX_VALUE : -Double.MAX_VALUE;
        }
        if (d == 0) {
            return 1 / d < 0 ? "-0" : "0";
        }
        String sign = d < 0 ? "-" : "";
        BigDecimal shortest = shortest(Math.abs(d));
        String digits = shortest.unscaledValue().toString();
        int trailing = 0;
        while (digits.length() - trailing > 1 && digits.charAt(digits.length() - 1 - trailing) == '0') {
            trailing++;
        }
        digits = digits.substring(0, digits.length() - trailing);
        int decpt = digits.length() - (shortest.scale() - trailing);
        int n = digits.length();
        StringBuilder sb = new StringBuilder(sign);
        if (decpt <= -4 || decpt > n + 15) {
            sb.append(digits.charAt(0));
            if (n > 1) {
                sb.append('.').append(digits, 1, n);
            }
            int exp = decpt - 1;
            sb.append('e').append(exp < 0 ? '-' : '+');
            int abs = Math.abs(exp);
            if (abs < 10) {
                sb.append('0');
            }
            sb.append(abs);
        } else if (decpt <= 0) {
            sb.append("0.").append("0".repeat(-decpt)).append(digits);
        } else if (decpt >= n) {
            sb.append(digits).append("0".repeat(decpt - n));
        } else {
            sb.append(digits, 0, decpt).append('.').append(digits, decpt, n);
        }
        return sb.toString();
    }

    private static BigDecimal shortest(double d) {
        BigDecimal exact = new BigDecimal(d);
        for (int precision = 1; precision < 17; precision++) {
            BigDecimal candidate = exact.round(new MathContext(precision));
            if (candidate.doubleValue() == d) {
                return candidate;
            }
        }
        return exact.round(new MathContext(17));
    }
}
