package dev.shellbox.shell.commands.text.seq;

import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * A printf format with exactly one floating-point directive ({@code %e %f %g %a} and their upper-case forms, with
 * flags, width and precision), applied to exact long double values as glibc's printf would print them.
 */
final class SeqFormat {
    /** A format seq refuses; the message is GNU's. */
    static final class FormatException extends Exception {
        FormatException(String message) {
            super(message, null, false, false);
        }
    }

    private final String prefix;
    private final String suffix;
    private final boolean leftAlign;
    private final boolean plus;
    private final boolean space;
    private final boolean alternate;
    private final boolean zeroPad;
    private final int width;
    private final int precision; // -1: the default
    private final char conversion;

    private SeqFormat(String prefix, String suffix, String flags, int width, int precision, char conversion) {
        this.prefix = prefix;
        this.suffix = suffix;
        this.leftAlign = flags.indexOf('-') >= 0;
        this.plus = flags.indexOf('+') >= 0;
        this.space = flags.indexOf(' ') >= 0;
        this.alternate = flags.indexOf('#') >= 0;
        this.zeroPad = flags.indexOf('0') >= 0;
        this.width = width;
        this.precision = precision;
        this.conversion = conversion;
    }

    /** {@code %.Nf}, or {@code %0W.Nf} for {@code -w}. */
    static SeqFormat fixed(int precision, int width) {
        return new SeqFormat("", "", width > 0 ? "0" : "", width, precision, 'f');
    }

    /** {@code %g}. */
    static SeqFormat general() {
        return new SeqFormat("", "", "", 0, -1, 'g');
    }

    static SeqFormat parse(String fmt) throws FormatException {
        StringBuilder prefix = new StringBuilder();
        int i = 0;
        while (true) {
            if (i >= fmt.length()) {
                throw new FormatException("format " + Quoting.locale(fmt) + " has no % directive");
            }
            char c = fmt.charAt(i);
            if (c == '%' && i + 1 < fmt.length() && fmt.charAt(i + 1) == '%') {
                prefix.append('%');
                i += 2;
            } else if (c == '%') {
                break;
            } else {
                prefix.append(c);
                i++;
            }
        }
        i++;
        int flagsStart = i;
        while (i < fmt.length() && "-+#0 '".indexOf(fmt.charAt(i)) >= 0) {
            i++;
        }
        String flags = fmt.substring(flagsStart, i);
        int widthStart = i;
        while (i < fmt.length() && Character.isDigit(fmt.charAt(i))) {
            i++;
        }
        int width = i > widthStart ? parseBounded(fmt.substring(widthStart, i)) : 0;
        int precision = -1;
        if (i < fmt.length() && fmt.charAt(i) == '.') {
            i++;
            int precisionStart = i;
            while (i < fmt.length() && Character.isDigit(fmt.charAt(i))) {
                i++;
            }
            precision = i > precisionStart ? parseBounded(fmt.substring(precisionStart, i)) : 0;
        }
        if (i < fmt.length() && fmt.charAt(i) == 'L') {
            i++;
        }
        if (i >= fmt.length()) {
            throw new FormatException("format " + Quoting.locale(fmt) + " ends in %");
        }
        char conversion = fmt.charAt(i);
        if ("efgaEFGA".indexOf(conversion) < 0) {
            throw new FormatException("format " + Quoting.locale(fmt) + " has unknown %" + conversion + " directive");
        }
        StringBuilder suffix = new StringBuilder();
        for (i++; i < fmt.length(); i++) {
            char c = fmt.charAt(i);
            if (c == '%') {
                if (i + 1 < fmt.length() && fmt.charAt(i + 1) == '%') {
                    suffix.append('%');
                    i++;
                } else {
                    throw new FormatException("format " + Quoting.locale(fmt) + " has too many % directives");
                }
            } else {
                suffix.append(c);
            }
        }
        return new SeqFormat(prefix.toString(), suffix.toString(), flags, width, precision, conversion);
    }

    private static int parseBounded(String digits) {
        long v = 0;
        for (int k = 0; k < digits.length() && v < 1_000_000; k++) {
            v = v * 10 + (digits.charAt(k) - '0');
        }
        return (int) Math.min(v, 1_000_000);
    }

    /** The whole formatted text: prefix, number, suffix. */
    String format(SeqNumber n) {
        return prefix + number(n) + suffix;
    }

    /** Only the number, padded: what seq compares when deciding on an extra last number. */
    String number(SeqNumber n) {
        boolean upper = Character.isUpperCase(conversion);
        String sign;
        String body;
        if (n.nan() || n.infinite()) {
            sign = signOf(n.negative());
            body = n.nan() ? "nan" : "inf";
            if (upper) {
                body = body.toUpperCase(java.util.Locale.ROOT);
            }
            return pad(sign, body, false);
        }
        BigDecimal v = n.value();
        sign = signOf(v.signum() < 0);
        BigDecimal a = v.abs();
        body = switch (Character.toLowerCase(conversion)) {
            case 'f' -> fixed(a, precision < 0 ? 6 : precision);
            case 'e' -> exponential(a, precision < 0 ? 6 : precision);
            case 'g' -> general(a);
            default -> hex(a);
        };
        if (upper) {
            body = body.toUpperCase(java.util.Locale.ROOT);
        }
        return pad(sign, body, true);
    }

    private String signOf(boolean negative) {
        return negative ? "-" : plus ? "+" : space ? " " : "";
    }

    private String pad(String sign, String body, boolean finite) {
        int length = sign.length() + body.length();
        if (length >= width) {
            return sign + body;
        }
        String fill = " ".repeat(width - length);
        if (leftAlign) {
            return sign + body + fill;
        }
        if (zeroPad && finite) {
            int digitsAt = body.startsWith("0x") || body.startsWith("0X") ? 2 : 0;
            return sign + body.substring(0, digitsAt) + "0".repeat(width - length) + body.substring(digitsAt);
        }
        return fill + sign + body;
    }

    private String fixed(BigDecimal a, int digits) {
        String s = a.setScale(digits, RoundingMode.HALF_EVEN).toPlainString();
        if (digits == 0 && alternate) {
            s += ".";
        }
        return s;
    }

    private String exponential(BigDecimal a, int digits) {
        if (a.signum() == 0) {
            return (digits > 0 ? "0." + "0".repeat(digits) : alternate ? "0." : "0") + "e+00";
        }
        BigDecimal r = a.round(new MathContext(digits + 1, RoundingMode.HALF_EVEN));
        String unscaled = r.unscaledValue().toString();
        int exponent = unscaled.length() - 1 - r.scale();
        StringBuilder mantissa = new StringBuilder(unscaled);
        while (mantissa.length() < digits + 1) {
            mantissa.append('0');
        }
        String m = mantissa.substring(0, digits + 1);
        String text = digits > 0 ? m.charAt(0) + "." + m.substring(1) : m + (alternate ? "." : "");
        return text + "e" + (exponent < 0 ? "-" : "+") + (Math.abs(exponent) < 10 ? "0" : "") + Math.abs(exponent);
    }

    private String general(BigDecimal a) {
        int p = precision < 0 ? 6 : precision == 0 ? 1 : precision;
        int exponent;
        if (a.signum() == 0) {
            exponent = 0;
        } else {
            BigDecimal r = a.round(new MathContext(p, RoundingMode.HALF_EVEN));
            exponent = r.precision() - 1 - r.scale();
        }
        String s = p > exponent && exponent >= -4 ? fixed(a, p - 1 - exponent) : exponential(a, p - 1);
        if (!alternate) {
            s = stripTrailingZeros(s);
        }
        return s;
    }

    private static String stripTrailingZeros(String s) {
        int e = s.indexOf('e');
        String mantissa = e >= 0 ? s.substring(0, e) : s;
        String exponent = e >= 0 ? s.substring(e) : "";
        if (mantissa.indexOf('.') >= 0) {
            int end = mantissa.length();
            while (mantissa.charAt(end - 1) == '0') {
                end--;
            }
            if (mantissa.charAt(end - 1) == '.') {
                end--;
            }
            mantissa = mantissa.substring(0, end);
        }
        return mantissa + exponent;
    }

    /** glibc's %La for the x87 format: the leading hex digit holds the top four bits of the 64-bit significand. */
    private String hex(BigDecimal a) {
        if (a.signum() == 0) {
            String zeros = precision > 0 ? "." + "0".repeat(precision) : alternate ? "." : "";
            return "0x0" + zeros + "p+0";
        }
        BigInteger[] parts = LongDouble.decompose(a);
        BigInteger significand = parts[0];
        long exponent = parts[1].longValue() + 60;
        String digits = String.format("%016x", significand);
        String lead = digits.substring(0, 1);
        String fraction = digits.substring(1);
        if (precision >= 0 && precision < fraction.length()) {
            BigInteger shifted = significand.shiftRight(4 * (fraction.length() - precision));
            BigInteger remainder = significand.subtract(shifted.shiftLeft(4 * (fraction.length() - precision)));
            BigInteger half = BigInteger.ONE.shiftLeft(4 * (fraction.length() - precision) - 1);
            int cmp = remainder.compareTo(half);
            if (cmp > 0 || (cmp == 0 && shifted.testBit(0))) {
                shifted = shifted.add(BigInteger.ONE);
            }
            String rounded = shifted.toString(16);
            if (rounded.length() > precision + 1) {
                // The lead digit carried over 0xf: glibc renormalizes to a lead of 1 with a larger exponent.
                shifted = shifted.shiftRight(4);
                exponent += 4;
                rounded = shifted.toString(16);
            }
            lead = rounded.substring(0, 1);
            fraction = rounded.substring(1);
        } else {
            int end = fraction.length();
            while (end > 0 && fraction.charAt(end - 1) == '0') {
                end--;
            }
            fraction = fraction.substring(0, end);
            if (precision > fraction.length()) {
                fraction = fraction + "0".repeat(precision - fraction.length());
            }
        }
        String point = !fraction.isEmpty() || alternate ? "." : "";
        return "0x" + lead + point + fraction + "p" + (exponent < 0 ? "-" : "+") + Math.abs(exponent);
    }
}
