package dev.shellbox.shell.commands.data.awk;

import java.math.BigDecimal;

/** Conversions between awk's numbers and strings, following gawk. */
final class AwkValues {
    private AwkValues() {}

    static double toNumber(Object v) {
        if (v instanceof Double d) {
            return d;
        }
        if (v instanceof StrNum s) {
            return s.number();
        }
        if (v instanceof String s) {
            return parseNumberPrefix(s);
        }
        return 0;
    }

    static boolean toBoolean(Object v) {
        if (v instanceof Double d) {
            return d != 0;
        }
        if (v instanceof StrNum s) {
            return s.looksNumeric() ? s.number() != 0 : !s.text.isEmpty();
        }
        if (v instanceof String s) {
            return !s.isEmpty();
        }
        return false;
    }

    /** strtod on the longest numeric prefix after leading blanks; 0 when there is none. Decimal only, as gawk. */
    static double parseNumberPrefix(String s) {
        int n = s.length();
        int i = 0;
        while (i < n && isBlank(s.charAt(i))) {
            i++;
        }
        int start = i;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digitsStart = i;
        long whole = 0;
        int wholeDigits = 0;
        while (i < n && isDigit(s.charAt(i))) {
            if (wholeDigits < 18) {
                whole = whole * 10 + (s.charAt(i) - '0');
            }
            wholeDigits++;
            i++;
        }
        boolean simple = wholeDigits > 0 && wholeDigits <= 18;
        int fractionDigits = 0;
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                fractionDigits++;
            }
            simple = false;
        }
        if (wholeDigits == 0 && fractionDigits == 0) {
            return 0;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            int p = i + 1;
            if (p < n && (s.charAt(p) == '+' || s.charAt(p) == '-')) {
                p++;
            }
            if (p < n && isDigit(s.charAt(p))) {
                while (p < n && isDigit(s.charAt(p))) {
                    p++;
                }
                i = p;
                simple = false;
            }
        }
        if (simple) {
            return s.charAt(start) == '-' ? -whole : whole;
        }
        if (digitsStart == i) {
            return 0;
        }
        return Double.parseDouble(s.substring(start, i));
    }

    /** Whether the whole string, blanks aside, is a decimal number (POSIX's numeric string). */
    static boolean looksNumeric(String s) {
        int n = s.length();
        int i = 0;
        while (i < n && isBlank(s.charAt(i))) {
            i++;
        }
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digits = 0;
        while (i < n && isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            int p = i + 1;
            if (p < n && (s.charAt(p) == '+' || s.charAt(p) == '-')) {
                p++;
            }
            if (p < n && isDigit(s.charAt(p))) {
                while (p < n && isDigit(s.charAt(p))) {
                    p++;
                }
                i = p;
            } else {
                return false;
            }
        }
        while (i < n && isBlank(s.charAt(i))) {
            i++;
        }
        return i == n;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\u000b';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** A number as a string: integral values as integers, others through {@code format} (CONVFMT or OFMT). */
    static String numberToString(double d, String format) {
        if (d == (long) d && Math.abs(d) < 1e18) {
            return Long.toString((long) d);
        }
        if (Double.isNaN(d)) {
            return "-nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "+inf" : "-inf";
        }
        if (d == Math.rint(d)) {
            return new BigDecimal(d).toPlainString();
        }
        if (format.equals("%.6g")) {
            return AwkFormat.formatG(d, 6, false, false);
        }
        return AwkFormat.sprintf(format, new Object[] {d}, null);
    }

    /** The string value of {@code v}, numbers converted with {@code convfmt}. */
    static String toStr(Object v, String convfmt) {
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof Double d) {
            return numberToString(d, convfmt);
        }
        return v.toString();
    }

    /** Whether a comparison with {@code v} is numeric (POSIX: numbers, numeric strings and uninitialized values). */
    static boolean isNumeric(Object v) {
        if (v instanceof Double || v instanceof Uninit) {
            return true;
        }
        return v instanceof StrNum s && s.looksNumeric();
    }

    static int compare(Object a, Object b, String convfmt) {
        if (isNumeric(a) && isNumeric(b)) {
            double x = toNumber(a);
            double y = toNumber(b);
            return x < y ? -1 : x > y ? 1 : x == y ? 0 : Double.compare(x, y);
        }
        return toStr(a, convfmt).compareTo(toStr(b, convfmt));
    }
}
