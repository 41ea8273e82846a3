package dev.shellbox.shell.gnu.filevercmp;

import java.util.Arrays;
import java.util.Comparator;

/**
 * gnulib's filevercmp, the order of {@code sort -V} and {@code ls -v}: names compare as Debian versions (runs of
 * digits numerically, other characters with letters before punctuation and {@code ~} before everything), with a
 * trailing file suffix such as {@code .tar.gz} considered only to break ties.
 */
public final class VersionOrder {
    /** Orders names by filevercmp, then bytewise when they compare equal. */
    public static final Comparator<byte[]> NAMES = (a, b) -> {
        int c = compare(a, b);
        return c != 0 ? c : Arrays.compareUnsigned(a, b);
    };

    private VersionOrder() {}

    public static int compare(byte[] a, byte[] b) {
        return compare(a, 0, a.length, b, 0, b.length);
    }

    /** Compares {@code a[aFrom, aTo)} with {@code b[bFrom, bTo)}. */
    public static int compare(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
        int aLen = aTo - aFrom;
        int bLen = bTo - bFrom;
        if (aLen == 0) {
            return bLen == 0 ? 0 : -1;
        }
        if (bLen == 0) {
            return 1;
        }
        // "." sorts first, then "..", then other names with a leading dot, then everything else.
        if (a[aFrom] == '.') {
            if (b[bFrom] != '.') {
                return -1;
            }
            boolean aDot = aLen == 1;
            boolean bDot = bLen == 1;
            if (aDot) {
                return bDot ? 0 : -1;
            }
            if (bDot) {
                return 1;
            }
            boolean aDotDot = a[aFrom + 1] == '.' && aLen == 2;
            boolean bDotDot = b[bFrom + 1] == '.' && bLen == 2;
            if (aDotDot) {
                return bDotDot ? 0 : -1;
            }
            if (bDotDot) {
                return 1;
            }
        } else if (b[bFrom] == '.') {
            return 1;
        }
        int aPrefix = prefixLength(a, aFrom, aLen);
        int bPrefix = prefixLength(b, bFrom, bLen);
        boolean onePass = aPrefix == aLen && bPrefix == bLen;
        int result = compareVersions(a, aFrom, aPrefix, b, bFrom, bPrefix);
        return result != 0 || onePass ? result : compareVersions(a, aFrom, aLen, b, bFrom, bLen);
    }

    /** The length without the file suffix, the longest match of {@code (\.[A-Za-z~][A-Za-z0-9~]*)*$} short of all. */
    private static int prefixLength(byte[] s, int from, int n) {
        int prefix = 0;
        int i = 0;
        while (true) {
            if (i == n) {
                return prefix;
            }
            i++;
            prefix = i;
            while (i + 1 < n && s[from + i] == '.' && (isAlpha(s[from + i + 1]) || s[from + i + 1] == '~')) {
                for (i += 2; i < n && (isAlnum(s[from + i]) || s[from + i] == '~'); i++) {
                    // skip the suffix component
                }
            }
        }
    }

    private static int order(byte[] s, int from, int pos, int len) {
        if (pos == len) {
            return -1;
        }
        int c = s[from + pos] & 0xff;
        if (isDigit(c)) {
            return 0;
        }
        if (isAlpha(c)) {
            return c;
        }
        if (c == '~') {
            return -2;
        }
        return c + 256;
    }

    /** Debian's verrevcmp. */
    private static int compareVersions(byte[] a, int aFrom, int aLen, byte[] b, int bFrom, int bLen) {
        int i = 0;
        int j = 0;
        while (i < aLen || j < bLen) {
            int firstDiff = 0;
            while ((i < aLen && !isDigit(a[aFrom + i])) || (j < bLen && !isDigit(b[bFrom + j]))) {
                int ac = order(a, aFrom, i, aLen);
                int bc = order(b, bFrom, j, bLen);
                if (ac != bc) {
                    return ac - bc;
                }
                i++;
                j++;
            }
            while (i < aLen && a[aFrom + i] == '0') {
                i++;
            }
            while (j < bLen && b[bFrom + j] == '0') {
                j++;
            }
            while (i < aLen && j < bLen && isDigit(a[aFrom + i]) && isDigit(b[bFrom + j])) {
                if (firstDiff == 0) {
                    firstDiff = a[aFrom + i] - b[bFrom + j];
                }
                i++;
                j++;
            }
            if (i < aLen && isDigit(a[aFrom + i])) {
                return 1;
            }
            if (j < bLen && isDigit(b[bFrom + j])) {
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

    private static boolean isAlnum(int c) {
        return isDigit(c) || isAlpha(c);
    }
}
