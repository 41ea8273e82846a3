package dev.shellbox.shell.commands.utils.bc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The -l math library (s, c, a, l, e, j) computed with guard digits and truncated to the scale, which gives the digits
 * GNU bc's library prints.
 */
final class BcMath {
    private static final int GUARD = 20;

    private BcMath() {}

    static boolean isLibraryFunction(String name) {
        return name.length() == 1 && "scalej".indexOf(name.charAt(0)) >= 0;
    }

    static BigDecimal call(String name, BigDecimal[] args, int scale) throws BcNumbers.BcError {
        int expected = name.equals("j") ? 2 : 1;
        if (args.length != expected) {
            throw new BcNumbers.BcError("Parameter number mismatch");
        }
        return switch (name) {
            case "s" -> finish(sin(args[0], context(args[0], scale)), scale);
            case "c" -> finish(cos(args[0], context(args[0], scale)), scale);
            case "a" -> finish(atan(args[0], context(args[0], scale)), scale);
            case "l" -> log(args[0], scale);
            case "e" -> exp(args[0], scale);
            default -> bessel(args[0], args[1], scale);
        };
    }

    private static MathContext context(BigDecimal x, int scale) {
        int intDigits = Math.max(1, x.precision() - x.scale());
        return new MathContext(scale + intDigits + GUARD, RoundingMode.HALF_EVEN);
    }

    private static BigDecimal finish(BigDecimal v, int scale) {
        return v.setScale(scale, RoundingMode.DOWN);
    }

    // ---- pi and trigonometry ----

    /** pi by Machin's formula: 16 atan(1/5) - 4 atan(1/239). */
    static BigDecimal pi(MathContext mc) {
        MathContext wide = new MathContext(mc.getPrecision() + 5);
        BigDecimal a = arctanInverse(5, wide).multiply(BigDecimal.valueOf(16));
        BigDecimal b = arctanInverse(239, wide).multiply(BigDecimal.valueOf(4));
        return a.subtract(b).round(mc);
    }

    private static BigDecimal arctanInverse(int n, MathContext mc) {
        BigDecimal x = BigDecimal.ONE.divide(BigDecimal.valueOf(n), mc);
        BigDecimal x2 = x.multiply(x, mc);
        BigDecimal term = x;
        BigDecimal sum = x;
        BigDecimal eps = BigDecimal.ONE.movePointLeft(mc.getPrecision() + 2);
        for (int k = 1; term.abs().compareTo(eps) > 0; k++) {
            term = term.multiply(x2, mc).negate();
            sum = sum.add(term.divide(BigDecimal.valueOf(2L * k + 1), mc), mc);
        }
        return sum;
    }

    private static BigDecimal sin(BigDecimal x, MathContext mc) {
        MathContext wide = new MathContext(mc.getPrecision() + x.precision() + 5);
        BigDecimal twoPi = pi(wide).multiply(BigDecimal.valueOf(2));
        BigDecimal r = x.remainder(twoPi, wide);
        BigDecimal r2 = r.multiply(r, wide);
        BigDecimal term = r;
        BigDecimal sum = r;
        BigDecimal eps = BigDecimal.ONE.movePointLeft(wide.getPrecision());
        for (long k = 1; term.abs().compareTo(eps) > 0; k++) {
            term = term.multiply(r2, wide)
                    .divide(BigDecimal.valueOf((2 * k) * (2 * k + 1)), wide)
                    .negate();
            sum = sum.add(term, wide);
        }
        return sum;
    }

    private static BigDecimal cos(BigDecimal x, MathContext mc) {
        MathContext wide = new MathContext(mc.getPrecision() + x.precision() + 5);
        BigDecimal twoPi = pi(wide).multiply(BigDecimal.valueOf(2));
        BigDecimal r = x.remainder(twoPi, wide);
        BigDecimal r2 = r.multiply(r, wide);
        BigDecimal term = BigDecimal.ONE;
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal eps = BigDecimal.ONE.movePointLeft(wide.getPrecision());
        for (long k = 1; term.abs().compareTo(eps) > 0; k++) {
            term = term.multiply(r2, wide)
                    .divide(BigDecimal.valueOf((2 * k - 1) * (2 * k)), wide)
                    .negate();
            sum = sum.add(term, wide);
        }
        return sum;
    }

    private static BigDecimal atan(BigDecimal x, MathContext mc) {
        MathContext wide = new MathContext(mc.getPrecision() + 5);
        if (x.signum() < 0) {
            return atan(x.negate(), mc).negate();
        }
        if (x.compareTo(BigDecimal.ONE) > 0) {
            BigDecimal halfPi = pi(wide).divide(BigDecimal.valueOf(2), wide);
            return halfPi.subtract(atan(BigDecimal.ONE.divide(x, wide), wide), wide);
        }
        // Halve the argument twice (atan x = 2 atan(x / (1 + sqrt(1 + x^2)))) so the series converges fast.
        BigDecimal y = x;
        int doublings = 0;
        for (int i = 0; i < 2; i++) {
            BigDecimal root = BigDecimal.ONE.add(y.multiply(y, wide)).sqrt(wide);
            y = y.divide(BigDecimal.ONE.add(root), wide);
            doublings++;
        }
        BigDecimal y2 = y.multiply(y, wide);
        BigDecimal term = y;
        BigDecimal sum = y;
        BigDecimal eps = BigDecimal.ONE.movePointLeft(wide.getPrecision());
        for (long k = 1; term.abs().compareTo(eps) > 0; k++) {
            term = term.multiply(y2, wide).negate();
            sum = sum.add(term.divide(BigDecimal.valueOf(2 * k + 1), wide), wide);
        }
        return sum.multiply(BigDecimal.valueOf(1L << doublings), wide);
    }

    // ---- logarithm and exponential ----

    private static BigDecimal log(BigDecimal x, int scale) {
        if (x.signum() <= 0) {
            // GNU's library answers (1 - 10^scale) for a non-positive argument.
            return BigDecimal.ONE.subtract(BigDecimal.TEN.pow(scale)).setScale(scale);
        }
        MathContext mc = new MathContext(scale + Math.max(1, x.precision() - x.scale()) + GUARD);
        // x = m * 2^k with m in [0.5, 1); ln x = k ln 2 + 2 atanh((m - 1) / (m + 1)).
        int k = 0;
        BigDecimal m = x;
        BigDecimal two = BigDecimal.valueOf(2);
        while (m.compareTo(BigDecimal.ONE) >= 0) {
            m = m.divide(two, mc);
            k++;
        }
        BigDecimal half = new BigDecimal("0.5");
        while (m.compareTo(half) < 0) {
            m = m.multiply(two, mc);
            k--;
        }
        BigDecimal result = atanh2(m.subtract(BigDecimal.ONE).divide(m.add(BigDecimal.ONE), mc), mc);
        if (k != 0) {
            BigDecimal ln2 = atanh2(BigDecimal.ONE.divide(BigDecimal.valueOf(3), mc), mc);
            result = result.add(ln2.multiply(BigDecimal.valueOf(k), mc), mc);
        }
        return finish(result, scale);
    }

    /** 2 atanh(z) = ln((1 + z) / (1 - z)). */
    private static BigDecimal atanh2(BigDecimal z, MathContext mc) {
        BigDecimal z2 = z.multiply(z, mc);
        BigDecimal term = z;
        BigDecimal sum = z;
        BigDecimal eps = BigDecimal.ONE.movePointLeft(mc.getPrecision() + 2);
        for (long k = 1; term.abs().compareTo(eps) > 0; k++) {
            term = term.multiply(z2, mc);
            sum = sum.add(term.divide(BigDecimal.valueOf(2 * k + 1), mc), mc);
        }
        return sum.multiply(BigDecimal.valueOf(2), mc);
    }

    private static BigDecimal exp(BigDecimal x, int scale) throws BcNumbers.BcError {
        if (x.signum() < 0) {
            BigDecimal positive = expPositive(
                    x.negate(), scale + GUARD + Math.max(0, x.negate().intValue() / 2));
            return BigDecimal.ONE.divide(positive, scale, RoundingMode.DOWN);
        }
        return finish(expPositive(x, scale + GUARD), scale);
    }

    private static BigDecimal expPositive(BigDecimal x, int digits) throws BcNumbers.BcError {
        if (x.compareTo(BigDecimal.valueOf(1_000_000)) > 0) {
            throw new BcNumbers.BcError("exponent too large in raise");
        }
        int intDigits = (int) (x.doubleValue() * 0.4343) + 2;
        MathContext mc = new MathContext(digits + intDigits + GUARD);
        // e^x = (e^(x / 2^n))^(2^n) with x / 2^n below one.
        int n = 0;
        BigDecimal r = x;
        while (r.compareTo(BigDecimal.ONE) > 0) {
            r = r.divide(BigDecimal.valueOf(2), mc);
            n++;
        }
        BigDecimal term = BigDecimal.ONE;
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal eps = BigDecimal.ONE.movePointLeft(mc.getPrecision() + 2);
        for (long k = 1; term.compareTo(eps) > 0; k++) {
            term = term.multiply(r, mc).divide(BigDecimal.valueOf(k), mc);
            sum = sum.add(term, mc);
        }
        for (int i = 0; i < n; i++) {
            sum = sum.multiply(sum, mc);
        }
        return sum;
    }

    // ---- Bessel ----

    private static BigDecimal bessel(BigDecimal nArg, BigDecimal x, int scale) {
        BigInteger nBig = nArg.setScale(0, RoundingMode.DOWN).toBigInteger();
        int n = nBig.abs().intValue();
        boolean negateForOrder = nBig.signum() < 0 && (n & 1) == 1;
        int extra = (int) (x.abs().doubleValue() * 0.87) + 5;
        MathContext mc = new MathContext(scale + extra + GUARD + Math.max(1, x.precision() - x.scale()));
        BigDecimal half = x.divide(BigDecimal.valueOf(2), mc);
        BigDecimal halfSquared = half.multiply(half, mc);
        BigDecimal term = half.pow(n, mc);
        BigDecimal factorial = BigDecimal.ONE;
        for (int i = 2; i <= n; i++) {
            factorial = factorial.multiply(BigDecimal.valueOf(i));
        }
        term = term.divide(factorial, mc);
        BigDecimal sum = term;
        BigDecimal eps = BigDecimal.ONE.movePointLeft(scale + GUARD);
        for (long k = 1; term.abs().compareTo(eps) > 0 || k <= x.abs().longValue(); k++) {
            term = term.multiply(halfSquared, mc)
                    .divide(BigDecimal.valueOf(k * (k + n)), mc)
                    .negate();
            sum = sum.add(term, mc);
        }
        BigDecimal result = finish(sum, scale);
        return negateForOrder ? result.negate() : result;
    }
}
