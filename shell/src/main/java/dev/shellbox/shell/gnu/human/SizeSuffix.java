package dev.shellbox.shell.gnu.human;

/**
 * Sizes with GNU's multiplier suffixes ({@code 10K}, {@code 1MiB}, {@code 5MB}, {@code 2G}), as xstrtoimax parses them
 * for {@code truncate -s} and friends: K, M, G, T, P, E (also lower case k, m, g, t) are powers of 1024, a following
 * {@code B} makes them powers of 1000 and {@code iB} keeps 1024.
 */
public final class SizeSuffix {
    private static final String POWERS = "KMGTPEZY";

    private SizeSuffix() {}

    /** How a block size was given, as du and df name it in their message: {@code -B} or {@code --block-size}. */
    public static String optionName(java.util.List<String> args) {
        String name = "-B";
        for (String a : args) {
            if (a.equals("--")) {
                break;
            }
            if (a.startsWith("--bl")) {
                name = "--block-size";
            } else if (a.startsWith("-B")) {
                name = "-B";
            }
        }
        return name;
    }

    /** The value of {@code text} (digits and an optional suffix), or null when invalid or out of range. */
    public static Long parse(String text) {
        String s = text.stripLeading();
        int i = 0;
        if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digitsStart = i;
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
            i++;
        }
        if (i == digitsStart) {
            return null;
        }
        long value;
        try {
            value = Long.parseLong(s.substring(0, i));
        } catch (NumberFormatException e) {
            return null;
        }
        String suffix = s.substring(i);
        if (suffix.isEmpty()) {
            return value;
        }
        int power = POWERS.indexOf(Character.toUpperCase(suffix.charAt(0))) + 1;
        if (power == 0 || (Character.isLowerCase(suffix.charAt(0)) && "kmgt".indexOf(suffix.charAt(0)) < 0)) {
            return null;
        }
        long base;
        switch (suffix.substring(1)) {
            case "", "iB" -> base = 1024;
            case "B" -> base = 1000;
            default -> {
                return null;
            }
        }
        try {
            for (int p = 0; p < power; p++) {
                value = Math.multiplyExact(value, base);
            }
        } catch (ArithmeticException e) {
            return null;
        }
        return value;
    }
}
