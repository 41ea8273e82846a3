package dev.shellbox.shell.commands.text.seq;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * An operand of seq as strtold reads it: its long double value (or infinity / NaN), the exact value of its text, and
 * the width and number of decimals the text asks for, which decide the default output format. Computed values carry
 * their long double value as the exact one.
 */
record SeqNumber(
        BigDecimal value, BigDecimal exact, boolean infinite, boolean negative, boolean nan, int width, int precision) {
    /** No precision can be derived (hex fractions, infinities): the default format becomes %g. */
    static final int NO_PRECISION = Integer.MAX_VALUE;

    boolean isFinite() {
        return !infinite && !nan;
    }

    /** Compares with infinities in their places; NaNs never reach comparisons. */
    int compareTo(SeqNumber other) {
        if (infinite || other.infinite) {
            int a = infinite ? (negative ? -1 : 1) : 0;
            int b = other.infinite ? (other.negative ? -1 : 1) : 0;
            if (a != b) {
                return Integer.compare(a, b);
            }
            if (infinite) {
                return 0;
            }
        }
        return value.compareTo(other.value);
    }

    boolean isZero() {
        return isFinite() && value.signum() == 0;
    }

    /** Parses an operand; null when strtold would not accept all of it. */
    static SeqNumber parse(String arg) {
        BigDecimal exact = parseExact(arg);
        String t = arg.strip();
        String body = t.startsWith("+") || t.startsWith("-") ? t.substring(1) : t;
        boolean negative = t.startsWith("-");
        String lower = body.toLowerCase(java.util.Locale.ROOT);
        if (exact == null) {
            if (lower.equals("inf") || lower.equals("infinity")) {
                return new SeqNumber(BigDecimal.ZERO, BigDecimal.ZERO, true, negative, false, 0, 0);
            }
            if (lower.equals("nan") || (lower.startsWith("nan(") && lower.endsWith(")"))) {
                return new SeqNumber(BigDecimal.ZERO, BigDecimal.ZERO, false, negative, true, 0, 0);
            }
            return null;
        }
        BigDecimal value = LongDouble.round(exact);
        return new SeqNumber(value, exact, false, negative, false, width(arg), precision(arg));
    }

    /** The exact decimal or hexadecimal value of the text, or null when it is not entirely a finite number. */
    static BigDecimal parseExact(String arg) {
        String t = arg.stripLeading();
        if (t.isEmpty()) {
            return null;
        }
        int i = 0;
        boolean negative = false;
        if (t.charAt(0) == '+' || t.charAt(0) == '-') {
            negative = t.charAt(0) == '-';
            i++;
        }
        String rest = t.substring(i);
        BigDecimal v;
        if (rest.length() > 1 && rest.charAt(0) == '0' && (rest.charAt(1) == 'x' || rest.charAt(1) == 'X')) {
            v = parseHex(rest.substring(2));
        } else {
            v = parseDecimal(rest);
        }
        if (v == null) {
            return null;
        }
        return negative ? v.negate() : v;
    }

    private static BigDecimal parseDecimal(String s) {
        int e = s.indexOf('e') >= 0 ? s.indexOf('e') : s.indexOf('E');
        String mantissa = e >= 0 ? s.substring(0, e) : s;
        if (mantissa.isEmpty() || mantissa.equals(".") || !mantissa.matches("[0-9]*\\.?[0-9]*")) {
            return null;
        }
        int exponent = 0;
        if (e >= 0) {
            String exp = s.substring(e + 1);
            if (!exp.matches("[+-]?[0-9]+")) {
                return null;
            }
            try {
                exponent = Integer.parseInt(exp.startsWith("+") ? exp.substring(1) : exp);
            } catch (NumberFormatException ex) {
                return null;
            }
        }
        String m = mantissa.endsWith(".") ? mantissa.substring(0, mantissa.length() - 1) : mantissa;
        if (m.startsWith(".")) {
            m = "0" + m;
        }
        return new BigDecimal(m).scaleByPowerOfTen(exponent);
    }

    private static BigDecimal parseHex(String s) {
        int p = s.indexOf('p') >= 0 ? s.indexOf('p') : s.indexOf('P');
        String mantissa = p >= 0 ? s.substring(0, p) : s;
        if (mantissa.isEmpty() || mantissa.equals(".") || !mantissa.matches("[0-9a-fA-F]*\\.?[0-9a-fA-F]*")) {
            return null;
        }
        int exponent = 0;
        if (p >= 0) {
            String exp = s.substring(p + 1);
            if (!exp.matches("[+-]?[0-9]+")) {
                return null;
            }
            exponent = Integer.parseInt(exp.startsWith("+") ? exp.substring(1) : exp);
        }
        int dot = mantissa.indexOf('.');
        String digits = mantissa.replace(".", "");
        int fractionDigits = dot < 0 ? 0 : mantissa.length() - dot - 1;
        BigInteger unscaled = digits.isEmpty() ? BigInteger.ZERO : new BigInteger(digits, 16);
        return LongDouble.scaleByPowerOfTwo(new BigDecimal(unscaled), exponent - 4 * fractionDigits);
    }

    /** The printed width the text implies (scan_arg): leading blanks and '+' do not count, exponents do. */
    private static int width(String arg) {
        String a = arg.stripLeading();
        while (a.startsWith("+")) {
            a = a.substring(1).stripLeading();
        }
        if (a.indexOf('x') >= 0 || a.indexOf('X') >= 0) {
            return 0;
        }
        int width = a.length();
        int dot = a.indexOf('.');
        int precision = precision(arg);
        if (dot >= 0) {
            int e = firstExponentMark(a);
            int fractionLength = (e < 0 ? a.length() : e) - dot - 1;
            width += fractionLength == 0 ? -1 : (dot == 0 || !Character.isDigit(a.charAt(dot - 1)) ? 1 : 0);
        }
        int e = firstExponentMark(a);
        if (e >= 0) {
            long exponent = parseExponent(a.substring(e + 1));
            width -= a.length() - e;
            if (exponent < 0) {
                if (dot >= 0) {
                    if (e == dot + 1) {
                        width++;
                    }
                } else {
                    width++;
                }
                width += (int) -exponent;
            } else {
                if (dot >= 0 && precision == 0) {
                    width--; // no decimal point is printed
                }
                // The exponent adds the integer digits its fraction digits do not cover.
                int fraction = dot < 0 ? 0 : e - dot - 1;
                width += (int) (exponent - Math.min(fraction, exponent));
            }
        }
        return Math.max(width, 0);
    }

    /** The number of decimals the text asks for; {@link #NO_PRECISION} for hex fractions and 'p' exponents. */
    private static int precision(String arg) {
        String a = arg.strip();
        int dot = a.indexOf('.');
        long precision = dot < 0 && a.indexOf('p') < 0 && a.indexOf('P') < 0 ? 0 : NO_PRECISION;
        if (a.indexOf('x') >= 0 || a.indexOf('X') >= 0) {
            return (int) precision;
        }
        int e = firstExponentMark(a);
        if (dot >= 0) {
            precision = (e < 0 ? a.length() : e) - dot - 1;
        }
        if (e >= 0) {
            long exponent = parseExponent(a.substring(e + 1));
            precision += exponent < 0 ? -exponent : -Math.min(precision, exponent);
        }
        return (int) Math.min(precision, NO_PRECISION);
    }

    private static int firstExponentMark(String a) {
        int e = a.indexOf('e');
        return e >= 0 ? e : a.indexOf('E');
    }

    private static long parseExponent(String s) {
        int i = 0;
        boolean negative = false;
        if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        long v = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i)) && v < Integer.MAX_VALUE) {
            v = v * 10 + (s.charAt(i++) - '0');
        }
        return negative ? -v : v;
    }
}
