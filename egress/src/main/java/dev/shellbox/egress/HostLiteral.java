package dev.shellbox.egress;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Recognises an address written where a hostname goes, in every spelling that common resolvers and URL parsers
 * accept, so that it is judged as an address and never sent to DNS.
 *
 * <ul>
 *   <li>IPv4 as inet_aton reads it: one to four parts separated by dots, each decimal, octal (leading {@code 0}) or
 *       hex ({@code 0x}), the last part filling the remaining bytes: {@code 127.0.0.1}, {@code 2130706433}, {@code
 *       0x7f000001}, {@code 0177.0.0.1}, {@code 127.1}, {@code 0x7f.1}; one trailing dot is allowed.
 *   <li>IPv6, bare or in brackets, with an optional dotted IPv4 tail: {@code ::1}, {@code [2001:db8::1]}, {@code
 *       ::ffff:127.0.0.1}.
 * </ul>
 *
 * IPv6 zone ids ({@code fe80::1%eth0}) are not addresses here: the text is then an invalid hostname. Parsing never
 * touches the network.
 */
public final class HostLiteral {
    private HostLiteral() {}

    /** The address the text spells, or empty when it is not an address literal. */
    public static Optional<InetAddress> parse(String text) {
        if (text == null || text.isEmpty()) {
            return Optional.empty();
        }
        byte[] bytes;
        if (text.charAt(0) == '[') {
            bytes = text.length() > 2 && text.charAt(text.length() - 1) == ']'
                    ? parseIpv6(text.substring(1, text.length() - 1))
                    : null;
        } else if (text.indexOf(':') >= 0) {
            bytes = parseIpv6(text);
        } else {
            bytes = parseInetAton(text.endsWith(".") ? text.substring(0, text.length() - 1) : text);
        }
        if (bytes == null) {
            return Optional.empty();
        }
        try {
            // getByAddress never resolves; it turns an IPv4-mapped IPv6 address into its Inet4Address
            return Optional.of(InetAddress.getByAddress(bytes));
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    /** IPv4 the way inet_aton reads it; null when the text is not such an address. */
    static byte[] parseInetAton(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length > 4) {
            return null;
        }
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            values[i] = parseNumber(parts[i]);
            if (values[i] < 0) {
                return null;
            }
        }
        long address = 0;
        for (int i = 0; i < parts.length - 1; i++) {
            if (values[i] > 0xff) {
                return null;
            }
            address |= values[i] << (24 - 8 * i);
        }
        long last = values[parts.length - 1];
        int lastBits = 32 - 8 * (parts.length - 1);
        if (last >= (1L << lastBits)) {
            return null;
        }
        address |= last;
        return new byte[] {(byte) (address >>> 24), (byte) (address >>> 16), (byte) (address >>> 8), (byte) address};
    }

    /** One inet_aton part: decimal, octal with a leading 0, or hex with 0x; -1 when it is none of these. */
    private static long parseNumber(String part) {
        if (part.isEmpty()) {
            return -1;
        }
        int radix = 10;
        int start = 0;
        if (part.length() >= 2 && part.charAt(0) == '0' && (part.charAt(1) == 'x' || part.charAt(1) == 'X')) {
            radix = 16;
            start = 2;
        } else if (part.length() >= 2 && part.charAt(0) == '0') {
            radix = 8;
            start = 1;
        }
        long value = 0;
        for (int i = start; i < part.length(); i++) {
            int digit = Character.digit(part.charAt(i), radix);
            if (digit < 0 || part.charAt(i) > 'f') {
                return -1;
            }
            value = value * radix + digit;
            if (value > 0xffffffffL) {
                return -1; // larger than any part can be; also stops overflow on long digit runs
            }
        }
        return value;
    }

    /** IPv6 text (no brackets, no zone id) to 16 bytes; null when it is not such an address. */
    static byte[] parseIpv6(String text) {
        if (text.isEmpty() || text.indexOf('%') >= 0) {
            return null;
        }
        byte[] tail = null;
        String groupsText = text;
        int lastColon = text.lastIndexOf(':');
        if (lastColon >= 0 && text.indexOf('.', lastColon) >= 0) {
            tail = parseDottedQuad(text.substring(lastColon + 1));
            if (tail == null) {
                return null;
            }
            // keep the colon(s) before the tail so that "::1.2.3.4" still reads as a "::" run
            groupsText = text.substring(0, lastColon + 1) + "0:0";
        }
        int doubleColon = groupsText.indexOf("::");
        if (doubleColon >= 0 && groupsText.indexOf("::", doubleColon + 1) >= 0) {
            return null;
        }
        int[] head;
        int[] rest;
        if (doubleColon >= 0) {
            head = parseGroups(groupsText.substring(0, doubleColon));
            rest = parseGroups(groupsText.substring(doubleColon + 2));
            if (head == null || rest == null || head.length + rest.length > 7) {
                return null;
            }
        } else {
            head = parseGroups(groupsText);
            rest = new int[0];
            if (head == null || head.length != 8) {
                return null;
            }
        }
        int[] groups = new int[8];
        System.arraycopy(head, 0, groups, 0, head.length);
        System.arraycopy(rest, 0, groups, 8 - rest.length, rest.length);
        byte[] bytes = new byte[16];
        for (int i = 0; i < 8; i++) {
            bytes[2 * i] = (byte) (groups[i] >>> 8);
            bytes[2 * i + 1] = (byte) groups[i];
        }
        if (tail != null) {
            System.arraycopy(tail, 0, bytes, 12, 4);
        }
        return bytes;
    }

    /** Colon-separated groups of 1 to 4 hex digits; an empty text is no groups; null when malformed. */
    private static int[] parseGroups(String text) {
        if (text.isEmpty()) {
            return new int[0];
        }
        String[] parts = text.split(":", -1);
        if (parts.length > 8) {
            return null;
        }
        int[] groups = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i];
            if (part.isEmpty() || part.length() > 4) {
                return null;
            }
            int value = 0;
            for (int j = 0; j < part.length(); j++) {
                int digit = Character.digit(part.charAt(j), 16);
                if (digit < 0 || part.charAt(j) > 'f') {
                    return null;
                }
                value = value * 16 + digit;
            }
            groups[i] = value;
        }
        return groups;
    }

    /** Strict a.b.c.d with decimal parts 0-255, as the tail of an IPv6 address; null when malformed. */
    static byte[] parseDottedQuad(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) {
            return null;
        }
        byte[] bytes = new byte[4];
        for (int i = 0; i < 4; i++) {
            String part = parts[i];
            if (part.isEmpty() || part.length() > 3) {
                return null;
            }
            int value = 0;
            for (int j = 0; j < part.length(); j++) {
                char c = part.charAt(j);
                if (c < '0' || c > '9') {
                    return null;
                }
                value = value * 10 + (c - '0');
            }
            if (value > 255) {
                return null;
            }
            bytes[i] = (byte) value;
        }
        return bytes;
    }
}
