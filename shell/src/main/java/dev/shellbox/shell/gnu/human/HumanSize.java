package dev.shellbox.shell.gnu.human;

import java.math.BigInteger;

/** gnulib's human: sizes as {@code ls}, {@code du} and {@code df} print them. */
public final class HumanSize {
    private static final String UNITS = "KMGTPEZY";

    private HumanSize() {}

    /**
     * {@code -h}: {@code 4.9K}, {@code 12M}, rounding up as GNU's human_ceiling does; one decimal below 10, none from
     * 10 on, plain digits below one unit.
     *
     * @param si powers of 1000 with a lower-case {@code k} ({@code --si}) instead of powers of 1024
     */
    public static String format(long bytes, boolean si) {
        int base = si ? 1000 : 1024;
        if (bytes < base) {
            return Long.toString(bytes);
        }
        BigInteger value = BigInteger.valueOf(bytes);
        BigInteger b = BigInteger.valueOf(base);
        BigInteger divisor = BigInteger.ONE;
        int exponent = 0;
        while (value.compareTo(divisor.multiply(b)) >= 0 && exponent < UNITS.length()) {
            divisor = divisor.multiply(b);
            exponent++;
        }
        BigInteger tenths = ceilDiv(value.multiply(BigInteger.TEN), divisor);
        if (tenths.compareTo(BigInteger.valueOf(100)) < 0) {
            return tenths.divide(BigInteger.TEN) + "." + tenths.mod(BigInteger.TEN) + unit(exponent, si);
        }
        BigInteger whole = ceilDiv(value, divisor);
        if (whole.compareTo(b) >= 0 && exponent < UNITS.length()) {
            return "1.0" + unit(exponent + 1, si);
        }
        return whole + unit(exponent, si);
    }

    private static String unit(int exponent, boolean si) {
        char c = UNITS.charAt(exponent - 1);
        return String.valueOf(si && c == 'K' ? 'k' : c);
    }

    private static BigInteger ceilDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
    }

    /** {@code n} units of {@code unit} bytes shown in {@code blockSize} units, rounded up. */
    public static long ceilUnits(long n, long unit, long blockSize) {
        BigInteger total = BigInteger.valueOf(n).multiply(BigInteger.valueOf(unit));
        return ceilDiv(total, BigInteger.valueOf(blockSize)).longValueExact();
    }
}
