package dev.shellbox.shell.commands.text.tr;

import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.Text;
import java.util.ArrayList;
import java.util.List;

/**
 * One SET operand of tr, parsed the way GNU tr parses it: backslash escapes first (an escaped character never starts
 * a construct), then {@code [:class:]}, {@code [=c=]}, {@code [c*n]}, ranges {@code a-z} and plain bytes. tr works on
 * bytes, so a multibyte character is several elements.
 */
final class TrSet {
    /** A set that cannot be used; the message is GNU's. */
    static final class SetException extends Exception {
        SetException(String message) {
            super(message, null, false, false);
        }
    }

    /** One construct of a set. */
    sealed interface Element permits Single, Range, CharClass, Equivalence, Repeat {}

    record Single(int value) implements Element {}

    record Range(int first, int last) implements Element {}

    record CharClass(String name) implements Element {}

    record Equivalence(int value) implements Element {}

    /** {@code [c*n]}; a count of 0 means "as many as needed to fill". */
    record Repeat(int value, long count) implements Element {}

    private static final List<String> CLASSES = List.of(
            "alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper",
            "xdigit");

    final List<Element> elements = new ArrayList<>();
    final List<String> warnings = new ArrayList<>();

    private int[] chars;
    private boolean[] escaped;
    private int length;

    static TrSet parse(String operand) throws SetException {
        TrSet set = new TrSet();
        set.unescape(Text.encode(operand));
        set.build();
        return set;
    }

    private void unescape(byte[] s) {
        chars = new int[s.length];
        escaped = new boolean[s.length];
        int n = 0;
        for (int i = 0; i < s.length; i++) {
            int c = s[i] & 0xff;
            if (c != '\\') {
                chars[n++] = c;
                continue;
            }
            if (i + 1 >= s.length) {
                warnings.add("warning: an unescaped backslash at end of string is not portable");
                chars[n++] = '\\';
                continue;
            }
            int e = s[++i] & 0xff;
            escaped[n] = true;
            switch (e) {
                case 'a' -> chars[n++] = 7;
                case 'b' -> chars[n++] = '\b';
                case 'f' -> chars[n++] = '\f';
                case 'n' -> chars[n++] = '\n';
                case 'r' -> chars[n++] = '\r';
                case 't' -> chars[n++] = '\t';
                case 'v' -> chars[n++] = 11;
                case '0', '1', '2', '3', '4', '5', '6', '7' -> {
                    int value = e - '0';
                    if (i + 1 < s.length && isOctal(s[i + 1])) {
                        value = value * 8 + (s[++i] - '0');
                        if (i + 1 < s.length && isOctal(s[i + 1])) {
                            int three = value * 8 + (s[i + 1] - '0');
                            if (three <= 255) {
                                value = three;
                                i++;
                            } else {
                                warnings.add("warning: the ambiguous octal escape \\" + (char) e + (char) s[i]
                                        + (char) s[i + 1] + " is being\n\tinterpreted as the 2-byte sequence \\0"
                                        + (char) e + (char) s[i] + ", " + (char) s[i + 1]);
                            }
                        }
                    }
                    chars[n++] = value;
                }
                default -> chars[n++] = e;
            }
        }
        length = n;
    }

    private static boolean isOctal(byte b) {
        return b >= '0' && b <= '7';
    }

    private boolean is(int i, int c) {
        return i < length && chars[i] == c && !escaped[i];
    }

    private void build() throws SetException {
        int i = 0;
        while (i + 2 < length) {
            if (is(i, '[')) {
                int next = parseBracket(i);
                if (next > 0) {
                    i = next;
                    continue;
                }
            }
            if (is(i + 1, '-')) {
                int first = chars[i];
                int last = chars[i + 2];
                if (first > last) {
                    throw new SetException("range-endpoints of '" + printable(first) + "-" + printable(last)
                            + "' are in reverse collating sequence order");
                }
                elements.add(new Range(first, last));
                i += 3;
            } else {
                elements.add(new Single(chars[i++]));
            }
        }
        while (i < length) {
            elements.add(new Single(chars[i++]));
        }
    }

    /** Parses a construct starting with '[' at {@code i}; returns the index after it, or 0 when it is none. */
    private int parseBracket(int i) throws SetException {
        int kind = chars[i + 1];
        if ((kind == ':' || kind == '=') && !escaped[i + 1]) {
            int close = -1;
            for (int j = i + 2; j < length - 1; j++) {
                if (is(j, kind) && is(j + 1, ']')) {
                    close = j;
                    break;
                }
            }
            if (close >= 0) {
                int operandLength = close - (i + 2);
                String operand = text(i + 2, close);
                if (operandLength == 0) {
                    throw new SetException(
                            kind == ':'
                                    ? "missing character class name '[::]'"
                                    : "missing equivalence class character '[==]'");
                }
                if (kind == ':' && CLASSES.contains(operand)) {
                    elements.add(new CharClass(operand));
                    return close + 2;
                }
                if (kind == '=' && operandLength == 1) {
                    elements.add(new Equivalence(chars[i + 2]));
                    return close + 2;
                }
                if (!starDigitsCloseBracket(i + 2)) {
                    throw new SetException(
                            kind == ':'
                                    ? "invalid character class " + Quoting.locale(operand)
                                    : operand + ": equivalence class operand must be a single character");
                }
            }
        }
        return parseRepeat(i);
    }

    /** Whether {@code *digits]} follows at {@code i}, which makes {@code [:*3]} a repeat of ':'. */
    private boolean starDigitsCloseBracket(int i) {
        if (!is(i, '*')) {
            return false;
        }
        int j = i + 1;
        while (j < length && chars[j] >= '0' && chars[j] <= '9' && !escaped[j]) {
            j++;
        }
        return is(j, ']');
    }

    /** {@code [c*n]} at {@code i}; returns the index after it, or 0 when the text is not one. */
    private int parseRepeat(int i) throws SetException {
        int c = i + 1;
        if (!is(c + 1, '*')) {
            return 0;
        }
        for (int j = c + 2; j < length && !escaped[j]; j++) {
            if (chars[j] != ']') {
                continue;
            }
            String digits = text(c + 2, j);
            long count = 0;
            if (!digits.isEmpty()) {
                count = parseCount(digits);
                if (count < 0) {
                    throw new SetException("invalid repeat count " + Quoting.locale(digits) + " in [c*n] construct");
                }
            }
            elements.add(new Repeat(chars[c], count));
            return j + 1;
        }
        return 0;
    }

    private static long parseCount(String digits) {
        int radix = digits.charAt(0) == '0' ? 8 : 10;
        long value = 0;
        for (int k = 0; k < digits.length(); k++) {
            int d = Character.digit(digits.charAt(k), radix);
            if (d < 0) {
                return -1;
            }
            value = value * radix + d;
            if (value > Integer.MAX_VALUE) {
                return -1;
            }
        }
        return value;
    }

    private String text(int from, int to) {
        byte[] b = new byte[to - from];
        for (int k = from; k < to; k++) {
            b[k - from] = (byte) chars[k];
        }
        return Text.decode(b);
    }

    private static String printable(int c) {
        if (c >= 0x20 && c < 0x7f) {
            return String.valueOf((char) c);
        }
        String octal = Integer.toOctalString(c);
        return "\\" + "000".substring(octal.length()) + octal;
    }

    /** The bytes of a character class, in ascending order. */
    static int[] classMembers(String name) {
        List<Integer> members = new ArrayList<>();
        for (int c = 0; c < 256; c++) {
            if (inClass(name, c)) {
                members.add(c);
            }
        }
        return members.stream().mapToInt(Integer::intValue).toArray();
    }

    private static boolean inClass(String name, int c) {
        boolean upper = c >= 'A' && c <= 'Z';
        boolean lower = c >= 'a' && c <= 'z';
        boolean digit = c >= '0' && c <= '9';
        boolean graph = c > 0x20 && c < 0x7f;
        return switch (name) {
            case "alnum" -> upper || lower || digit;
            case "alpha" -> upper || lower;
            case "blank" -> c == ' ' || c == '\t';
            case "cntrl" -> c < 0x20 || c == 0x7f;
            case "digit" -> digit;
            case "graph" -> graph;
            case "lower" -> lower;
            case "print" -> graph || c == ' ';
            case "punct" -> graph && !(upper || lower || digit);
            case "space" -> c == ' ' || (c >= '\t' && c <= '\r');
            case "upper" -> upper;
            default -> digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        };
    }
}
