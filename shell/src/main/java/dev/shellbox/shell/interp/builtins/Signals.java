package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.gnu.signal.Signal;

/**
 * Signal specs as bash's {@code trap} and {@code kill} read them: the standard signals of {@link Signal}
 * plus the trap pseudo-signals EXIT (0), ERR, DEBUG and RETURN.
 */
public final class Signals {
    private static final int COUNT = Signal.LAST_STANDARD + 1;

    private Signals() {}

    /** The name without SIG for a number ("EXIT" for 0), or null. */
    public static String name(int n) {
        return n == 0 ? "EXIT" : Signal.standardName(n);
    }

    public static int count() {
        return COUNT;
    }

    /**
     * The number for a signal spec: a number, a name with or without SIG (any case), or -1. The trap pseudo-signals
     * ERR, DEBUG and RETURN give -2, -3, -4.
     */
    public static int number(String spec) {
        if (spec.isEmpty()) {
            return -1;
        }
        if (spec.chars().allMatch(Character::isDigit)) {
            try {
                int n = Integer.parseInt(spec);
                return n < COUNT ? n : -1;
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        String s = spec.toUpperCase();
        if (s.startsWith("SIG")) {
            s = s.substring(3);
        }
        switch (s) {
            case "EXIT":
                return 0;
            case "ERR":
                return -2;
            case "DEBUG":
                return -3;
            case "RETURN":
                return -4;
            case "IOT":
                return 6;
            case "POLL":
                return 29;
            default:
                return Signal.standardNumber(s);
        }
    }

    /** The trap key for a signal spec ("INT", "EXIT", "ERR"), or null when invalid. */
    public static String trapName(String spec) {
        int n = number(spec);
        return switch (n) {
            case -1 -> null;
            case -2 -> "ERR";
            case -3 -> "DEBUG";
            case -4 -> "RETURN";
            default -> name(n);
        };
    }

    public static boolean isIgnoredByDefault(int n) {
        return Signal.isIgnoredByDefault(n);
    }

    public static String description(int n) {
        return Signal.description(n);
    }
}
