package dev.shellbox.shell.commands.data.awk;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/** printf and sprintf as C and gawk format them: flags, width, precision, {@code *}, every conversion. */
public final class AwkFormat {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    private AwkFormat() {}

    /** Raised when the format needs more arguments than given; gawk makes this fatal. */
    static final class NotEnoughArguments extends RuntimeException {
        NotEnoughArguments() {
            super("not enough arguments to satisfy format string", null, false, false);
        }
    }

    static String sprintf(String format, Object[] args, String convfmt) {
        StringBuilder out = new StringBuilder(format.length() + 16);
        int argIndex = 0;
        int n = format.length();
        int i = 0;
        while (i < n) {
            char c = format.charAt(i++);
            if (c != '%') {
                out.append(c);
                continue;
            }
            if (i >= n) {
                out.append('%');
                break;
            }
            int specStart = i - 1;
            boolean left = false;
            boolean plus = false;
            boolean space = false;
            boolean alt = false;
            boolean zero = false;
            for (; i < n; i++) {
                char f = format.charAt(i);
                if (f == '-') {
                    left = true;
                } else if (f == '+') {
                    plus = true;
                } else if (f == ' ') {
                    space = true;
                } else if (f == '#') {
                    alt = true;
                } else if (f == '0') {
                    zero = true;
                } else {
                    break;
                }
            }
            int width = -1;
            if (i < n && format.charAt(i) == '*') {
                i++;
                width = (int) AwkValues.toNumber(argument(args, argIndex++));
                if (width < 0) {
                    left = true;
                    width = -width;
                }
            } else {
                int start = i;
                while (i < n && Character.isDigit(format.charAt(i))) {
                    i++;
                }
                if (i > start) {
                    width = Integer.parseInt(format.substring(start, i));
                }
            }
            int precision = -1;
            if (i < n && format.charAt(i) == '.') {
                i++;
                if (i < n && format.charAt(i) == '*') {
                    i++;
                    precision = (int) AwkValues.toNumber(argument(args, argIndex++));
                    if (precision < 0) {
                        precision = -1;
                    }
                } else {
                    int start = i;
                    while (i < n && Character.isDigit(format.charAt(i))) {
                        i++;
                    }
                    precision = i > start ? Integer.parseInt(format.substring(start, i)) : 0;
                }
            }
            while (i < n && "hlLqjzt".indexOf(format.charAt(i)) >= 0) {
                i++;
            }
            if (i >= n) {
                out.append(format, specStart, n);
                break;
            }
            char conversion = format.charAt(i++);
            Spec spec = new Spec(left, plus, space, alt, zero, width, precision);
            switch (conversion) {
                case '%' -> out.append('%');
                case 'd', 'i' -> out.append(integer(AwkValues.toNumber(argument(args, argIndex++)), spec));
                case 'o', 'x', 'X', 'u' ->
                    out.append(unsigned(AwkValues.toNumber(argument(args, argIndex++)), conversion, spec));
                case 'c' -> out.append(pad(character(argument(args, argIndex++)), spec));
                case 's' -> {
                    String s = AwkValues.toStr(argument(args, argIndex++), convfmt);
                    if (precision >= 0 && precision < s.length()) {
                        s = s.substring(0, precision);
                    }
                    out.append(pad(s, spec));
                }
                case 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A' ->
                    out.append(floating(AwkValues.toNumber(argument(args, argIndex++)), conversion, spec));
                default -> out.append(format, specStart, i);
            }
        }
        return out.toString();
    }

    private record Spec(
            boolean left, boolean plus, boolean space, boolean alt, boolean zero, int width, int precision) {}

    private static Object argument(Object[] args, int index) {
        if (index >= args.length) {
            throw new NotEnoughArguments();
        }
        return args[index];
    }

    private static String pad(String s, Spec spec) {
        if (spec.width <= s.length()) {
            return s;
        }
        String fill = " ".repeat(spec.width - s.length());
        return spec.left ? s + fill : fill + s;
    }

    /** Sign, prefix and digits laid out in the width, zero padding going between prefix and digits. */
    private static String layout(String sign, String digits, Spec spec, boolean zeroAllowed) {
        int length = sign.length() + digits.length();
        if (spec.width <= length) {
            return sign + digits;
        }
        int fill = spec.width - length;
        if (spec.left) {
            return sign + digits + " ".repeat(fill);
        }
        if (spec.zero && zeroAllowed) {
            return sign + "0".repeat(fill) + digits;
        }
        return " ".repeat(fill) + sign + digits;
    }

    private static String special(double d, Spec spec, boolean upper) {
        String s = Double.isNaN(d) ? "nan" : "inf";
        if (upper) {
            s = s.toUpperCase();
        }
        String sign = Double.isNaN(d) ? "-" : d < 0 ? "-" : "+";
        return layout(sign, s, spec, false);
    }

    private static String integer(double d, Spec spec) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return special(d, spec, false);
        }
        double t = d < 0 ? Math.ceil(d) : Math.floor(d);
        String digits = Math.abs(t) < 9.2e18
                ? Long.toString(Math.abs((long) t))
                : new BigDecimal(t).toBigInteger().abs().toString();
        if (spec.precision >= 0) {
            if (spec.precision == 0 && t == 0) {
                digits = "";
            }
            if (digits.length() < spec.precision) {
                digits = "0".repeat(spec.precision - digits.length()) + digits;
            }
        }
        String sign = t < 0 ? "-" : spec.plus ? "+" : spec.space ? " " : "";
        return layout(sign, digits, spec, spec.precision < 0);
    }

    private static String unsigned(double d, char conversion, Spec spec) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return special(d, spec, conversion == 'X');
        }
        double t = d < 0 ? Math.ceil(d) : Math.floor(d);
        BigInteger value = new BigDecimal(t).toBigInteger();
        if (value.signum() < 0) {
            value = value.add(TWO_64);
        }
        String digits = switch (conversion) {
            case 'o' -> value.toString(8);
            case 'x' -> value.toString(16);
            case 'X' -> value.toString(16).toUpperCase();
            default -> value.toString();
        };
        if (spec.precision >= 0) {
            if (spec.precision == 0 && value.signum() == 0) {
                digits = "";
            }
            if (digits.length() < spec.precision) {
                digits = "0".repeat(spec.precision - digits.length()) + digits;
            }
        }
        String prefix = "";
        if (spec.alt) {
            if (conversion == 'o' && !digits.startsWith("0")) {
                digits = "0" + digits;
            } else if (conversion == 'x' && value.signum() != 0) {
                prefix = "0x";
            } else if (conversion == 'X' && value.signum() != 0) {
                prefix = "0X";
            }
        }
        return layout(prefix, digits, spec, spec.precision < 0);
    }

    private static String character(Object v) {
        if (v instanceof Double d) {
            int code = (int) (double) d;
            if (code < 0x80) {
                return String.valueOf((char) code);
            }
            return Character.isValidCodePoint(code) ? new String(Character.toChars(code)) : "";
        }
        String s = v instanceof StrNum sn ? sn.text : v.toString();
        if (s.isEmpty()) {
            return "";
        }
        return s.substring(0, Character.charCount(s.codePointAt(0)));
    }

    private static String floating(double d, char conversion, Spec spec) {
        boolean upper = Character.isUpperCase(conversion);
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return special(d, spec, upper);
        }
        int precision = spec.precision < 0 ? 6 : spec.precision;
        boolean negative = d < 0 || (d == 0 && 1 / d < 0);
        double abs = Math.abs(d);
        String body = switch (Character.toLowerCase(conversion)) {
            case 'f' -> fixed(abs, precision, spec.alt);
            case 'e' -> exponential(abs, precision, spec.alt, upper);
            case 'a' -> Double.toHexString(abs);
            default -> formatG(abs, precision, spec.alt, upper);
        };
        String sign = negative ? "-" : spec.plus ? "+" : spec.space ? " " : "";
        return layout(sign, body, spec, true);
    }

    static String fixed(double abs, int precision, boolean alt) {
        String s =
                new BigDecimal(abs).setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
        return alt && precision == 0 ? s + "." : s;
    }

    static String exponential(double abs, int precision, boolean alt, boolean upper) {
        String mantissa;
        int exponent;
        if (abs == 0) {
            mantissa = precision > 0 ? "0." + "0".repeat(precision) : "0";
            exponent = 0;
        } else {
            BigDecimal rounded = new BigDecimal(abs).round(new MathContext(precision + 1, RoundingMode.HALF_EVEN));
            String digits = rounded.unscaledValue().toString();
            exponent = digits.length() - 1 - rounded.scale();
            if (digits.length() < precision + 1) {
                digits = digits + "0".repeat(precision + 1 - digits.length());
            }
            digits = digits.substring(0, precision + 1);
            mantissa = precision > 0 ? digits.charAt(0) + "." + digits.substring(1) : digits;
        }
        if (alt && precision == 0) {
            mantissa += ".";
        }
        String exp = Integer.toString(Math.abs(exponent));
        if (exp.length() < 2) {
            exp = "0" + exp;
        }
        return mantissa + (upper ? "E" : "e") + (exponent < 0 ? "-" : "+") + exp;
    }

    /** %g: %e or %f by the exponent, trailing zeros removed unless {@code alt}. */
    public static String formatG(double d, int precision, boolean alt, boolean upper) {
        if (d < 0 || (d == 0 && 1 / d < 0)) {
            return "-" + formatG(-d, precision, alt, upper);
        }
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return Double.isNaN(d) ? "-nan" : "+inf";
        }
        int p = precision == 0 ? 1 : precision;
        int exponent;
        if (d == 0) {
            exponent = 0;
        } else {
            BigDecimal rounded = new BigDecimal(d).round(new MathContext(p, RoundingMode.HALF_EVEN));
            exponent = rounded.precision() - 1 - rounded.scale();
        }
        String s;
        if (exponent < -4 || exponent >= p) {
            s = exponential(d, p - 1, alt, upper);
            if (!alt) {
                int e = s.indexOf(upper ? 'E' : 'e');
                s = stripZeros(s.substring(0, e)) + s.substring(e);
            }
        } else {
            s = fixed(d, p - 1 - exponent, alt);
            if (!alt) {
                s = stripZeros(s);
            }
        }
        return s;
    }

    private static String stripZeros(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }
}
