package dev.shellbox.shell.commands.text.sort;

/**
 * The numeric comparisons of GNU sort over byte ranges: {@code -n} (exact comparison of decimal strings with an
 * optional minus sign and fraction; anything else counts as zero), {@code -h} (the same after an SI unit order) and
 * {@code -g} (strtod values; non-numbers first, then NaN, then numbers).
 */
final class NumberOrder {
    private NumberOrder() {}

    static boolean isBlank(int b) {
        return b == ' ' || b == '\t' || b == '\n';
    }

    private static boolean isDigit(int b) {
        return b >= '0' && b <= '9';
    }

    /** Compares the numbers at the start of two ranges (after blanks), exactly, as {@code -n} does. */
    static int compareNumeric(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
        while (aFrom < aTo && isBlank(a[aFrom])) {
            aFrom++;
        }
        while (bFrom < bTo && isBlank(b[bFrom])) {
            bFrom++;
        }
        boolean aNeg = aFrom < aTo && a[aFrom] == '-';
        boolean bNeg = bFrom < bTo && b[bFrom] == '-';
        int aStart = aNeg ? aFrom + 1 : aFrom;
        int bStart = bNeg ? bFrom + 1 : bFrom;
        boolean aZero = isZero(a, aStart, aTo);
        boolean bZero = isZero(b, bStart, bTo);
        int aSign = aZero ? 0 : aNeg ? -1 : 1;
        int bSign = bZero ? 0 : bNeg ? -1 : 1;
        if (aSign != bSign) {
            return Integer.compare(aSign, bSign);
        }
        if (aSign == 0) {
            return 0;
        }
        int magnitude = compareMagnitude(a, aStart, aTo, b, bStart, bTo);
        return aSign > 0 ? magnitude : -magnitude;
    }

    /** Whether the unsigned decimal at {@code from} has no nonzero digit. */
    private static boolean isZero(byte[] s, int from, int to) {
        int i = from;
        while (i < to && isDigit(s[i])) {
            if (s[i] != '0') {
                return false;
            }
            i++;
        }
        if (i < to && s[i] == '.') {
            i++;
            while (i < to && isDigit(s[i])) {
                if (s[i] != '0') {
                    return false;
                }
                i++;
            }
        }
        return true;
    }

    private static int compareMagnitude(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
        while (aFrom < aTo && a[aFrom] == '0') {
            aFrom++;
        }
        while (bFrom < bTo && b[bFrom] == '0') {
            bFrom++;
        }
        int aInt = aFrom;
        while (aInt < aTo && isDigit(a[aInt])) {
            aInt++;
        }
        int bInt = bFrom;
        while (bInt < bTo && isDigit(b[bInt])) {
            bInt++;
        }
        int aLen = aInt - aFrom;
        int bLen = bInt - bFrom;
        if (aLen != bLen) {
            return aLen < bLen ? -1 : 1;
        }
        for (int k = 0; k < aLen; k++) {
            if (a[aFrom + k] != b[bFrom + k]) {
                return a[aFrom + k] < b[bFrom + k] ? -1 : 1;
            }
        }
        // Equal integer parts: compare fractions digit by digit, a missing digit being 0.
        int i = aInt < aTo && a[aInt] == '.' ? aInt + 1 : aTo;
        int j = bInt < bTo && b[bInt] == '.' ? bInt + 1 : bTo;
        while (true) {
            int da = i < aTo && isDigit(a[i]) ? a[i] : -1;
            int db = j < bTo && isDigit(b[j]) ? b[j] : -1;
            if (da < 0 && db < 0) {
                return 0;
            }
            int x = da < 0 ? '0' : da;
            int y = db < 0 ? '0' : db;
            if (x != y) {
                return x < y ? -1 : 1;
            }
            if (da >= 0) {
                i++;
            }
            if (db >= 0) {
                j++;
            }
        }
    }

    /**
     * A double that orders numbers the way {@link #compareNumeric} does wherever they differ in value enough:
     * {@code x < y} implies {@code approx(x) <= approx(y)}. Sorting compares these first and falls back to the exact
     * comparison on ties.
     */
    static double approximateNumeric(byte[] s, int from, int to) {
        while (from < to && isBlank(s[from])) {
            from++;
        }
        boolean negative = from < to && s[from] == '-';
        int i = negative ? from + 1 : from;
        long integer = 0;
        int digits = 0;
        boolean huge = false;
        while (i < to && isDigit(s[i])) {
            if (integer > 0 || s[i] != '0') {
                digits++;
            }
            if (digits > 18) {
                huge = true;
            } else {
                integer = integer * 10 + (s[i] - '0');
            }
            i++;
        }
        double value;
        if (huge) {
            value = 1e19;
        } else {
            long fraction = 0;
            if (i < to && s[i] == '.') {
                i++;
                for (int k = 0; k < 9; k++) {
                    fraction *= 10;
                    if (i < to && isDigit(s[i])) {
                        fraction += s[i++] - '0';
                    }
                }
            }
            value = integer + fraction / 1e9;
        }
        return negative ? -value : value;
    }

    private static final String UNITS = "KMGTPEZYRQ";

    /** The SI unit order of a human-readable number: 0 without a unit, negative for negative numbers. */
    static int unitOrder(byte[] s, int from, int to) {
        while (from < to && isBlank(s[from])) {
            from++;
        }
        boolean negative = from < to && s[from] == '-';
        int i = negative ? from + 1 : from;
        boolean nonzero = false;
        while (i < to && isDigit(s[i])) {
            nonzero |= s[i] != '0';
            i++;
        }
        if (i < to && s[i] == '.') {
            i++;
            while (i < to && isDigit(s[i])) {
                nonzero |= s[i] != '0';
                i++;
            }
        }
        if (!nonzero || i >= to) {
            return 0;
        }
        int c = s[i];
        int order = c == 'k' ? 1 : UNITS.indexOf(c) + 1;
        return negative ? -order : order;
    }

    /** {@code -h}: unit order first, then the number. */
    static int compareHuman(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
        int diff = Integer.compare(unitOrder(a, aFrom, aTo), unitOrder(b, bFrom, bTo));
        return diff != 0 ? diff : compareNumeric(a, aFrom, aTo, b, bFrom, bTo);
    }

    /**
     * The rank of a {@code -g} value: a non-number, NaN, negative NaN (GNU orders NaNs by their bits, which puts the
     * negative ones last), or a number.
     */
    static final int NOT_A_NUMBER = 0;

    static final int NAN = 1;
    static final int NEGATIVE_NAN = 2;
    static final int NUMBER = 3;

    /** Parses the longest strtod prefix of the range; returns its rank and stores the value in {@code out[0]}. */
    static int parseGeneral(byte[] s, int from, int to, double[] out) {
        int i = from;
        while (i < to && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r'))) {
            i++;
        }
        int start = i;
        boolean negative = false;
        if (i < to && (s[i] == '+' || s[i] == '-')) {
            negative = s[i] == '-';
            i++;
        }
        if (matchesWord(s, i, to, "inf")) {
            out[0] = negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            return NUMBER;
        }
        if (matchesWord(s, i, to, "nan")) {
            out[0] = Double.NaN;
            return negative ? NEGATIVE_NAN : NAN;
        }
        boolean hex = i + 1 < to && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
        int body = hex ? i + 2 : i;
        int j = body;
        int mantissaDigits = 0;
        while (j < to && (hex ? isHexDigit(s[j]) : isDigit(s[j]))) {
            j++;
            mantissaDigits++;
        }
        if (j < to && s[j] == '.') {
            j++;
            while (j < to && (hex ? isHexDigit(s[j]) : isDigit(s[j]))) {
                j++;
                mantissaDigits++;
            }
        }
        if (mantissaDigits == 0) {
            if (hex) {
                out[0] = 0; // "0x" reads as the number 0 followed by "x"
                return NUMBER;
            }
            return NOT_A_NUMBER;
        }
        int mantissaEnd = j;
        char exponentMark = hex ? 'p' : 'e';
        if (j < to && (s[j] | 0x20) == exponentMark) {
            int k = j + 1;
            if (k < to && (s[k] == '+' || s[k] == '-')) {
                k++;
            }
            if (k < to && isDigit(s[k])) {
                while (k < to && isDigit(s[k])) {
                    k++;
                }
                j = k;
            }
        }
        String text = new String(s, start, j - start, java.nio.charset.StandardCharsets.ISO_8859_1);
        if (hex && j == mantissaEnd) {
            text += "p0";
        }
        try {
            out[0] = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return NOT_A_NUMBER;
        }
        return NUMBER;
    }

    private static boolean isHexDigit(int b) {
        return isDigit(b) || ((b | 0x20) >= 'a' && (b | 0x20) <= 'f');
    }

    private static boolean matchesWord(byte[] s, int i, int to, String word) {
        if (to - i < word.length()) {
            return false;
        }
        for (int k = 0; k < word.length(); k++) {
            if ((s[i + k] | 0x20) != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** Compares two {@code -g} values given their ranks. */
    static int compareGeneral(int aRank, double a, int bRank, double b) {
        if (aRank != bRank) {
            return Integer.compare(aRank, bRank);
        }
        if (aRank != NUMBER) {
            return 0;
        }
        return a < b ? -1 : a > b ? 1 : 0;
    }

    private static final String[] MONTHS = {
        "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"
    };

    /** {@code -M}: 1 to 12 for a month abbreviation at the start (after blanks, any case), 0 for anything else. */
    static int month(byte[] s, int from, int to) {
        while (from < to && isBlank(s[from])) {
            from++;
        }
        if (to - from < 3) {
            return 0;
        }
        for (int m = 0; m < MONTHS.length; m++) {
            String name = MONTHS[m];
            boolean match = true;
            for (int k = 0; k < 3 && match; k++) {
                int c = s[from + k];
                if (c >= 'a' && c <= 'z') {
                    c -= 32;
                }
                match = c == name.charAt(k);
            }
            if (match) {
                return m + 1;
            }
        }
        return 0;
    }
}
