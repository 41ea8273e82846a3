package dev.shellbox.shell.commands.utils.bc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * bc arithmetic on BigDecimal with bc's scale rules: results are truncated (never rounded) to the scale bc assigns to
 * each operation, and numbers are read and written in ibase and obase.
 */
final class BcNumbers {
    private BcNumbers() {}

    /** A bc runtime error, with GNU bc's message. */
    static final class BcError extends Exception {
        BcError(String message) {
            super(message, null, false, false);
        }
    }

    static BigDecimal truncate(BigDecimal v, int scale) {
        return v.scale() > scale ? v.setScale(scale, RoundingMode.DOWN) : v;
    }

    static BigDecimal multiply(BigDecimal a, BigDecimal b, int scale) {
        int full = a.scale() + b.scale();
        int result = Math.min(full, Math.max(scale, Math.max(a.scale(), b.scale())));
        return truncate(a.multiply(b), result);
    }

    static BigDecimal divide(BigDecimal a, BigDecimal b, int scale) throws BcError {
        if (b.signum() == 0) {
            throw new BcError("Divide by zero");
        }
        return a.divide(b, scale, RoundingMode.DOWN);
    }

    /** a % b = a - (a / b) * b, with a / b taken to {@code scale} digits. */
    static BigDecimal modulo(BigDecimal a, BigDecimal b, int scale) throws BcError {
        if (b.signum() == 0) {
            throw new BcError("Divide by zero");
        }
        int resultScale = Math.max(scale + b.scale(), a.scale());
        BigDecimal quotient = a.divide(b, scale, RoundingMode.DOWN);
        BigDecimal r = a.subtract(quotient.multiply(b));
        return r.scale() < resultScale ? r.setScale(resultScale) : truncate(r, resultScale);
    }

    /** a ^ b for an integer b (the caller warns and truncates a fractional exponent). */
    static BigDecimal power(BigDecimal a, BigInteger b, int scale) throws BcError {
        if (b.signum() == 0) {
            return BigDecimal.ONE;
        }
        if (b.bitLength() > 31) {
            throw new BcError("exponent too large in raise");
        }
        int e = b.intValueExact();
        if (e < 0) {
            BigDecimal p = a.pow(-e);
            return divide(BigDecimal.ONE, p, scale);
        }
        long full = (long) a.scale() * e;
        int result = (int) Math.min(full, Math.max(scale, a.scale()));
        return truncate(a.pow(e), result);
    }

    static BigDecimal sqrt(BigDecimal a, int scale) throws BcError {
        if (a.signum() < 0) {
            throw new BcError("Square root of a negative number");
        }
        int resultScale = Math.max(scale, a.scale());
        if (a.signum() == 0) {
            return BigDecimal.ZERO.setScale(resultScale);
        }
        BigInteger scaled =
                a.movePointRight(2 * resultScale).setScale(0, RoundingMode.DOWN).toBigInteger();
        return new BigDecimal(scaled.sqrt(), resultScale);
    }

    /** bc's length(): significant digits, counting the digits after the point. */
    static int length(BigDecimal v) {
        if (v.signum() == 0) {
            return v.scale() == 0 ? 1 : v.scale();
        }
        BigInteger unscaled = v.unscaledValue().abs();
        int digits = unscaled.toString().length();
        return Math.max(digits, v.scale());
    }

    static BigDecimal fromBoolean(boolean b) {
        return b ? BigDecimal.ONE : BigDecimal.ZERO;
    }

    /**
     * Reads a numeric literal in {@code ibase}: a single digit keeps its own value; in longer numbers, digits not
     * below ibase count as ibase - 1. The scale is the number of digits after the point.
     */
    static BigDecimal parse(String text, int ibase) {
        int point = text.indexOf('.');
        String whole = point < 0 ? text : text.substring(0, point);
        String fraction = point < 0 ? "" : text.substring(point + 1);
        if (whole.length() == 1 && fraction.isEmpty() && point < 0) {
            return BigDecimal.valueOf(digit(whole.charAt(0)));
        }
        boolean multi = whole.length() + fraction.length() > 1;
        if (ibase == 10) {
            StringBuilder sb = new StringBuilder();
            for (char c : (whole + fraction).toCharArray()) {
                int d = digit(c);
                sb.append((char) ('0' + (multi && d >= 10 ? 9 : d)));
            }
            BigInteger unscaled = new BigInteger(sb.length() == 0 ? "0" : sb.toString());
            return new BigDecimal(unscaled, fraction.length());
        }
        BigInteger base = BigInteger.valueOf(ibase);
        BigInteger intPart = BigInteger.ZERO;
        for (char c : whole.toCharArray()) {
            intPart = intPart.multiply(base).add(BigInteger.valueOf(clampDigit(c, ibase, multi)));
        }
        BigDecimal value = new BigDecimal(intPart);
        if (!fraction.isEmpty()) {
            BigInteger num = BigInteger.ZERO;
            BigInteger den = BigInteger.ONE;
            for (char c : fraction.toCharArray()) {
                num = num.multiply(base).add(BigInteger.valueOf(clampDigit(c, ibase, multi)));
                den = den.multiply(base);
            }
            BigDecimal frac = new BigDecimal(num).divide(new BigDecimal(den), fraction.length(), RoundingMode.DOWN);
            value = value.add(frac);
        }
        return value.setScale(fraction.length(), RoundingMode.DOWN);
    }

    private static int digit(char c) {
        return c <= '9' ? c - '0' : c - 'A' + 10;
    }

    private static int clampDigit(char c, int ibase, boolean multi) {
        int d = digit(c);
        return multi && d >= ibase ? ibase - 1 : d;
    }

    /** The text bc prints for {@code v} in {@code obase} (without line breaks). */
    static String format(BigDecimal v, int obase) {
        if (v.signum() == 0) {
            return "0";
        }
        StringBuilder sb = new StringBuilder();
        if (v.signum() < 0) {
            sb.append('-');
            v = v.negate();
        }
        if (obase == 10) {
            String plain = v.toPlainString();
            if (plain.startsWith("0.")) {
                plain = plain.substring(1);
            }
            return sb.append(plain).toString();
        }
        BigInteger intPart = v.setScale(0, RoundingMode.DOWN).toBigInteger();
        BigDecimal fracPart = v.subtract(new BigDecimal(intPart));
        int digitWidth = String.valueOf(obase - 1).length();
        BigInteger base = BigInteger.valueOf(obase);
        if (intPart.signum() != 0) {
            java.util.ArrayDeque<Integer> digits = new java.util.ArrayDeque<>();
            while (intPart.signum() > 0) {
                BigInteger[] qr = intPart.divideAndRemainder(base);
                digits.push(qr[1].intValue());
                intPart = qr[0];
            }
            for (int d : digits) {
                appendDigit(sb, d, obase, digitWidth, true);
            }
        }
        int scale = v.scale();
        if (scale > 0) {
            sb.append('.');
            BigDecimal obaseDecimal = new BigDecimal(obase);
            BigInteger place = BigInteger.ONE;
            boolean space = false; // the first fraction digit follows the point directly
            while (place.toString().length() <= scale) {
                fracPart = truncate(fracPart.multiply(obaseDecimal), scale);
                int d = fracPart.setScale(0, RoundingMode.DOWN).intValue();
                fracPart = fracPart.subtract(BigDecimal.valueOf(d));
                appendDigit(sb, d, obase, digitWidth, space);
                space = true;
                place = place.multiply(base);
            }
        }
        return sb.toString();
    }

    /** One digit: a character up to base 16, else a zero-padded decimal group, space-separated. */
    private static void appendDigit(StringBuilder sb, int d, int obase, int width, boolean space) {
        if (obase <= 16) {
            sb.append("0123456789ABCDEF".charAt(d));
        } else {
            String s = String.valueOf(d);
            if (space) {
                sb.append(' ');
            }
            sb.append("0".repeat(width - s.length())).append(s);
        }
    }
}
