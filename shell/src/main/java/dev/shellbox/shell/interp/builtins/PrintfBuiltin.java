package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.expand.Quoting;
import dev.shellbox.shell.gnu.time.Strftime;
import dev.shellbox.shell.interp.Variable;
import dev.shellbox.shell.io.Text;
import dev.shellbox.shell.syntax.Names;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;

/** {@code printf [-v var] format [arguments]}, with bash's conversions and number parsing. */
final class PrintfBuiltin implements Builtin {

    @Override
    public int run(BuiltinContext sh, List<String> argv) throws IOException {
        String var = null;
        BuiltinOptions o = new BuiltinOptions(argv, "v:", "printf [-v var] format [arguments]");
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            if (c == 'v') {
                var = o.argument();
            } else {
                return o.fail(sh);
            }
        }
        int i = o.index();
        if (i >= argv.size()) {
            return o.usage(sh);
        }
        if (var != null && !Names.isName(var.replaceAll("\\[.*\\]$", ""))) {
            sh.error("printf", "`" + var + "': not a valid identifier");
            return 2;
        }
        String format = argv.get(i);
        List<String> args = argv.subList(i + 1, argv.size());
        Formatter f = new Formatter(sh, args);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        do {
            int before = f.next;
            if (f.formatOnce(format, out)) {
                break;
            }
            if (f.next == before) {
                break;
            }
        } while (f.next < args.size());
        if (var != null) {
            String value = Text.decode(out.toByteArray());
            int bracket = var.indexOf('[');
            if (bracket > 0 && var.endsWith("]")) {
                String name = var.substring(0, bracket);
                String sub = var.substring(bracket + 1, var.length() - 1);
                Variable v = sh.lookup(name);
                if (v != null && v.isAssociativeArray()) {
                    sh.assignElement(name, 0, sub, value);
                } else {
                    sh.assignElement(name, sh.arithmetic(sub), null, value);
                }
            } else if (!sh.assign(var, value)) {
                return 1;
            }
            return f.status;
        }
        OutputStream stdout = sh.output(1);
        if (stdout == null) {
            sh.error("printf", "write error: Bad file descriptor");
            return 1;
        }
        out.writeTo(stdout);
        stdout.flush();
        return f.status;
    }

    /** Applies a format to arguments, consuming them. */
    static final class Formatter {
        private final BuiltinContext sh;
        private final List<String> args;
        int next;
        int status;

        Formatter(BuiltinContext sh, List<String> args) {
            this.sh = sh;
            this.args = args;
        }

        private String nextArg() {
            return next < args.size() ? args.get(next++) : null;
        }

        private void missingUnicodeDigit(char escape) {
            sh.error("printf", "missing unicode digit for \\" + escape);
        }

        /** Formats once; true when output must stop ({@code \c} in %b). */
        boolean formatOnce(String fmt, ByteArrayOutputStream out) {
            int n = fmt.length();
            int i = 0;
            while (i < n) {
                char c = fmt.charAt(i);
                if (c == '\\') {
                    int end = escapeEnd(fmt, i);
                    if (fmt.charAt(i + 1 < n ? i + 1 : i) == 'c' && i + 1 < n) {
                        return true;
                    }
                    Escapes.decode(fmt.substring(i, end), out, false, false, this::missingUnicodeDigit);
                    i = end;
                    continue;
                }
                if (c != '%') {
                    int j = i + 1;
                    while (j < n && fmt.charAt(j) != '%' && fmt.charAt(j) != '\\') {
                        j++;
                    }
                    Text.encodeTo(fmt.substring(i, j), out);
                    i = j;
                    continue;
                }
                if (i + 1 < n && fmt.charAt(i + 1) == '%') {
                    out.write('%');
                    i += 2;
                    continue;
                }
                int j = i + 1;
                StringBuilder flags = new StringBuilder();
                while (j < n && "-+ #0'".indexOf(fmt.charAt(j)) >= 0) {
                    flags.append(fmt.charAt(j++));
                }
                Integer width = null;
                if (j < n && fmt.charAt(j) == '*') {
                    width = (int) number(nextArg());
                    j++;
                } else {
                    int ws = j;
                    while (j < n && Character.isDigit(fmt.charAt(j))) {
                        j++;
                    }
                    if (j > ws) {
                        width = Integer.parseInt(fmt.substring(ws, j));
                    }
                }
                Integer precision = null;
                if (j < n && fmt.charAt(j) == '.') {
                    j++;
                    if (j < n && fmt.charAt(j) == '*') {
                        precision = (int) number(nextArg());
                        j++;
                    } else {
                        int ps = j;
                        while (j < n && Character.isDigit(fmt.charAt(j))) {
                            j++;
                        }
                        precision = j > ps ? Integer.parseInt(fmt.substring(ps, j)) : 0;
                    }
                }
                while (j < n && "hlLjzt".indexOf(fmt.charAt(j)) >= 0) {
                    j++;
                }
                if (j >= n) {
                    sh.error("printf", "`" + fmt.substring(i) + "': missing format character");
                    status = 1;
                    return true;
                }
                char conv = fmt.charAt(j);
                if (width != null && width < 0) {
                    flags.append('-');
                    width = -width;
                }
                if (conv == '(') {
                    int close = fmt.indexOf(")T", j);
                    if (close < 0) {
                        sh.error("printf", "`(': invalid format character");
                        status = 1;
                        return true;
                    }
                    String timeFmt = fmt.substring(j + 1, close);
                    String arg = nextArg();
                    String s = strftime(timeFmt, arg);
                    if (Text.encode(s).length >= 128) {
                        s = "";
                    }
                    pad(out, s, flags.toString(), width, precision);
                    i = close + 2;
                    continue;
                }
                if (!convert(conv, flags.toString(), width, precision, out)) {
                    return true;
                }
                i = j + 1;
            }
            return false;
        }

        private static int escapeEnd(String fmt, int i) {
            int n = fmt.length();
            if (i + 1 >= n) {
                return n;
            }
            char e = fmt.charAt(i + 1);
            int j = i + 2;
            if (e >= '0' && e <= '7') {
                while (j < n && j < i + 4 && fmt.charAt(j) >= '0' && fmt.charAt(j) <= '7') {
                    j++;
                }
            } else if (e == 'x') {
                while (j < n && j < i + 4 && Character.digit(fmt.charAt(j), 16) >= 0) {
                    j++;
                }
            } else if (e == 'u' || e == 'U') {
                int max = e == 'u' ? 4 : 8;
                while (j < n && j < i + 2 + max && Character.digit(fmt.charAt(j), 16) >= 0) {
                    j++;
                }
            }
            return j;
        }

        private boolean convert(char conv, String flags, Integer width, Integer precision, ByteArrayOutputStream out) {
            switch (conv) {
                case 's': {
                    String a = nextArg();
                    pad(out, a == null ? "" : a, flags, width, precision);
                    return true;
                }
                case 'b': {
                    String a = nextArg();
                    ByteArrayOutputStream tmp = new ByteArrayOutputStream();
                    boolean stop = Escapes.decode(a == null ? "" : a, tmp, false, true, this::missingUnicodeDigit);
                    pad(out, Text.decode(tmp.toByteArray()), flags, width, precision);
                    return !stop;
                }
                case 'q': {
                    String a = nextArg();
                    pad(out, Quoting.backslash(a == null ? "" : a), flags, width, precision);
                    return true;
                }
                case 'c': {
                    String a = nextArg();
                    byte[] bytes = a == null ? new byte[0] : Text.encode(a);
                    String s = bytes.length == 0 ? "" : Text.decode(bytes, 0, 1);
                    pad(out, s, flags, width, null);
                    return true;
                }
                case 'd':
                case 'i': {
                    long v = number(nextArg(), false);
                    String f = precision != null ? flags.replace("0", "") : flags;
                    padNumber(out, integer(Long.toString(v), flags, precision), f, width);
                    return true;
                }
                case 'u':
                case 'o':
                case 'x':
                case 'X': {
                    long v = number(nextArg(), true);
                    String digits = switch (conv) {
                        case 'u' -> Long.toUnsignedString(v);
                        case 'o' -> Long.toOctalString(v);
                        case 'x' -> Long.toHexString(v);
                        default -> Long.toHexString(v).toUpperCase();
                    };
                    if (flags.contains("#") && v != 0) {
                        digits = switch (conv) {
                            case 'o' -> "0" + digits;
                            case 'x' -> "0x" + digits;
                            case 'X' -> "0X" + digits;
                            default -> digits;
                        };
                    }
                    if (precision != null) {
                        StringBuilder sb = new StringBuilder();
                        for (int k = digits.length(); k < precision; k++) {
                            sb.append('0');
                        }
                        digits = sb + digits;
                    }
                    padNumber(out, digits, flags.replace("+", "").replace(" ", ""), width);
                    return true;
                }
                case 'e':
                case 'E':
                case 'f':
                case 'F':
                case 'g':
                case 'G':
                case 'a':
                case 'A': {
                    double v = floating(nextArg());
                    padNumber(out, FloatFormat.format(conv, flags, precision, v), flags, width);
                    return true;
                }
                default:
                    sh.error("printf", "`" + conv + "': invalid format character");
                    status = 1;
                    return false;
            }
        }

        private static String integer(String digits, String flags, Integer precision) {
            boolean negative = digits.startsWith("-");
            String body = negative ? digits.substring(1) : digits;
            if (precision != null) {
                StringBuilder sb = new StringBuilder();
                for (int k = body.length(); k < precision; k++) {
                    sb.append('0');
                }
                body = sb + body;
                if (precision == 0 && body.equals("0")) {
                    body = "";
                }
            }
            String sign = negative ? "-" : flags.contains("+") ? "+" : flags.contains(" ") ? " " : "";
            return sign + body;
        }

        private static void padNumber(ByteArrayOutputStream out, String s, String flags, Integer width) {
            pad(out, s, flags, width, null, true);
        }

        private static void pad(ByteArrayOutputStream out, String s, String flags, Integer width, Integer precision) {
            pad(out, s, flags.replace("0", ""), width, precision, false);
        }

        /** Pads {@code s} to {@code width}: left-justified with '-', zero-filled with '0' (after any sign). */
        private static void pad(
                ByteArrayOutputStream out, String s, String flags, Integer width, Integer precision, boolean numeric) {
            if (precision != null && s.codePointCount(0, s.length()) > precision) {
                s = s.substring(0, s.offsetByCodePoints(0, precision));
            }
            int len = s.codePointCount(0, s.length());
            if (width == null || len >= width) {
                Text.encodeTo(s, out);
                return;
            }
            StringBuilder sb = new StringBuilder();
            if (flags.contains("-")) {
                sb.append(s);
                for (int k = len; k < width; k++) {
                    sb.append(' ');
                }
            } else if (numeric && flags.contains("0") && !s.isEmpty() && isNumeric(s)) {
                int signLen = s.startsWith("-") || s.startsWith("+") || s.startsWith(" ") ? 1 : 0;
                if (s.startsWith("0x", signLen) || s.startsWith("0X", signLen)) {
                    signLen += 2;
                }
                sb.append(s, 0, signLen);
                for (int k = len; k < width; k++) {
                    sb.append('0');
                }
                sb.append(s.substring(signLen));
            } else {
                for (int k = len; k < width; k++) {
                    sb.append(' ');
                }
                sb.append(s);
            }
            Text.encodeTo(sb, out);
        }

        private static boolean isNumeric(String s) {
            char c = s.charAt(s.length() - 1);
            return Character.isDigit(c)
                    || Character.isLetter(c) && "abcdefABCDEF".indexOf(c) >= 0
                    || c == '.'
                    || s.endsWith("inf")
                    || s.endsWith("nan");
        }

        /** The value of a character constant {@code 'c}: its code point, or the byte of invalid UTF-8. */
        private static long charCode(String rest) {
            byte[] b = Text.encode(rest);
            if (b.length == 0) {
                return 0;
            }
            int lead = b[0] & 0xff;
            int need = lead >= 0xF0 && lead <= 0xF7 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC2 ? 1 : 0;
            if (lead < 0x80 || need == 0 || b.length <= need) {
                return lead;
            }
            long cp = lead & (0x3F >> need);
            for (int k = 1; k <= need; k++) {
                if ((b[k] & 0xC0) != 0x80) {
                    return lead;
                }
                cp = (cp << 6) | (b[k] & 0x3F);
            }
            long min = need == 1 ? 0x80 : need == 2 ? 0x800 : 0x10000;
            return cp < min ? lead : cp;
        }

        long number(String a) {
            return number(a, false);
        }

        /**
         * Parses a numeric argument as bash does ({@code strtoimax}, or {@code strtoumax} for unsigned conversions):
         * reports invalid numbers and uses the parsed prefix; out-of-range values saturate.
         */
        long number(String a, boolean unsigned) {
            if (a == null || a.isEmpty()) {
                return 0;
            }
            String s = a;
            if (s.charAt(0) == '\'' || s.charAt(0) == '"') {
                return s.length() == 1 ? 0 : charCode(s.substring(1));
            }
            String t = s.stripLeading();
            int i = 0;
            boolean negative = false;
            if (i < t.length() && (t.charAt(i) == '-' || t.charAt(i) == '+')) {
                negative = t.charAt(i) == '-';
                i++;
            }
            int base = 10;
            if (t.startsWith("0x", i) || t.startsWith("0X", i)) {
                base = 16;
                i += 2;
            } else if (t.startsWith("0", i) && t.length() > i + 1) {
                base = 8;
                i++;
            }
            int start = i;
            java.math.BigInteger v = java.math.BigInteger.ZERO;
            java.math.BigInteger b = java.math.BigInteger.valueOf(base);
            while (i < t.length() && Character.digit(t.charAt(i), base) >= 0) {
                v = v.multiply(b).add(java.math.BigInteger.valueOf(Character.digit(t.charAt(i), base)));
                i++;
            }
            boolean noDigits = i == start && base != 8;
            if (i < t.length() || noDigits) {
                sh.error("printf", a + ": invalid number");
                status = 1;
            }
            if (negative) {
                v = v.negate();
            }
            if (unsigned) {
                java.math.BigInteger max =
                        java.math.BigInteger.ONE.shiftLeft(64).subtract(java.math.BigInteger.ONE);
                if (v.abs().compareTo(max) > 0) {
                    return -1L;
                }
                return v.longValue();
            }
            if (v.bitLength() > 63) {
                return v.signum() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
            }
            return v.longValue();
        }

        double floating(String a) {
            if (a == null) {
                return 0;
            }
            String s = a.strip();
            if (s.length() >= 2 && (s.charAt(0) == '\'' || s.charAt(0) == '"')) {
                return s.codePointAt(1);
            }
            try {
                if (s.startsWith("0x") || s.startsWith("0X")) {
                    return Long.parseLong(s.substring(2), 16);
                }
                String lower = s.toLowerCase();
                if (lower.equals("inf") || lower.equals("+inf") || lower.equals("infinity")) {
                    return Double.POSITIVE_INFINITY;
                }
                if (lower.equals("-inf") || lower.equals("-infinity")) {
                    return Double.NEGATIVE_INFINITY;
                }
                if (lower.equals("nan")) {
                    return Double.NaN;
                }
                return new BigDecimal(s).doubleValue();
            } catch (NumberFormatException e) {
                int end = 0;
                while (end < s.length() && (Character.isDigit(s.charAt(end)) || ".-+eE".indexOf(s.charAt(end)) >= 0)) {
                    end++;
                }
                sh.error("printf", a + ": invalid number");
                status = 1;
                try {
                    return end == 0 ? 0 : Double.parseDouble(s.substring(0, end));
                } catch (NumberFormatException e2) {
                    return 0;
                }
            }
        }

        private String strftime(String fmt, String arg) {
            long epoch;
            if (arg == null || arg.isEmpty() || arg.equals("-1")) {
                epoch = sh.currentTimeMillis() / 1000;
            } else if (arg.equals("-2")) {
                epoch = sh.startTimeMillis() / 1000;
            } else {
                epoch = number(arg);
            }
            ZoneId zone;
            String tz = sh.environment().get("TZ");
            try {
                zone = tz == null || tz.isEmpty() ? ZoneId.of("UTC") : ZoneId.of(tz);
            } catch (RuntimeException e) {
                zone = ZoneId.of("UTC");
            }
            ZonedDateTime t = Instant.ofEpochSecond(epoch).atZone(zone);
            return Strftime.strftime(fmt.isEmpty() ? "%X" : fmt, t);
        }
    }
}
