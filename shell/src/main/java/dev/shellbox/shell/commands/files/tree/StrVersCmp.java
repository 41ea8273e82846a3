package dev.shellbox.shell.commands.files.tree;

/**
 * glibc's strverscmp, which {@code tree -v} sorts by: runs of digits compare as numbers, and a run with leading zeros
 * as a fraction that sorts before plain numbers (000 < 00 < 01 < 010 < 09 < 0 < 1 < 9 < 10).
 */
final class StrVersCmp {
    private StrVersCmp() {}

    static int compare(byte[] a, byte[] b) {
        int i = 0;
        int j = 0;
        while (i < a.length && j < b.length) {
            if (isDigit(a[i]) && isDigit(b[j])) {
                int ei = i;
                while (ei < a.length && isDigit(a[ei])) {
                    ei++;
                }
                int ej = j;
                while (ej < b.length && isDigit(b[ej])) {
                    ej++;
                }
                int c = compareNumbers(a, i, ei, b, j, ej);
                if (c != 0) {
                    return c;
                }
                i = ei;
                j = ej;
                continue;
            }
            if (a[i] != b[j]) {
                return (a[i] & 0xff) - (b[j] & 0xff);
            }
            i++;
            j++;
        }
        return (a.length - i) - (b.length - j);
    }

    private static int compareNumbers(byte[] a, int i, int ei, byte[] b, int j, int ej) {
        boolean fracA = a[i] == '0' && ei - i > 1;
        boolean fracB = b[j] == '0' && ej - j > 1;
        if (fracA || fracB) {
            if (fracA != fracB) {
                return fracA ? -1 : 1;
            }
            // Both fractional: more leading zeros sort first, then digit by digit.
            int za = leadingZeros(a, i, ei);
            int zb = leadingZeros(b, j, ej);
            if (za != zb) {
                return zb - za;
            }
            int n = Math.min(ei - i, ej - j);
            for (int k = 0; k < n; k++) {
                if (a[i + k] != b[j + k]) {
                    return a[i + k] - b[j + k];
                }
            }
            return (ei - i) - (ej - j);
        }
        if (ei - i != ej - j) {
            return (ei - i) - (ej - j);
        }
        for (int k = 0; k < ei - i; k++) {
            if (a[i + k] != b[j + k]) {
                return a[i + k] - b[j + k];
            }
        }
        return 0;
    }

    private static int leadingZeros(byte[] s, int from, int to) {
        int k = from;
        while (k < to && s[k] == '0') {
            k++;
        }
        return k - from;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }
}
