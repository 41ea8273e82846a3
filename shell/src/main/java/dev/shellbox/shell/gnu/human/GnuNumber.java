package dev.shellbox.shell.gnu.human;

/**
 * Parses counts the way gnulib's xstrtoumax does: optional leading blanks, decimal digits (or none when a suffix
 * follows: {@code K} means 1024) and a multiplier suffix such as {@code b} (512), {@code K}/{@code KiB} (1024),
 * {@code kB} (1000), {@code M}, {@code MB}, {@code G} ... {@code Q}.
 */
public final class GnuNumber {
    /** Why a count was refused. */
    public enum Problem {
        INVALID,
        /** Too large: GNU adds "Value too large for defined data type". */
        OVERFLOW
    }

    /** A refused count. */
    public static final class NumberException extends Exception {
        private final Problem problem;

        public NumberException(Problem problem) {
            super(problem.name(), null, false, false);
            this.problem = problem;
        }

        public Problem problem() {
            return problem;
        }
    }

    /** The suffixes head, tail, split and most coreutils accept. */
    public static final String SIZE_SUFFIXES = "bkKmMGTPEZYRQ0";

    private static final String POWERS = "KMGTPEZYRQ";

    private GnuNumber() {}

    /**
     * Parses an unsigned count; {@code suffixes} lists the multiplier letters allowed, with {@code 0} meaning that
     * {@code B} and {@code iB} may follow them.
     */
    public static long parse(String text, String suffixes) throws NumberException {
        int i = 0;
        int n = text.length();
        while (i < n && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        if (i < n && text.charAt(i) == '-') {
            throw new NumberException(Problem.INVALID);
        }
        if (i < n && text.charAt(i) == '+') {
            i++;
        }
        int digitsStart = i;
        long value = 0;
        boolean overflow = false;
        while (i < n && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
            int d = text.charAt(i++) - '0';
            if (value > (Long.MAX_VALUE - d) / 10) {
                overflow = true;
            } else {
                value = value * 10 + d;
            }
        }
        if (i == digitsStart) {
            if (i == n || suffixes.indexOf(text.charAt(i)) < 0) {
                throw new NumberException(Problem.INVALID);
            }
            value = 1;
        }
        if (i < n) {
            char suffix = text.charAt(i);
            if (suffixes.indexOf(suffix) < 0) {
                throw new NumberException(Problem.INVALID);
            }
            i++;
            int base = 1024;
            if (suffixes.indexOf('0') >= 0 && i < n) {
                if (text.charAt(i) == 'i' && i + 1 < n && text.charAt(i + 1) == 'B') {
                    i += 2;
                } else if (text.charAt(i) == 'B' || text.charAt(i) == 'D') {
                    base = 1000;
                    i++;
                }
            }
            long multiplier = multiplier(suffix, base);
            if (multiplier < 0) {
                throw new NumberException(Problem.INVALID);
            }
            if (multiplier == 0 || value > Long.MAX_VALUE / multiplier) {
                overflow = true;
            } else {
                value *= multiplier;
            }
            if (i < n) {
                throw new NumberException(Problem.INVALID);
            }
        }
        if (overflow) {
            throw new NumberException(Problem.OVERFLOW);
        }
        return value;
    }

    /** The multiplier of a suffix letter; 0 when it overflows a long, -1 when unknown. */
    private static long multiplier(char suffix, int base) {
        switch (suffix) {
            case 'b':
                return 512;
            case 'B':
                return 1024;
            case 'c':
                return 1;
            case 'w':
                return 2;
            case 'k':
                return base;
            case 'm':
            case 'g':
            case 't':
                return power(base, POWERS.indexOf(Character.toUpperCase(suffix)) + 1);
            default:
                int p = POWERS.indexOf(suffix);
                return p < 0 ? -1 : power(base, p + 1);
        }
    }

    private static long power(int base, int exponent) {
        long v = 1;
        for (int i = 0; i < exponent; i++) {
            if (v > Long.MAX_VALUE / base) {
                return 0;
            }
            v *= base;
        }
        return v;
    }
}
