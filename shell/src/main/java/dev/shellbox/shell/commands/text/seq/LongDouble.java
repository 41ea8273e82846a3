package dev.shellbox.shell.commands.text.seq;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * The x87 80-bit {@code long double} that GNU seq computes with, emulated exactly: every value is a BigDecimal equal
 * to a binary number with a 64-bit significand, and every operation rounds its exact result to the nearest such
 * number (ties to even). Printing the exact value then gives what glibc's printf gives, including the cases where
 * {@code 0.35} is really {@code 0.34999999999999999999}.
 */
final class LongDouble {
    private static final int SIGNIFICAND_BITS = 64;
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(SIGNIFICAND_BITS);
    private static final BigInteger TWO_63 = BigInteger.ONE.shiftLeft(SIGNIFICAND_BITS - 1);
    private static final double LOG2_10 = Math.log(10) / Math.log(2);

    private LongDouble() {}

    /** Rounds an exact value to the nearest long double. */
    static BigDecimal round(BigDecimal v) {
        if (v.signum() == 0) {
            return BigDecimal.ZERO;
        }
        BigDecimal a = v.abs();
        // Estimate floor(log2(a)) from the unscaled value's bit length and the decimal scale, then correct it.
        int e = (int) Math.floor(a.unscaledValue().bitLength() - 1 - a.scale() * LOG2_10);
        BigInteger m;
        while (true) {
            BigDecimal q = scaleByPowerOfTwo(a, SIGNIFICAND_BITS - 1 - e);
            m = q.setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact();
            if (m.compareTo(TWO_64) >= 0) {
                if (m.equals(TWO_64) && q.compareTo(new BigDecimal(TWO_64)) < 0) {
                    m = TWO_63; // rounded up to the next power of two
                    e++;
                    break;
                }
                e++;
            } else if (m.compareTo(TWO_63) < 0) {
                e--;
            } else {
                break;
            }
        }
        BigDecimal result = scaleByPowerOfTwo(new BigDecimal(m), e - (SIGNIFICAND_BITS - 1));
        return v.signum() < 0 ? result.negate() : result;
    }

    /** {@code v * 2^k}, exactly. */
    static BigDecimal scaleByPowerOfTwo(BigDecimal v, int k) {
        if (k >= 0) {
            return v.multiply(new BigDecimal(BigInteger.ONE.shiftLeft(k)));
        }
        // Dividing by 2^n is multiplying by 5^n and shifting the decimal point n places.
        return v.multiply(new BigDecimal(BigInteger.valueOf(5).pow(-k))).scaleByPowerOfTen(k);
    }

    static BigDecimal add(BigDecimal a, BigDecimal b) {
        return round(a.add(b));
    }

    static BigDecimal multiply(BigDecimal a, BigDecimal b) {
        return round(a.multiply(b));
    }

    /**
     * The 64-bit significand and binary exponent of a nonzero long double: {@code |v| = significand * 2^exponent}
     * with the top bit of the significand set.
     */
    static BigInteger[] decompose(BigDecimal v) {
        BigDecimal a = v.abs();
        int e = (int) Math.floor(a.unscaledValue().bitLength() - 1 - a.scale() * LOG2_10);
        while (true) {
            BigDecimal q = scaleByPowerOfTwo(a, SIGNIFICAND_BITS - 1 - e);
            BigInteger m = q.toBigInteger();
            if (m.compareTo(TWO_64) >= 0) {
                e++;
            } else if (m.compareTo(TWO_63) < 0) {
                e--;
            } else {
                return new BigInteger[] {m, BigInteger.valueOf(e - (SIGNIFICAND_BITS - 1))};
            }
        }
    }
}
