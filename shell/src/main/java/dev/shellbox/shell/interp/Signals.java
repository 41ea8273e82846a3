package dev.shellbox.shell.interp;

/** Linux signal names and numbers, and the pseudo-signals of {@code trap}. */
final class Signals {
    private static final String[] NAMES = {
        "EXIT", "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1", "SEGV", "USR2", "PIPE",
        "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU", "URG", "XCPU", "XFSZ", "VTALRM",
        "PROF", "WINCH", "IO", "PWR", "SYS"
    };

    private Signals() {}

    /** The name without SIG for a number ("EXIT" for 0), or null. */
    static String name(int n) {
        return n >= 0 && n < NAMES.length ? NAMES[n] : null;
    }

    static int count() {
        return NAMES.length;
    }

    /**
     * The number for a signal spec: a number, a name with or without SIG (any case), or -1. The trap pseudo-signals
     * ERR, DEBUG and RETURN give -2, -3, -4.
     */
    static int number(String spec) {
        if (spec.isEmpty()) {
            return -1;
        }
        if (spec.chars().allMatch(Character::isDigit)) {
            try {
                int n = Integer.parseInt(spec);
                return n < NAMES.length ? n : -1;
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        String s = spec.toUpperCase();
        if (s.startsWith("SIG")) {
            s = s.substring(3);
        }
        switch (s) {
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
                break;
        }
        for (int i = 0; i < NAMES.length; i++) {
            if (NAMES[i].equals(s)) {
                return i;
            }
        }
        return -1;
    }

    /** The trap key for a signal spec ("INT", "EXIT", "ERR"), or null when invalid. */
    static String trapName(String spec) {
        int n = number(spec);
        return switch (n) {
            case -1 -> null;
            case -2 -> "ERR";
            case -3 -> "DEBUG";
            case -4 -> "RETURN";
            default -> NAMES[n];
        };
    }

    /** Signals whose default action is to do nothing (or to stop, which a sandboxed shell ignores). */
    static boolean isIgnoredByDefault(int n) {
        return n == 17 || n == 18 || n == 19 || n == 20 || n == 21 || n == 22 || n == 23 || n == 28;
    }

    /** What bash prints for a job killed by signal n ("Terminated", "Killed", ...). */
    static String description(int n) {
        return switch (n) {
            case 1 -> "Hangup";
            case 2 -> "Interrupt";
            case 3 -> "Quit";
            case 6 -> "Aborted";
            case 9 -> "Killed";
            case 10 -> "User defined signal 1";
            case 12 -> "User defined signal 2";
            case 13 -> "Broken pipe";
            case 14 -> "Alarm clock";
            case 15 -> "Terminated";
            default -> "Signal " + n;
        };
    }
}
