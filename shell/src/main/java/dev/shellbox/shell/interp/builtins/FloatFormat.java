package dev.shellbox.shell.interp.builtins;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** C's floating point conversions (%e %f %g %a) for printf. */
final class FloatFormat {
    private FloatFormat() {}

    static String format(char conv, String flags, Integer precision, double v) {
        boolean upper = Character.isUpperCase(conv);
        String sign = v < 0 || (v == 0 && 1 / v < 0) ? "-" : flags.contains("+") ? "+" : flags.contains(" ") ? " " : "";
        double a = Math.abs(v);
        String body;
        if (Double.isNaN(v)) {
            body = "nan";
            sign = flags.contains("+") ? "+" : flags.contains(" ") ? " " : "";
        } else if (Double.isInfinite(v)) {
            body = "inf";
        } else {
            int p = precision == null ? 6 : precision;
            switch (Character.toLowerCase(conv)) {
                case 'f' -> body = fixed(a, p, flags.contains("#"));
                case 'e' -> body = exponent(a, p, flags.contains("#"));
                case 'g' -> body = general(a, p, flags.contains("#"));
                default -> body = hex(a, precision);
            }
        }
        String s = sign + body;
        return upper ? s.toUpperCase() : s;
    }

    private static String fixed(double a, int p, boolean alt) {
        String s = new BigDecimal(a).setScale(p, RoundingMode.HALF_EVEN).toPlainString();
        if (p == 0 && alt) {
            s += ".";
        }
        return s;
    }

    private static String exponent(double a, int p, boolean alt) {
        if (a == 0) {
            StringBuilder sb = new StringBuilder("0");
            if (p > 0 || alt) {
                sb.append('.');
            }
            for (int i = 0; i < p; i++) {
                sb.append('0');
            }
            return sb.append("e+00").toString();
        }
        BigDecimal bd = new BigDecimal(a);
        int exp = bd.precision() - bd.scale() - 1;
        BigDecimal mant = bd.movePointLeft(exp).setScale(p, RoundingMode.HALF_EVEN);
        if (mant.compareTo(BigDecimal.TEN) >= 0) {
            exp++;
            mant = bd.movePointLeft(exp).setScale(p, RoundingMode.HALF_EVEN);
        }
        String m = mant.toPlainString();
        if (p == 0 && alt) {
            m += ".";
        }
        String e = Integer.toString(Math.abs(exp));
        if (e.length() < 2) {
            e = "0" + e;
        }
        return m + "e" + (exp < 0 ? "-" : "+") + e;
    }

    private static String general(double a, int p, boolean alt) {
        if (p == 0) {
            p = 1;
        }
        if (a == 0) {
            return alt ? exponentFree(p) : "0";
        }
        String e = exponent(a, p - 1, false);
        int exp = Integer.parseInt(e.substring(e.indexOf('e') + 1));
        String s;
        if (exp < -4 || exp >= p) {
            s = exponent(a, p - 1, alt);
            if (!alt) {
                String mant = s.substring(0, s.indexOf('e'));
                s = stripZeros(mant) + s.substring(s.indexOf('e'));
            }
        } else {
            s = fixed(a, p - 1 - exp, alt);
            if (!alt) {
                s = stripZeros(s);
            }
        }
        return s;
    }

    private static String exponentFree(int p) {
        StringBuilder sb = new StringBuilder("0.");
        for (int i = 1; i < p; i++) {
            sb.append('0');
        }
        return sb.toString();
    }

    private static String stripZeros(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == '0') {
            end--;
        }
        if (end > 0 && s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }

    private static String hex(double a, Integer precision) {
        if (a == 0) {
            return "0x0p+0";
        }
        long bits = Double.doubleToLongBits(a);
        int exp = (int) ((bits >> 52) & 0x7ff) - 1023;
        long mant = bits & 0xfffffffffffffL;
        String frac = Long.toHexString(mant);
        while (frac.length() < 13) {
            frac = "0" + frac;
        }
        frac = frac.replaceAll("0+$", "");
        return "0x1" + (frac.isEmpty() ? "" : "." + frac) + "p" + (exp < 0 ? "-" : "+") + Math.abs(exp);
    }
}
