package dev.shellbox.shell.commands.utils;

/** The longest prefix of a string that C's strtod(3) accepts in the C locale, and its value. */
final class StrtodParser {
    private StrtodParser() {}

    /**
     * Parses a number at {@code from}: leading white space, a sign, then {@code inf}, {@code infinity}, {@code nan},
     * a hexadecimal float ({@code 0x1.8p3}) or a decimal one ({@code 1.5e-3}).
     *
     * @param end receives the index just after the number, or -1 when there is none
     */
    static double parse(String s, int from, int[] end) {
        int i = from;
        while (i < s.length() && isSpace(s.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        double value;
        if (startsWithIgnoreCase(s, i, "infinity")) {
            value = Double.POSITIVE_INFINITY;
            i += 8;
        } else if (startsWithIgnoreCase(s, i, "inf")) {
            value = Double.POSITIVE_INFINITY;
            i += 3;
        } else if (startsWithIgnoreCase(s, i, "nan")) {
            value = Double.NaN;
            i += 3;
        } else if (startsWithIgnoreCase(s, i, "0x") && isHexMantissaStart(s, i + 2)) {
            int[] hexEnd = new int[1];
            value = parseHex(s, i + 2, hexEnd);
            i = hexEnd[0];
        } else {
            int start = i;
            int digits = 0;
            while (i < s.length() && isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
            if (i < s.length() && s.charAt(i) == '.') {
                i++;
                while (i < s.length() && isDigit(s.charAt(i))) {
                    i++;
                    digits++;
                }
            }
            if (digits == 0) {
                end[0] = -1;
                return 0;
            }
            i = exponentEnd(s, i);
            value = Double.parseDouble(s.substring(start, i));
        }
        end[0] = i;
        return negative ? -value : value;
    }

    private static int exponentEnd(String s, int i) {
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < s.length() && (s.charAt(j) == '+' || s.charAt(j) == '-')) {
                j++;
            }
            if (j < s.length() && isDigit(s.charAt(j))) {
                while (j < s.length() && isDigit(s.charAt(j))) {
                    j++;
                }
                return j;
            }
        }
        return i;
    }

    private static boolean isHexMantissaStart(String s, int i) {
        if (i < s.length() && Character.digit(s.charAt(i), 16) >= 0) {
            return true;
        }
        return i + 1 < s.length() && s.charAt(i) == '.' && Character.digit(s.charAt(i + 1), 16) >= 0;
    }

    private static double parseHex(String s, int i, int[] end) {
        double mantissa = 0;
        int exponent = 0;
        while (i < s.length() && Character.digit(s.charAt(i), 16) >= 0) {
            mantissa = mantissa * 16 + Character.digit(s.charAt(i++), 16);
        }
        if (i < s.length() && s.charAt(i) == '.') {
            i++;
            while (i < s.length() && Character.digit(s.charAt(i), 16) >= 0) {
                mantissa = mantissa * 16 + Character.digit(s.charAt(i++), 16);
                exponent -= 4;
            }
        }
        if (i < s.length() && (s.charAt(i) == 'p' || s.charAt(i) == 'P')) {
            int j = i + 1;
            boolean negative = false;
            if (j < s.length() && (s.charAt(j) == '+' || s.charAt(j) == '-')) {
                negative = s.charAt(j) == '-';
                j++;
            }
            if (j < s.length() && isDigit(s.charAt(j))) {
                int e = 0;
                while (j < s.length() && isDigit(s.charAt(j))) {
                    e = Math.min(100_000, e * 10 + (s.charAt(j++) - '0'));
                }
                exponent += negative ? -e : e;
                i = j;
            }
        }
        end[0] = i;
        return mantissa * Math.pow(2, exponent);
    }

    private static boolean startsWithIgnoreCase(String s, int i, String prefix) {
        return s.regionMatches(true, i, prefix, 0, prefix.length());
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\u000b';
    }
}
