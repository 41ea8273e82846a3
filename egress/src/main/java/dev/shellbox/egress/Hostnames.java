package dev.shellbox.egress;

import java.net.IDN;
import java.util.Locale;

/**
 * The one spelling of a hostname that every comparison in this module uses: ASCII (IDN labels in their {@code xn--}
 * form), lowercase, without the trailing dot.
 */
public final class Hostnames {
    static final int MAX_LENGTH = 253;
    static final int MAX_LABEL = 63;

    private Hostnames() {}

    /**
     * Normalizes a hostname: IDN to ASCII, lowercase, one trailing dot removed; labels of 1 to 63 letters, digits,
     * hyphens or underscores, 253 characters at most. A name whose last label is a number (digits, or {@code 0x} and
     * hex digits) is rejected: programs read such names as IPv4 addresses (see {@link HostLiteral}), so they are
     * never names.
     *
     * @throws InvalidHostnameException when the text is not a usable hostname
     */
    public static String normalize(String hostname) {
        if (hostname == null || hostname.isEmpty()) {
            throw new InvalidHostnameException(String.valueOf(hostname), "empty");
        }
        String name = hostname.endsWith(".") ? hostname.substring(0, hostname.length() - 1) : hostname;
        if (!isAscii(name)) {
            try {
                name = IDN.toASCII(name, IDN.ALLOW_UNASSIGNED);
            } catch (IllegalArgumentException e) {
                throw new InvalidHostnameException(hostname, "not a valid internationalized name");
            }
        }
        name = name.toLowerCase(Locale.ROOT);
        if (name.isEmpty()) {
            throw new InvalidHostnameException(hostname, "empty");
        }
        if (name.length() > MAX_LENGTH) {
            throw new InvalidHostnameException(hostname, "longer than " + MAX_LENGTH + " characters");
        }
        int labelStart = 0;
        for (int i = 0; i <= name.length(); i++) {
            if (i == name.length() || name.charAt(i) == '.') {
                int length = i - labelStart;
                if (length == 0) {
                    throw new InvalidHostnameException(hostname, "empty label");
                }
                if (length > MAX_LABEL) {
                    throw new InvalidHostnameException(hostname, "label longer than " + MAX_LABEL + " characters");
                }
                labelStart = i + 1;
            } else if (!isLabelChar(name.charAt(i))) {
                throw new InvalidHostnameException(
                        hostname, "character '" + name.charAt(i) + "' is not allowed (letters, digits, '-', '_')");
            }
        }
        if (looksNumeric(name.substring(name.lastIndexOf('.') + 1))) {
            throw new InvalidHostnameException(hostname, "ends in a number, so programs read it as an IPv4 address");
        }
        return name;
    }

    /** Whether a label is written as a number, the way inet_aton reads parts of an IPv4 address. */
    static boolean looksNumeric(String label) {
        if (label.isEmpty()) {
            return false;
        }
        int start = 0;
        boolean hex = false;
        if (label.length() >= 2 && label.charAt(0) == '0' && (label.charAt(1) == 'x' || label.charAt(1) == 'X')) {
            start = 2;
            hex = true;
        }
        for (int i = start; i < label.length(); i++) {
            if (Character.digit(label.charAt(i), hex ? 16 : 10) < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean isLabelChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
