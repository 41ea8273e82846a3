package dev.shellbox.shell.commands.utils.expr;

import dev.shellbox.shell.commands.utils.GnuMessages;
import dev.shellbox.shell.gnu.regex.BasicRegex;
import java.math.BigInteger;
import java.util.List;
import java.util.regex.Matcher;

/**
 * GNU expr's recursive-descent evaluator over the argument list, lowest precedence first: {@code |}, {@code &},
 * comparisons, {@code + -}, {@code * / %}, {@code :}, then the keywords {@code match substr index length +} and
 * parentheses. Operands of a short-circuited {@code |} or {@code &} are parsed without being evaluated.
 */
final class ExprEvaluator {
    /** A value is a BigInteger or a String, as in expr.c. */
    private final List<String> args;

    private int next;

    private ExprEvaluator(List<String> args) {
        this.args = args;
    }

    /** A failure with expr's message and exit status (2 for invalid expressions, 3 for other errors). */
    static final class ExprException extends Exception {
        final int status;

        ExprException(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    /** Evaluates the whole expression; the result is a BigInteger or a String. */
    static Object evaluate(List<String> args) throws ExprException {
        ExprEvaluator e = new ExprEvaluator(args);
        Object v = e.orExpression(true);
        if (e.next < args.size()) {
            throw syntax("unexpected argument " + quote(args.get(e.next)));
        }
        return v;
    }

    /** Whether a value counts as null/zero: empty, or an optional minus followed by zeros only. */
    static boolean isNull(Object v) {
        if (v instanceof BigInteger i) {
            return i.signum() == 0;
        }
        String s = (String) v;
        if (s.isEmpty()) {
            return true;
        }
        int i = s.charAt(0) == '-' ? 1 : 0;
        if (i == s.length()) {
            return false;
        }
        for (; i < s.length(); i++) {
            if (s.charAt(i) != '0') {
                return false;
            }
        }
        return true;
    }

    static String toText(Object v) {
        return v instanceof BigInteger i ? i.toString() : (String) v;
    }

    // ---- grammar ----

    private Object orExpression(boolean evaluate) throws ExprException {
        Object left = andExpression(evaluate);
        while (accept("|")) {
            Object right = andExpression(evaluate && isNull(left));
            if (isNull(left)) {
                left = isNull(right) ? BigInteger.ZERO : right;
            }
        }
        return left;
    }

    private Object andExpression(boolean evaluate) throws ExprException {
        Object left = comparison(evaluate);
        while (accept("&")) {
            Object right = comparison(evaluate && !isNull(left));
            if (isNull(left) || isNull(right)) {
                left = BigInteger.ZERO;
            }
        }
        return left;
    }

    private Object comparison(boolean evaluate) throws ExprException {
        Object left = additive(evaluate);
        while (true) {
            String op = acceptAny("<", "<=", "=", "==", "!=", ">=", ">");
            if (op == null) {
                return left;
            }
            Object right = additive(evaluate);
            if (evaluate) {
                int cmp = compare(left, right);
                boolean result = switch (op) {
                    case "<" -> cmp < 0;
                    case "<=" -> cmp <= 0;
                    case "=", "==" -> cmp == 0;
                    case "!=" -> cmp != 0;
                    case ">=" -> cmp >= 0;
                    default -> cmp > 0;
                };
                left = result ? BigInteger.ONE : BigInteger.ZERO;
            }
        }
    }

    private static int compare(Object left, Object right) {
        String l = toText(left);
        String r = toText(right);
        if (looksLikeInteger(l) && looksLikeInteger(r)) {
            return new BigInteger(l).compareTo(new BigInteger(r));
        }
        // strcoll in C.UTF-8 orders by code point, which is also the byte order of the UTF-8 encoding.
        return compareCodePoints(l, r);
    }

    private static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(byteOrder(ca), byteOrder(cb));
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }

    /** Invalid bytes (decoded as U+DC80..U+DCFF) sort by their byte value among UTF-8 lead bytes. */
    private static int byteOrder(int cp) {
        return cp >= 0xDC80 && cp <= 0xDCFF ? (cp - 0xDC00) << 16 : cp < 0x80 ? cp : 0x80 << 16 | cp;
    }

    private Object additive(boolean evaluate) throws ExprException {
        Object left = multiplicative(evaluate);
        while (true) {
            String op = acceptAny("+", "-");
            if (op == null) {
                return left;
            }
            Object right = multiplicative(evaluate);
            if (evaluate) {
                BigInteger l = toInteger(left);
                BigInteger r = toInteger(right);
                left = op.equals("+") ? l.add(r) : l.subtract(r);
            }
        }
    }

    private Object multiplicative(boolean evaluate) throws ExprException {
        Object left = match(evaluate);
        while (true) {
            String op = acceptAny("*", "/", "%");
            if (op == null) {
                return left;
            }
            Object right = match(evaluate);
            if (evaluate) {
                BigInteger l = toInteger(left);
                BigInteger r = toInteger(right);
                if (!op.equals("*") && r.signum() == 0) {
                    throw new ExprException(2, "division by zero");
                }
                // BigInteger divides and takes remainders truncating toward zero, like mpz_tdiv_q/r.
                left = op.equals("*") ? l.multiply(r) : op.equals("/") ? l.divide(r) : l.remainder(r);
            }
        }
    }

    private Object match(boolean evaluate) throws ExprException {
        Object left = primary(evaluate);
        while (accept(":")) {
            Object right = primary(evaluate);
            if (evaluate) {
                left = colon(left, right);
            }
        }
        return left;
    }

    private Object primary(boolean evaluate) throws ExprException {
        if (accept("+")) {
            requireMoreArgs();
            return args.get(next++);
        }
        if (accept("length")) {
            String s = toText(primary(evaluate));
            return BigInteger.valueOf(s.codePointCount(0, s.length()));
        }
        if (accept("match")) {
            Object l = primary(evaluate);
            Object r = primary(evaluate);
            return evaluate ? colon(l, r) : BigInteger.ZERO;
        }
        if (accept("index")) {
            String s = toText(primary(evaluate));
            String chars = toText(primary(evaluate));
            return BigInteger.valueOf(index(s, chars));
        }
        if (accept("substr")) {
            String s = toText(primary(evaluate));
            Object pos = primary(evaluate);
            Object len = primary(evaluate);
            return substring(s, pos, len);
        }
        return atom(evaluate);
    }

    private Object atom(boolean evaluate) throws ExprException {
        requireMoreArgs();
        if (accept("(")) {
            Object v = orExpression(evaluate);
            if (next >= args.size()) {
                throw syntax("expecting ')' after " + quote(args.get(next - 1)));
            }
            if (!accept(")")) {
                throw syntax("expecting ')' instead of " + quote(args.get(next)));
            }
            return v;
        }
        if (accept(")")) {
            throw syntax("unexpected ')'");
        }
        return args.get(next++);
    }

    // ---- operations ----

    private static Object colon(Object subject, Object regex) throws ExprException {
        String s = toText(subject);
        BasicRegex.Compiled compiled;
        try {
            compiled = BasicRegex.compile(toText(regex));
        } catch (BasicRegex.RegexException e) {
            throw new ExprException(2, e.getMessage());
        }
        Matcher m = compiled.pattern().matcher(s).useAnchoringBounds(false).useTransparentBounds(true);
        int end = longestMatchAtStart(m, s.length());
        if (end < 0) {
            return compiled.groups() > 0 ? "" : BigInteger.ZERO;
        }
        if (compiled.groups() > 0) {
            return m.group(1) == null ? "" : m.group(1);
        }
        return BigInteger.valueOf(s.codePointCount(0, end));
    }

    /**
     * The end of the longest match anchored at the start (POSIX semantics), leaving {@code m} on it; -1 when none.
     * Java's backtracking finds the first alternative that matches, so longer ends are tried explicitly.
     */
    private static int longestMatchAtStart(Matcher m, int length) {
        if (!m.lookingAt()) {
            return -1;
        }
        int first = m.end();
        for (int end = length; end > first; end--) {
            m.region(0, end);
            if (m.matches()) {
                return end;
            }
        }
        m.region(0, length);
        m.lookingAt();
        return first;
    }

    private static long index(String s, String chars) {
        long position = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            position++;
            if (chars.indexOf(Character.toString(cp)) >= 0) {
                return position;
            }
            i += Character.charCount(cp);
        }
        return 0;
    }

    private static String substring(String s, Object pos, Object len) {
        String p = toText(pos);
        String l = toText(len);
        if (!looksLikeInteger(p) || !looksLikeInteger(l)) {
            return "";
        }
        long start = size(new BigInteger(p));
        long count = size(new BigInteger(l));
        long length = s.codePointCount(0, s.length());
        if (length < start || start == 0 || count == 0 || count == Long.MAX_VALUE) {
            return "";
        }
        long take = Math.min(count, length - start + 1);
        int from = s.offsetByCodePoints(0, (int) (start - 1));
        int to = s.offsetByCodePoints(from, (int) take);
        return s.substring(from, to);
    }

    /** expr.c's getsize: negative values become "too big" (SIZE_MAX), huge ones just below it. */
    private static long size(BigInteger i) {
        if (i.signum() < 0) {
            return Long.MAX_VALUE;
        }
        return i.bitLength() < 63 ? i.longValue() : Long.MAX_VALUE - 1;
    }

    private static BigInteger toInteger(Object v) throws ExprException {
        if (v instanceof BigInteger i) {
            return i;
        }
        String s = (String) v;
        if (!looksLikeInteger(s)) {
            throw new ExprException(2, "non-integer argument");
        }
        return new BigInteger(s);
    }

    /** An optional minus sign followed by one or more ASCII digits, nothing else. */
    static boolean looksLikeInteger(String s) {
        int i = !s.isEmpty() && s.charAt(0) == '-' ? 1 : 0;
        if (i == s.length()) {
            return false;
        }
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    // ---- tokens ----

    private boolean accept(String token) {
        if (next < args.size() && args.get(next).equals(token)) {
            next++;
            return true;
        }
        return false;
    }

    private String acceptAny(String... tokens) {
        for (String t : tokens) {
            if (accept(t)) {
                return t;
            }
        }
        return null;
    }

    private void requireMoreArgs() throws ExprException {
        if (next >= args.size()) {
            throw syntax("missing argument after " + quote(args.get(next - 1)));
        }
    }

    private static ExprException syntax(String message) {
        return new ExprException(2, "syntax error: " + message);
    }

    private static String quote(String s) {
        return GnuMessages.quote(s);
    }
}
