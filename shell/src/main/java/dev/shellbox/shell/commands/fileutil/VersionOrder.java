package dev.shellbox.shell.commands.fileutil;

import java.util.Comparator;

/** gnulib's filevercmp: the natural order of {@code ls -v} (file9 before file10, suffixes compared last). */
public final class VersionOrder {
    private VersionOrder() {}

    /** Orders names by filevercmp, then bytewise when they compare equal. */
    public static final Comparator<byte[]> NAMES = (a, b) -> {
        int c = compare(a, b);
        return c != 0 ? c : java.util.Arrays.compareUnsigned(a, b);
    };

    public static int compare(byte[] a, byte[] b) {
        if (a.length == 0) {
            return b.length == 0 ? 0 : -1;
        }
        if (b.length == 0) {
            return 1;
        }
        if (a[0] == '.') {
            if (b[0] != '.') {
                return -1;
            }
            boolean aDot = a.length == 1;
            boolean bDot = b.length == 1;
            if (aDot || bDot) {
                return aDot == bDot ? 0 : aDot ? -1 : 1;
            }
            boolean aDotDot = a[1] == '.' && a.length == 2;
            boolean bDotDot = b[1] == '.' && b.length == 2;
            if (aDotDot || bDotDot) {
                return aDotDot == bDotDot ? 0 : aDotDot ? -1 : 1;
            }
        } else if (b[0] == '.') {
            return 1;
        }
        int aPrefix = prefixLength(a);
        int bPrefix = prefixLength(b);
        int result = compareVersions(a, aPrefix, b, bPrefix);
        if (result != 0 || (aPrefix == a.length && bPrefix == b.length)) {
            return result;
        }
        return compareVersions(a, a.length, b, b.length);
    }

    /** The length without a suffix matching {@code (\.[A-Za-z~][A-Za-z0-9~]*)*$}. */
    private static int prefixLength(byte[] s) {
        int n = s.length;
        int prefix = 0;
        int i = 0;
        while (i != n) {
            i++;
            prefix = i;
            while (i + 1 < n && s[i] == '.' && (isAlpha(s[i + 1]) || s[i + 1] == '~')) {
                for (i += 2; i < n && (isAlpha(s[i]) || isDigit(s[i]) || s[i] == '~'); i++) {
                    // skip the suffix part
                }
            }
        }
        return prefix;
    }

    private static int order(int c) {
        if (isDigit(c)) {
            return 0;
        }
        if (isAlpha(c)) {
            return c;
        }
        if (c == '~') {
            return -1;
        }
        return (c & 0xff) + 256;
    }

    private static int compareVersions(byte[] a, int aLen, byte[] b, int bLen) {
        int ai = 0;
        int bi = 0;
        while (ai < aLen || bi < bLen) {
            int firstDiff = 0;
            while ((ai < aLen && !isDigit(a[ai])) || (bi < bLen && !isDigit(b[bi]))) {
                int ac = ai < aLen ? order(a[ai] & 0xff) : 0;
                int bc = bi < bLen ? order(b[bi] & 0xff) : 0;
                if (ac != bc) {
                    return ac - bc;
                }
                ai++;
                bi++;
            }
            while (ai < aLen && a[ai] == '0') {
                ai++;
            }
            while (bi < bLen && b[bi] == '0') {
                bi++;
            }
            while (ai < aLen && isDigit(a[ai]) && bi < bLen && isDigit(b[bi])) {
                if (firstDiff == 0) {
                    firstDiff = a[ai] - b[bi];
                }
                ai++;
                bi++;
            }
            if (ai < aLen && isDigit(a[ai])) {
                return 1;
            }
            if (bi < bLen && isDigit(b[bi])) {
                return -1;
            }
            if (firstDiff != 0) {
                return firstDiff;
            }
        }
        return 0;
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isAlpha(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
